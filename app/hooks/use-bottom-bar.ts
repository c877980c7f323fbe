import { useCallback } from 'react';
import { keepClearOf } from '#app/lib/bottom-bars.ts';

/** A ref for a bottom bar: while it is mounted, floating layers keep clear of it (app/lib/bottom-bars.ts). */
export function useBottomBar() {
  return useCallback((bar: HTMLElement | null) => (bar ? keepClearOf(bar) : undefined), []);
}

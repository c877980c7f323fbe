import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, for what exists only after a tap (never in the server's HTML):
 * null on the server and while hydrating, so a part rendered from it must look the same either way.
 * Layout itself stays in CSS breakpoints.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
    () => null,
  );
}

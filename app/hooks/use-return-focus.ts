import { useRef } from 'react';

/**
 * Handlers for a Radix dialog's content: focus goes back to whatever had it when the dialog opened
 * (its trigger), remembered as the dialog opens rather than left to the order in which the renderer
 * runs effects.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body
          ? document.activeElement
          : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

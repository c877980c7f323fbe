import { useRef } from 'react';

/** Whether a popover is shown (false where the browser has no popovers). */
function shown(element: HTMLElement | null): boolean {
  try {
    return element?.matches(':popover-open') ?? false;
  } catch {
    return false;
  }
}

/**
 * A part of the header that a phone shows under the bar behind an icon button (PanelToggle): the
 * menu, the search row. It is a popover (docs/decisions/0044): the browser shows and hides it with
 * no script, so the first tap opens it before the app has started; a tap outside or Escape closes it
 * and gives the focus back to its button. The entry script keeps the button's state in step with it
 * (app/lib/early-controls.ts), before the app and in it: React renders the button as the server did.
 */
export function usePhonePanel(id: string) {
  const ref = useRef<HTMLDivElement>(null);
  return {
    /** The panel's own attributes. */
    panel: { id, ref, popover: 'auto' as const },
    /** What its PanelToggle needs. */
    toggle: { target: id },
    /** Whether it is shown now. */
    isOpen: () => shown(ref.current),
    /** Hides it (a page opened in the app, a search sent). */
    close: () => {
      if (shown(ref.current)) ref.current?.hidePopover();
    },
  };
}

import { useRef, useState } from 'react';

/**
 * A part of the header that a phone shows under the bar behind an icon button (PanelToggle): the
 * menu, the search row. Escape closes it and gives the focus back to its button (the disclosure pattern).
 */
export function usePhonePanel() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  return {
    open,
    setOpen,
    /** Closes it, the focus back on its button. */
    dismiss: () => {
      setOpen(false);
      ref.current?.focus();
    },
    /** What its PanelToggle needs. */
    toggle: { ref, open, onToggle: () => setOpen((o) => !o) },
  };
}

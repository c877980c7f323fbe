import { X, type LucideIcon } from 'lucide-react';
import type { Ref } from 'react';

/** A phone's icon button that shows and hides a panel of the header (the menu, the search row): an X while it is open. */
export function PanelToggle({
  ref,
  open,
  onToggle,
  what,
  icon: Icon,
  controls,
  className = '',
}: {
  ref: Ref<HTMLButtonElement>;
  open: boolean;
  onToggle: () => void;
  /** What it opens, in its name: 'Open menu', 'Close menu'. */
  what: string;
  icon: LucideIcon;
  /** The panel's id, when the panel stays in the page. */
  controls?: string;
  className?: string;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={`${className} rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden`}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? `Close ${what}` : `Open ${what}`}
      onClick={onToggle}
    >
      {open ? <X aria-hidden className="size-6" /> : <Icon aria-hidden className="size-6" />}
    </button>
  );
}

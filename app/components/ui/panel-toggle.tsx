import { X, type LucideIcon } from 'lucide-react';
import { popoverLabels } from '#app/lib/early-controls.ts';

/**
 * A phone's icon button that shows and hides a panel of the header (the menu, the search row): the
 * panel is a popover it names, so the browser answers its tap with no script (docs/decisions/0044).
 * Its name and aria-expanded follow the panel (app/lib/early-controls.ts); an X while it is shown.
 */
export function PanelToggle({
  target,
  what,
  icon: Icon,
  className = '',
}: {
  /** The panel's id (a popover). */
  target: string;
  /** What it opens, in its name: 'Open menu', 'Close menu'. */
  what: string;
  icon: LucideIcon;
  className?: string;
}) {
  return (
    <button
      type="button"
      popoverTarget={target}
      className={`group ${className} rounded-md p-2.5 text-slate-700 hover:bg-slate-100 md:hidden`}
      aria-expanded={false}
      aria-controls={target}
      aria-label={`Open ${what}`}
      {...popoverLabels(`Close ${what}`, `Open ${what}`)}
    >
      <Icon aria-hidden className="size-6 group-aria-expanded:hidden" />
      <X aria-hidden className="hidden size-6 group-aria-expanded:block" />
    </button>
  );
}

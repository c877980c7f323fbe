import { LayoutGrid, List } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { afterNextPaint } from '#app/lib/after-paint.ts';
import { PRESS_GROUP } from '#app/lib/early-controls.ts';

export type ViewMode = 'grid' | 'list';

/**
 * Grid/list switch: two toggle buttons whose pressed state is announced (aria-pressed). They are a
 * GET form of the list's own address (its other parameters kept), so before the app a tap opens the
 * list the worker renders in that layout, the button shown pressed at once (PRESS_GROUP,
 * docs/decisions/0044); once the app runs, a tap changes the layout in place: the button pressed in
 * the tap's own frame, the list laid out anew in a task after it (on a slow phone, tens of cards
 * re-rendered held the pressed state back 250-450 ms).
 */
export function ViewToggle({
  value,
  onChange,
  className = '',
}: {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
  className?: string;
}) {
  const [path] = useLocation();
  // The layout chosen by a tap, shown pressed until the list's address says it too.
  const [chosen, setChosen] = useState<ViewMode | null>(null);
  if (chosen !== null && chosen === value) setChosen(null);
  const pressed = chosen ?? value;
  // A tap's layout is not applied to a page opened meanwhile (a card tapped within that frame).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  const kept = [...new URLSearchParams(useSearch())].filter(([name]) => name !== 'view');
  const item = (mode: ViewMode, label: string, Icon: typeof List) => (
    <button
      type="submit"
      name="view"
      value={mode}
      aria-pressed={pressed === mode}
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.preventDefault();
        if (mode === pressed) return;
        setChosen(mode);
        afterNextPaint(() => mounted.current && onChange(mode));
      }}
      className="flex size-10 items-center justify-center rounded-md text-slate-600 transition hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:hover:bg-brand-600"
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
  // The group is a box inside the form: a <form> may not take the group role (axe's aria-allowed-role).
  return (
    <form method="get" action={path} className={`inline-flex ${className}`}>
      {kept.map(([name, chosen]) => (
        <input key={name} type="hidden" name={name} value={chosen} />
      ))}
      <div
        role="group"
        aria-label="Layout"
        {...PRESS_GROUP}
        className="inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-0.5"
      >
        {item('grid', 'Grid view', LayoutGrid)}
        {item('list', 'List view', List)}
      </div>
    </form>
  );
}

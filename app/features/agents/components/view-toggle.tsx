import { LayoutGrid, List } from 'lucide-react';

export type ViewMode = 'grid' | 'list';

/** Grid/list switch: two toggle buttons whose pressed state is announced (aria-pressed). */
export function ViewToggle({
  value,
  onChange,
  className = '',
}: {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
  className?: string;
}) {
  const item = (mode: ViewMode, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={value === mode}
      aria-label={label}
      title={label}
      onClick={() => onChange(mode)}
      className={`flex size-10 items-center justify-center rounded-md transition ${value === mode ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Layout"
      className={`inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-0.5 ${className}`}
    >
      {item('grid', 'Grid view', LayoutGrid)}
      {item('list', 'List view', List)}
    </div>
  );
}

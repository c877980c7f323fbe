import type { Category } from '#common/types.ts';
import { plural } from '#app/lib/format.ts';
import { CategoryIcon } from './category-icon';

/** A category as a toggle: pressing it filters by the category, pressing it again clears the filter. */
export function CategoryFilterCard({
  category,
  selected,
  onToggle,
}: {
  category: Category;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      className={`flex h-full w-full flex-col items-start gap-2 rounded-xl border p-4 text-left transition ${
        selected
          ? 'border-brand-600 bg-brand-600 text-white shadow-md'
          : 'border-slate-200 bg-white text-slate-900 shadow-sm hover:border-brand-500 hover:shadow-md'
      }`}
    >
      <span
        className={`flex size-10 items-center justify-center rounded-lg ${selected ? 'bg-white/15 text-white' : 'bg-brand-50 text-brand-700'}`}
      >
        <CategoryIcon icon={category.icon} className="size-5" />
      </span>
      <span className="font-semibold leading-snug">{category.name}</span>
      <span className={`text-sm ${selected ? 'text-brand-100' : 'text-slate-600'}`}>
        {plural(category.agentCount, 'agent')}
      </span>
    </button>
  );
}

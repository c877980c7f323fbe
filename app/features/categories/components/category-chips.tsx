import type { Category } from '#common/types.ts';
import { CategoryIcon } from './category-icon';

/** 'All' plus one chip per category; exactly one is pressed. Scrolls sideways on narrow screens. */
export function CategoryChips({
  categories,
  value,
  onChange,
}: {
  categories: Category[];
  value: number | undefined;
  onChange: (categoryId: number | undefined) => void;
}) {
  const chip = (selected: boolean) =>
    `inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition ${
      selected
        ? 'border-slate-900 bg-slate-900 text-white'
        : 'border-slate-300 bg-white text-slate-700 hover:border-slate-500'
    }`;
  return (
    <div
      role="group"
      aria-label="Categories"
      className="-mx-4 -mt-1 flex gap-2 overflow-x-auto px-4 pt-1 pb-2 sm:mx-0 sm:mt-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pt-0"
    >
      <button
        type="button"
        aria-pressed={value === undefined}
        onClick={() => onChange(undefined)}
        className={chip(value === undefined)}
      >
        All
      </button>
      {categories.map((c) => (
        <button
          key={c.id}
          type="button"
          aria-pressed={value === c.id}
          onClick={() => onChange(value === c.id ? undefined : c.id)}
          className={chip(value === c.id)}
        >
          <CategoryIcon icon={c.icon} className="size-4" />
          {c.name}
        </button>
      ))}
    </div>
  );
}

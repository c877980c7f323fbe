import type { ReactNode } from 'react';
import type { Refinements } from '#app/features/agents/lib/refine.ts';

const RATINGS = [4.5, 4, 3.5, 3];
const COSTS = [5, 10, 25, 50];

/** Discover's 'More Filters' panel. `extra` holds controls owned by other features (department). */
export function MoreFiltersPanel({
  id,
  value,
  onChange,
  onReset,
  extra,
}: {
  id: string;
  value: Refinements;
  onChange: (next: Refinements) => void;
  onReset: () => void;
  extra?: ReactNode;
}) {
  const select = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900';
  const label = 'text-xs font-medium uppercase tracking-wide text-slate-600';
  return (
    <section id={id} aria-label="More filters" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        {extra}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-rating`} className={label}>
            Minimum rating
          </label>
          <select
            id={`${id}-rating`}
            className={select}
            value={value.minRating ?? ''}
            onChange={(e) => onChange({ ...value, minRating: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">Any rating</option>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {r.toFixed(1)} stars and up
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-cost`} className={label}>
            Maximum credit cost
          </label>
          <select
            id={`${id}-cost`}
            className={select}
            value={value.maxCost ?? ''}
            onChange={(e) => onChange({ ...value, maxCost: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">Any cost</option>
            {COSTS.map((c) => (
              <option key={c} value={c}>
                Up to {c} credits
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-10 items-center gap-2 self-end text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={Boolean(value.featuredOnly)}
            onChange={(e) => onChange({ ...value, featuredOnly: e.target.checked || undefined })}
            className="size-4 accent-brand-600"
          />
          Featured only
        </label>
        <button type="button" onClick={onReset} className="h-10 self-end rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50">
          Reset
        </button>
      </div>
    </section>
  );
}

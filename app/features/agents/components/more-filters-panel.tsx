import type { ReactNode } from 'react';
import { LabelledChoice } from '#app/components/ui/choice-select.tsx';
import { Options } from '#app/components/ui/form-field.tsx';
import type { Refinements } from '#app/features/agents/lib/refine.ts';

const RATINGS = [4.5, 4, 3.5, 3].map((r) => ({ value: r, label: `${r.toFixed(1)} stars and up` }));
const COSTS = [5, 10, 25, 50].map((c) => ({ value: c, label: `Up to ${c} credits` }));

/** The two bounds, each a select whose first choice is no bound. */
const BOUNDS = [
  { key: 'minRating', suffix: 'rating', label: 'Minimum rating', any: 'Any rating', options: RATINGS },
  { key: 'maxCost', suffix: 'cost', label: 'Maximum credit cost', any: 'Any cost', options: COSTS },
] as const;

/** A bound chosen in a select: none is ''. */
const bound = (chosen: string) => (chosen ? Number(chosen) : undefined);

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
  return (
    <section id={id} aria-label="More filters" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        {extra}
        {BOUNDS.map(({ key, suffix, label, any, options }) => (
          <LabelledChoice
            key={key}
            id={`${id}-${suffix}`}
            // Its URL parameter: a field of the phone's filter sheet, a GET form (docs/decisions/0044).
            name={key}
            label={label}
            value={String(value[key] ?? '')}
            onChoose={(chosen) => onChange({ ...value, [key]: bound(chosen) })}
          >
            <option value="">{any}</option>
            <Options options={options} />
          </LabelledChoice>
        ))}
        <label className="flex h-10 items-center gap-2 self-end text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="featured"
            value="1"
            checked={Boolean(value.featuredOnly)}
            onChange={(e) => onChange({ ...value, featuredOnly: e.target.checked || undefined })}
            className="size-4 accent-brand-600"
          />
          Featured only
        </label>
        <button
          type="button"
          onClick={onReset}
          className="h-10 self-end rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          Reset
        </button>
      </div>
    </section>
  );
}

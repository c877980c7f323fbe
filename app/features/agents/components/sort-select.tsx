import type { AgentSort } from '#common/types.ts';
import { ChoiceSelect } from '#app/components/ui/choice-select.tsx';

export interface SortOption {
  value: AgentSort;
  label: string;
}

/** Browse Agents' sort labels (docs/product.md#screens). */
export const BROWSE_SORTS: SortOption[] = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'newest', label: 'Newest' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'reviews', label: 'Most Reviewed' },
];

/** The category-card variant and /agents-agent91 say "Most Votes"; voteCount is the number of ratings. */
export const VOTE_SORTS: SortOption[] = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'newest', label: 'Newest' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'reviews', label: 'Most Votes' },
];

/** Discover lists Newest first. */
export const DISCOVER_SORTS: SortOption[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'reviews', label: 'Most Votes' },
];

export const parseSortParam = (value: string | null, options: SortOption[]): AgentSort =>
  options.find((o) => o.value === value)?.value ?? options[0]!.value;

export function SortSelect({
  id,
  options,
  value,
  onChange,
  label = 'Sort by',
  className = '',
  selectClassName = 'border-slate-300 bg-white text-slate-900',
  labelClassName = 'text-slate-600',
}: {
  id: string;
  options: SortOption[];
  value: AgentSort;
  onChange: (sort: AgentSort) => void;
  label?: string;
  className?: string;
  selectClassName?: string;
  labelClassName?: string;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={`text-xs font-medium uppercase tracking-wide ${labelClassName}`}>
        {label}
      </label>
      <ChoiceSelect id={id} value={value} onChoose={(chosen) => onChange(parseSortParam(chosen, options))} className={`h-10 w-full rounded-lg border px-3 text-sm ${selectClassName}`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </ChoiceSelect>
    </div>
  );
}

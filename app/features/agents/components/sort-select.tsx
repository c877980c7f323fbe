import type { AgentSort } from '#common/types.ts';
import { LabelledChoice, type ChoiceLook } from '#app/components/ui/choice-select.tsx';
import { Options } from '#app/components/ui/form-field.tsx';
import type { UpdateParams } from '#app/features/agents/hooks/use-url-params.ts';
import type { ActiveFilter } from './active-filters';

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

/**
 * A list's sort kept in the URL's `sort`, none for the list's default (its first option) so the URL
 * stays short: the sort, its SortSelect's options, value and change, and its chip unless it is the default.
 */
export function urlSort(params: URLSearchParams, update: UpdateParams, options: SortOption[]) {
  const sort = parseSortParam(params.get('sort'), options);
  const chips: ActiveFilter[] =
    sort === options[0]!.value
      ? []
      : [
          {
            key: 'sort',
            label: `Sort: ${options.find((o) => o.value === sort)!.label}`,
            onRemove: () => update({ sort: undefined }),
          },
        ];
  const onChange = (value: AgentSort) => update({ sort: value === options[0]!.value ? undefined : value });
  return { sort, chips, select: { options, value: sort, onChange } };
}

export function SortSelect({
  options,
  onChange,
  label = 'Sort by',
  ...rest
}: ChoiceLook & {
  id: string;
  options: SortOption[];
  value: AgentSort;
  onChange: (sort: AgentSort) => void;
  label?: string;
}) {
  return (
    <LabelledChoice
      {...rest}
      name="sort"
      label={label}
      onChoose={(chosen) => onChange(parseSortParam(chosen, options))}
    >
      <Options options={options} />
    </LabelledChoice>
  );
}

import { Compass, SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  BROWSE_FRESHNESS,
  flattenAgentPages,
  useInfiniteAgents,
} from '#app/features/agents/api/get-infinite-agents.ts';
import { BrowseResults, showingText } from '#app/features/agents/components/browse-results.tsx';
import { MoreFiltersPanel } from '#app/features/agents/components/more-filters-panel.tsx';
import type { ActiveFilter } from '#app/features/agents/components/active-filters.tsx';
import { FilterSheet } from '#app/features/agents/components/filter-sheet.tsx';
import { DISCOVER_SORTS, SortSelect, urlSort } from '#app/features/agents/components/sort-select.tsx';
import { ViewToggle } from '#app/features/agents/components/view-toggle.tsx';
import { positiveParam, useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { hasRefinements, refineAgents, type Refinements } from '#app/features/agents/lib/refine.ts';
import { useCategories } from '#app/features/categories/api/get-categories.ts';
import { CategoryChips } from '#app/features/categories/components/category-chips.tsx';
import { DepartmentSelect } from '#app/features/departments/components/department-select.tsx';
import { useDepartmentFilter } from '#app/features/departments/hooks/use-department-filter.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { formatCount, plural } from '#app/lib/format.ts';

/** Discover AI Agents (/discover): newest first, category chips, and a panel of finer filters. */
export default function DiscoverPage() {
  useDocumentTitle('Discover AI Agents');
  const [params, update] = useUrlParams();
  const sorting = urlSort(params, update, DISCOVER_SORTS);
  const { sort } = sorting;
  const categoryId = positiveParam(params.get('category'));
  const departmentId = positiveParam(params.get('department'));
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const refinements: Refinements = {
    minRating: Number(params.get('minRating')) || undefined,
    maxCost: positiveParam(params.get('maxCost')),
    featuredOnly: params.get('featured') === '1' || undefined,
  };
  const moreActive = hasRefinements(refinements) || departmentId !== undefined;
  const [panelOpen, setPanelOpen] = useState(moreActive);

  const categories = useCategories();
  const query = useInfiniteAgents({ sort, categoryId, departmentId }, { ...BROWSE_FRESHNESS, keepPrevious: true });
  const { agents: loaded, total } = flattenAgentPages(query.data);
  const agents = refineAgents(loaded, refinements);

  // docs/product.md#errors: a failed listing is reported as a toast, once per failure.
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError)
      toast({
        title: 'Error loading agents',
        description: 'There was an error loading the agent listings.',
        variant: 'destructive',
      });
  }, [isError, errorUpdatedAt]);

  const empty = (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <h2 className="text-xl font-semibold text-slate-900">No agents found</h2>
      <p className="mt-2 text-slate-600">
        {query.isError && !query.data
          ? 'The listings could not be loaded. Check your connection and try again.'
          : query.hasNextPage
            ? 'None of the agents loaded so far match. Load more or loosen the filters.'
            : 'Try another category or loosen the filters.'}
      </p>
    </div>
  );

  const resetMore = () =>
    update({ department: undefined, minRating: undefined, maxCost: undefined, featured: undefined });

  const department = useDepartmentFilter(departmentId, (id) => update({ department: id }));
  // What the sheet holds, in effect, as removable chips (the category is chosen with the chips above).
  const active: ActiveFilter[] = [
    ...sorting.chips,
    ...department.chips,
    ...(refinements.minRating
      ? [
          {
            key: 'minRating',
            label: `${refinements.minRating.toFixed(1)} stars and up`,
            onRemove: () => update({ minRating: undefined }),
          },
        ]
      : []),
    ...(refinements.maxCost
      ? [
          {
            key: 'maxCost',
            label: `Up to ${refinements.maxCost} credits`,
            onRemove: () => update({ maxCost: undefined }),
          },
        ]
      : []),
    ...(refinements.featuredOnly
      ? [{ key: 'featured', label: 'Featured only', onRemove: () => update({ featured: undefined }) }]
      : []),
  ];
  const moreFilters = (id: string) => (
    <MoreFiltersPanel
      id={id}
      value={refinements}
      onChange={(r) =>
        update({ minRating: r.minRating, maxCost: r.maxCost, featured: r.featuredOnly ? '1' : undefined })
      }
      onReset={resetMore}
      extra={<DepartmentSelect id={`${id}-department`} {...department.select} />}
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <header>
        <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-brand-700">
          <Compass aria-hidden className="size-4" /> Discover
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl md:mt-2">
          Discover AI Agents
        </h1>
        <p className="mt-2 hidden max-w-2xl text-slate-600 md:block">
          The newest and best-rated agents on the marketplace, ready to try.
        </p>
      </header>

      <section aria-label="Filters" className="mt-4 flex flex-col gap-3 md:mt-8 md:gap-4">
        <CategoryChips
          categories={(categories.data ?? []).filter((c) => c.agentCount > 0)}
          value={categoryId}
          onChange={(id) => update({ category: id })}
        />
        <div className="hidden flex-wrap items-end gap-3 md:flex">
          <SortSelect id="discover-sort" {...sorting.select} className="w-full sm:w-56" />
          <button
            type="button"
            aria-expanded={panelOpen}
            aria-controls="discover-more-filters"
            onClick={() => setPanelOpen((o) => !o)}
            className={`inline-flex h-10 items-center gap-2 rounded-lg border px-4 text-sm font-medium ${
              moreActive
                ? 'border-brand-600 bg-brand-50 text-brand-700'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            <SlidersHorizontal aria-hidden className="size-4" /> More Filters
          </button>
          <ViewToggle
            value={view}
            onChange={(mode) => update({ view: mode === 'grid' ? undefined : mode })}
            className="ml-auto"
          />
        </div>
        {panelOpen && <div className="hidden md:block">{moreFilters('discover-more-filters')}</div>}
        <FilterSheet
          active={active}
          count={active.length}
          resultCount={
            query.data && !query.isPlaceholderData ? (hasRefinements(refinements) ? agents.length : total) : undefined
          }
          onClearAll={() => {
            resetMore();
            update({ sort: undefined });
          }}
          aside={<ViewToggle value={view} onChange={(mode) => update({ view: mode === 'grid' ? undefined : mode })} />}
          controls={(prefix) => (
            <>
              <SortSelect id={`${prefix}-sort`} {...sorting.select} />
              {moreFilters(`${prefix}-more`)}
            </>
          )}
        />
      </section>

      <BrowseResults
        query={query}
        agents={agents}
        layout={view}
        status={
          hasRefinements(refinements)
            ? `${plural(agents.length, 'agent')} of the ${formatCount(loaded.length)} loaded match the extra filters`
            : showingText(loaded.length, total)
        }
        // Discover reports a failed listing as a toast (docs/product.md#errors) and says so in its empty state.
        error={empty}
        empty={empty}
      />
    </div>
  );
}

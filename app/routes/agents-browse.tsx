import { Bot, Building2, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { useAgents } from '#app/features/agents/api/get-agents.ts';
import {
  BROWSE_FRESHNESS,
  flattenAgentPages,
  useInfiniteAgents,
} from '#app/features/agents/api/get-infinite-agents.ts';
import { ActiveFilters, type ActiveFilter } from '#app/features/agents/components/active-filters.tsx';
import { AgentSearchBox } from '#app/features/agents/components/agent-search-box.tsx';
import { BrowseResults, showingText } from '#app/features/agents/components/browse-results.tsx';
import { BROWSE_SORTS, SortSelect, urlSort } from '#app/features/agents/components/sort-select.tsx';
import { FilterSheet } from '#app/features/agents/components/filter-sheet.tsx';
import { ViewToggle } from '#app/features/agents/components/view-toggle.tsx';
import { positiveParam, useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { DepartmentSelect } from '#app/features/departments/components/department-select.tsx';
import { useDepartmentsWithAgents } from '#app/features/departments/api/get-departments.ts';
import { useDepartmentFilter } from '#app/features/departments/hooks/use-department-filter.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { formatCount } from '#app/lib/format.ts';

/** Browse Agents (/agents, /all-agents): filtered, sorted and paged on the server. */
export default function AgentsBrowsePage() {
  useDocumentTitle('Browse Agents');
  const [params, update] = useUrlParams();
  // docs/product.md#screens: prefilled from the URL's `search` parameter; `q` is accepted too (shared search links).
  const search = params.get('search') ?? params.get('q') ?? '';
  const departmentId = positiveParam(params.get('department'));
  const sorting = urlSort(params, update, BROWSE_SORTS);
  const { sort } = sorting;
  const view = params.get('view') === 'list' ? 'list' : 'grid';

  const departments = useDepartmentsWithAgents();
  const query = useInfiniteAgents(
    { q: search.trim() || undefined, departmentId, sort },
    { ...BROWSE_FRESHNESS, keepPrevious: true },
  );
  const { agents, total } = flattenAgentPages(query.data);
  // The catalogue size in the header: the list's own total unless a search or department narrows it.
  const narrowed = Boolean(search.trim() || departmentId);
  const overallQuery = useAgents({ limit: 1 }, { ...BROWSE_FRESHNESS, enabled: narrowed });
  const overallTotal = narrowed ? overallQuery.data?.total : query.data && !query.isPlaceholderData ? total : undefined;

  const commitSearch = useCallback((value: string) => update({ search: value, q: undefined }), [update]);
  const clearFilters = () => update({ search: undefined, q: undefined, department: undefined, sort: undefined });

  const department = useDepartmentFilter(departmentId, (id) => update({ department: id }));
  const filters: ActiveFilter[] = [
    ...(search.trim()
      ? [{ key: 'search', label: `Search: “${search.trim()}”`, onRemove: () => commitSearch('') }]
      : []),
    ...department.chips,
    ...sorting.chips,
  ];
  const filtered = filters.length > 0;

  const sheetCount = department.chips.length + sorting.chips.length;
  // Beside the search box from md up and in the filter sheet on a phone; the prefix keeps their ids apart.
  const filterControls = (prefix: string) => (
    <>
      <DepartmentSelect id={`${prefix}-department`} {...department.select} />
      <SortSelect id={`${prefix}-sort`} {...sorting.select} />
    </>
  );
  const viewToggle = (
    <ViewToggle
      value={view}
      onChange={(mode) => update({ view: mode === 'grid' ? undefined : mode })}
      className="self-start md:self-end"
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">Browse Agents</h1>
          <p className="mt-2 hidden max-w-2xl text-slate-600 md:block">
            Find the right AI agent for every team, from marketing and sales to finance and legal.
          </p>
        </div>
        <dl className="flex gap-2 md:gap-3">
          <div className="rounded-lg border border-slate-200 bg-white px-2 py-1 md:px-3 md:py-2">
            <dt className="sr-only">Total agents</dt>
            <dd className="flex items-center gap-2 text-sm text-slate-600">
              <Bot aria-hidden className="size-5 text-brand-600" />
              <strong className="text-slate-900 md:text-lg">
                {overallTotal !== undefined ? formatCount(overallTotal) : '—'}
              </strong>{' '}
              agents
            </dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white px-2 py-1 md:px-3 md:py-2">
            <dt className="sr-only">Departments</dt>
            <dd className="flex items-center gap-2 text-sm text-slate-600">
              <Building2 aria-hidden className="size-5 text-brand-600" />
              <strong className="text-slate-900 md:text-lg">
                {departments.data ? departments.data.length : '—'}
              </strong>{' '}
              departments
            </dd>
          </div>
        </dl>
      </header>

      <section
        aria-label="Filters"
        className="mt-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:mt-8 md:p-4"
      >
        <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end md:gap-4">
          <AgentSearchBox id="browse-search" value={search} onCommit={commitSearch} />
          {/* On a phone these move into the filter sheet below. */}
          <div className="hidden md:contents">
            {filterControls('browse')}
            {viewToggle}
          </div>
          <FilterSheet
            active={filters}
            count={sheetCount}
            resultCount={query.data && !query.isPlaceholderData ? total : undefined}
            onClearAll={clearFilters}
            aside={viewToggle}
            controls={filterControls}
          />
        </div>
        {filtered && (
          <div className="mt-4 hidden flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 md:flex">
            <ActiveFilters filters={filters} />
            <Button variant="ghost" size="sm" onClick={clearFilters}>
              Clear Filters
            </Button>
          </div>
        )}
      </section>

      <BrowseResults
        query={query}
        agents={agents}
        layout={view}
        status={showingText(agents.length, total)}
        empty={
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <SearchX aria-hidden className="mx-auto size-10 text-slate-400" />
            <h2 className="mt-4 text-xl font-semibold text-slate-900">No agents found</h2>
            <p className="mt-2 text-slate-600">
              Try a different search or department, or clear the filters to see every agent.
            </p>
            {filtered && (
              <Button className="mt-6" onClick={clearFilters}>
                Clear Filters
              </Button>
            )}
          </div>
        }
      />
    </div>
  );
}

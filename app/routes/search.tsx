import { Lightbulb, Loader2, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import { SEARCH_RESULT_CAP, SEARCH_SORTS, type SearchSort } from '#common/search.ts';
import { flattenSearchPages, useSearchAgents } from '#app/features/agents/api/search-agents.ts';
import { AgentList } from '#app/features/agents/components/agent-list.tsx';
import type { ActiveFilter } from '#app/features/agents/components/active-filters.tsx';
import { AgentSearchBox } from '#app/features/agents/components/agent-search-box.tsx';
import { DeviceResults } from '#app/features/agents/components/device-results.tsx';
import { unreachable } from '#app/features/agents/api/search-device.ts';
import { FilterSheet } from '#app/features/agents/components/filter-sheet.tsx';
import { ListState } from '#app/features/agents/components/list-state.tsx';
import { LoadMoreButton } from '#app/features/agents/components/load-more-button.tsx';
import { positiveParam, useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { DepartmentSelect } from '#app/features/departments/components/department-select.tsx';
import { useDepartmentFilter } from '#app/features/departments/hooks/use-department-filter.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { LabelledChoice } from '#app/components/ui/choice-select.tsx';
import { Options } from '#app/components/ui/form-field.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { formatCount, plural } from '#app/lib/format.ts';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  popular: 'Most Popular',
  rating: 'Highest Rated',
  reviews: 'Most Reviewed',
  newest: 'Newest',
};

const parseSearchSort = (value: string | null): SearchSort => SEARCH_SORTS.find((s) => s === value) ?? 'relevance';

/** The link that searches exactly what was typed, after a spelling correction. */
function exactHref(q: string, departmentId: number | undefined, sort: SearchSort) {
  const params = new URLSearchParams({ q, exact: '1' });
  if (departmentId) params.set('department', String(departmentId));
  if (sort !== 'relevance') params.set('sort', sort);
  return `/search?${params.toString()}`;
}

/** The proposal form, its idea prefilled with the words searched (app/routes/propose-agent.tsx). */
const proposeHref = (q: string) => `/propose-agent?${new URLSearchParams({ idea: q })}`;

/**
 * Search results (/search?q=&department=&sort=): full text on the server, fresh for 10 s (docs/product.md#screens
 * section 7). Every filter lives in the URL, so a search can be shared as it is shown.
 */
export default function SearchPage() {
  const [params, update] = useUrlParams();
  const raw = params.get('q') ?? params.get('search') ?? '';
  const q = raw.trim();
  const departmentId = positiveParam(params.get('department'));
  const sort = parseSearchSort(params.get('sort'));
  const exact = params.get('exact') === '1';
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  // What only this device knows (its saved agents) is shown once hydrated.
  const hydrated = useHydrated();
  const query = useSearchAgents(q, { departmentId, sort, exact });
  const { hits, total, corrected, anyTerm } = flattenSearchPages(query.data);
  // After a correction the heading names what was searched; the words typed stay one tap away.
  const searched = corrected ?? q;
  // With no signal, or a server that cannot be reached and nothing fetched: what this device holds
  // (docs/decisions/0027). Online results are unchanged.
  const online = useOnline();
  const fromDevice = hydrated && !query.data && (!online || (query.isError && unreachable(query.error)));
  // The raw text goes to the URL so a trailing space survives while the user is still typing.
  // A new search is spelling-corrected again.
  const commit = useCallback((value: string) => update({ q: value, search: undefined, exact: undefined }), [update]);

  const department = useDepartmentFilter(departmentId, (id) => update({ department: id }));
  const filters: ActiveFilter[] = [
    ...department.chips,
    ...(sort !== 'relevance'
      ? [{ key: 'sort', label: `Sort: ${SORT_LABELS[sort]}`, onRemove: () => update({ sort: undefined }) }]
      : []),
  ];
  // Beside the search box from md up and in the filter sheet on a phone; the prefix keeps their ids apart.
  const filterControls = (prefix: string) => (
    <>
      <DepartmentSelect id={`${prefix}-department`} {...department.select} />
      <LabelledChoice
        id={`${prefix}-sort`}
        name="sort"
        label="Sort by"
        value={sort}
        onChoose={(chosen) => update({ sort: parseSearchSort(chosen) === 'relevance' ? undefined : chosen })}
      >
        <Options options={SEARCH_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))} />
      </LabelledChoice>
    </>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-end md:gap-4">
        <AgentSearchBox
          id="search-refine"
          value={raw}
          onCommit={commit}
          label="Refine your search"
          placeholder="Search agents"
        />
        {/* On a phone these move into the filter sheet below. */}
        <div className="hidden md:contents">{filterControls('search')}</div>
        <FilterSheet
          active={filters}
          count={filters.length}
          resultCount={query.data && !query.isPlaceholderData ? Math.min(total, SEARCH_RESULT_CAP) : undefined}
          onClearAll={() => update({ department: undefined, sort: undefined })}
          controls={filterControls}
        />
      </div>

      <section aria-labelledby="search-heading" aria-busy={query.isFetching} className="mt-4 md:mt-8">
        <h1 id="search-heading" className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {q ? `Search Results for "${searched}"` : 'Search agents'}
        </h1>
        {q && corrected && (
          <p className="mt-2 break-words text-slate-700">
            Showing results for <strong className="font-semibold">{corrected}</strong>
            {' · '}
            <Link
              href={exactHref(q, departmentId, sort)}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Search instead for {q}
            </Link>
          </p>
        )}

        {!q ? (
          <p className="mt-4 text-slate-600">
            Type what you need done, for example “invoice reconciliation” or “lead generation”.
          </p>
        ) : fromDevice ? (
          <DeviceResults q={q} online={online} />
        ) : (
          <ListState
            query={query}
            isEmpty={hits.length === 0}
            offline="search results"
            loading={
              <p role="status" className="mt-8 flex items-center gap-3 text-slate-600">
                <Loader2 aria-hidden className="size-6 animate-spin text-brand-600" /> Searching…
              </p>
            }
            error={
              <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
                Error loading search results. Please try again.
              </p>
            }
            empty={
              <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
                <SearchX aria-hidden className="mx-auto size-10 text-slate-400" />
                <h2 className="mt-4 text-xl font-semibold text-slate-900">No results found</h2>
                <p className="mt-2 text-slate-600">
                  {departmentId
                    ? 'Try all departments, or fewer or different words, or '
                    : 'Try fewer or different words, or '}
                  <Link href="/agents" className="font-medium text-brand-700 underline underline-offset-2">
                    browse every agent
                  </Link>
                  .
                </p>
                {/* Nothing does it yet: the words searched become the start of a proposal for it. */}
                <p className="mt-6 text-slate-600">Missing an agent for this?</p>
                <ButtonLink href={proposeHref(q)} variant="secondary" className="mt-2 max-w-full">
                  <Lightbulb aria-hidden className="size-4 shrink-0" />
                  <span className="truncate">Propose “{q}”</span>
                </ButtonLink>
              </div>
            }
          >
            <p role="status" className="mb-6 mt-2 text-slate-600">
              {total >= SEARCH_RESULT_CAP
                ? `More than ${formatCount(SEARCH_RESULT_CAP)} results`
                : plural(total, 'result')}
              {anyTerm && ' · including agents that match only some of your words'}
            </p>
            <AgentList agents={hits} label="Search results" />
            <LoadMoreButton query={query} />
          </ListState>
        )}
      </section>
    </div>
  );
}

import { useEffect } from 'react';
import { LOAD_MORE_THRESHOLD, SKELETONS } from '#common/constants.ts';
import { Button } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import {
  BROWSE_FRESHNESS,
  flattenAgentPages,
  useInfiniteAgents,
} from '#app/features/agents/api/get-infinite-agents.ts';
import { AgentCardGrid } from '#app/features/agents/components/agent-card-grid.tsx';
import { AgentGridSkeleton } from '#app/features/agents/components/agent-list.tsx';
import { CategoryAgentCard } from '#app/features/agents/components/category-agent-card.tsx';
import { FilterSheet } from '#app/features/agents/components/filter-sheet.tsx';
import { SortSelect, urlSort, VOTE_SORTS } from '#app/features/agents/components/sort-select.tsx';
import { positiveParam, useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { useCategories } from '#app/features/categories/api/get-categories.ts';
import { CategoryFilterCard } from '#app/features/categories/components/category-filter-card.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { errorMessage } from '#app/lib/api-client.ts';

/** Brings the agents of the chosen category on screen (smoothly unless motion is reduced). */
function showResults() {
  const results = document.getElementById('category-agents');
  if (!results || results.getBoundingClientRect().top < window.innerHeight / 2) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  results.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
}

/**
 * The browse variant with category cards (/categories). The home page's category grid links here
 * with ?categoryId=. Pages hold 9 agents: 'Load More Agents' shows once there are more than 9.
 */
export default function CategoriesBrowsePage() {
  const [params, update] = useUrlParams();
  const categoryId = positiveParam(params.get('categoryId'));
  const sorting = urlSort(params, update, VOTE_SORTS);
  const { sort } = sorting;
  const categories = useCategories();
  const selected = categories.data?.find((c) => c.id === categoryId);
  const heading = categoryId ? `Agents in ${selected?.name ?? 'this category'}` : 'All Category Agents';
  useDocumentTitle(selected ? `${selected.name} agents` : 'Agent Categories');

  const query = useInfiniteAgents(
    { categoryId, sort },
    { ...BROWSE_FRESHNESS, pageSize: LOAD_MORE_THRESHOLD, keepPrevious: true },
  );
  const { agents } = flattenAgentPages(query.data);

  // A chosen category's agents come into view, wherever the tiles left them (below the fold on
  // a wide screen's tile grid).
  const choose = (id: number | undefined) => {
    update({ categoryId: id });
    if (id !== undefined) showResults();
  };
  // Arriving from a category tile elsewhere (the home page links to #category-agents).
  useEffect(() => {
    if (window.location.hash === '#category-agents') showResults();
  }, []);

  return (
    <div>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-6 md:py-12">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Categories</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl md:mt-2">
            Explore AI Agents by Category
          </h1>
          <p className="mt-3 hidden max-w-2xl text-slate-600 md:block">
            Pick a category to see its agents; pick it again to see every agent.
          </p>

          {categories.isPending ? (
            <SkeletonGrid
              count={SKELETONS.browse}
              label="Loading categories"
              className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
              itemClassName="h-32"
            />
          ) : categories.isError ? (
            <p role="alert" className="mt-8 text-sm text-red-700">
              Categories could not be loaded: {errorMessage(categories.error, 'please try again later')}.
            </p>
          ) : (
            // A row that scrolls sideways on a phone, so the agents start on the first screen. Room above
            // the tiles (pt-1) for a focused tile's ring, which the scrolling row would cut off.
            <ul
              aria-label="Categories"
              className="-mx-4 mt-4 flex gap-3 overflow-x-auto px-4 pt-1 pb-2 md:mx-0 md:mt-8 md:pt-0 md:grid md:grid-cols-3 md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-5"
            >
              {categories.data.map((c) => (
                <li key={c.id} className="w-36 shrink-0 md:w-auto">
                  <CategoryFilterCard
                    category={c}
                    selected={c.id === categoryId}
                    onToggle={() => choose(c.id === categoryId ? undefined : c.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section
        id="category-agents"
        aria-labelledby="category-agents-heading"
        aria-busy={query.isFetching}
        className="mx-auto max-w-7xl scroll-mt-4 px-4 py-6 md:py-10"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="category-agents-heading" className="text-2xl font-bold text-slate-900">
              {heading}
            </h2>
            {categoryId && (
              <Button variant="secondary" size="sm" onClick={() => update({ categoryId: undefined })}>
                Clear filter
              </Button>
            )}
          </div>
          <div className="hidden md:block">
            <SortSelect id="category-sort" {...sorting.select} className="sm:w-56" />
          </div>
          <FilterSheet
            active={sorting.chips}
            count={sorting.chips.length}
            resultCount={query.data && !query.isPlaceholderData ? flattenAgentPages(query.data).total : undefined}
            onClearAll={() => update({ sort: undefined })}
            controls={(prefix) => <SortSelect id={`${prefix}-sort`} {...sorting.select} />}
          />
        </div>

        <div className="mt-6">
          <AgentCardGrid
            query={query}
            agents={agents}
            label={heading}
            loading={<AgentGridSkeleton count={SKELETONS.categoryBrowse} grid="large" itemClassName="h-96" />}
            empty={
              <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center text-slate-600">
                No agents found. Try a different category or check back later.
              </p>
            }
            listClassName={query.isPlaceholderData ? 'opacity-60' : undefined}
            itemClassName="flex min-w-0"
            card={(agent, eager) => <CategoryAgentCard agent={agent} eager={eager} />}
          />
        </div>
      </section>
    </div>
  );
}

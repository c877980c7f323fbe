import type { ReactNode } from 'react';
import { SKELETONS } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';
import { formatCount, plural } from '#app/lib/format.ts';
import { AgentGridSkeleton, AgentList } from './agent-list';
import { ListState, type ListQuery } from './list-state';
import { LoadMoreButton, type PagedQuery } from './load-more-button';
import type { ViewMode } from './view-toggle';

/** 'Showing 24 of 120 agents', or 'Showing 120 agents' once all are loaded. */
export const showingText = (shown: number, total: number): string =>
  shown < total ? `Showing ${formatCount(shown)} of ${plural(total, 'agent')}` : `Showing ${plural(total, 'agent')}`;

/**
 * The results of a browse page (/agents, /discover): the listing's states, a line saying what shows,
 * the cards in the chosen layout (dimmed while a new choice loads) and Load More, which stays below
 * an empty page of results when more pages may match.
 */
export function BrowseResults({
  query,
  agents,
  layout,
  status,
  empty,
  error,
}: {
  query: ListQuery & PagedQuery & { isFetching: boolean; isPlaceholderData: boolean };
  agents: Agent[];
  layout: ViewMode;
  status: string;
  empty: ReactNode;
  error?: ReactNode;
}) {
  return (
    <section aria-label="Agents" aria-busy={query.isFetching} className="mt-4 md:mt-8">
      <ListState
        query={query}
        isEmpty={agents.length === 0}
        loading={<AgentGridSkeleton count={SKELETONS.browse} />}
        error={error}
        empty={empty}
      >
        <p role="status" className="mb-4 text-sm text-slate-600">
          {status}
        </p>
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <AgentList agents={agents} layout={layout} label="Agent results" />
        </div>
      </ListState>
      {!query.isPending && <LoadMoreButton query={query} />}
    </section>
  );
}

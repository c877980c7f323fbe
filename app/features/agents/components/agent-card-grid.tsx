import type { ReactNode } from 'react';
import type { Agent } from '#common/types.ts';
import { AGENT_GRID } from './agent-list';
import { ListState, type ListQuery } from './list-state';
import { LoadMoreButton, type PagedQuery } from './load-more-button';

/** How many cards are likely above the fold on a phone: their images load at once. */
const EAGER_IMAGES = 2;

/**
 * A paged listing of a page's own larger cards in three columns (/categories, /agents-agent91): the
 * listing's states, the cards, each a list item, and Load More.
 */
export function AgentCardGrid({
  query,
  agents,
  label,
  loading,
  empty,
  error,
  listClassName,
  itemClassName = 'flex',
  loadMoreClassName,
  card,
}: {
  query: ListQuery & PagedQuery;
  agents: Agent[];
  label: string;
  loading: ReactNode;
  empty: ReactNode;
  error?: ReactNode;
  listClassName?: string;
  itemClassName?: string;
  loadMoreClassName?: string;
  card: (agent: Agent, eager: boolean) => ReactNode;
}) {
  return (
    <ListState query={query} isEmpty={agents.length === 0} loading={loading} error={error} empty={empty}>
      <ul aria-label={label} className={listClassName ? `${AGENT_GRID.large} ${listClassName}` : AGENT_GRID.large}>
        {agents.map((agent, i) => (
          <li key={agent.id} className={itemClassName}>
            {card(agent, i < EAGER_IMAGES)}
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} className={loadMoreClassName} />
    </ListState>
  );
}

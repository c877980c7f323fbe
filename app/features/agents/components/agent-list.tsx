import type { Agent } from '#common/types.ts';
import { AgentCard } from './agent-card';
import type { ViewMode } from './view-toggle';

/** How many cards are likely above the fold on a phone: their images load at once. */
const EAGER_IMAGES = 2;

/*
 * AgentCard's height: picture (grid 11rem) + padding + badges 1.25rem + gaps + name (line height
 * 1.375 of its size) + description lines (1.25rem each) + footer, and the 1px borders. The e2e
 * test 'cards keep their place as they come into view' (browse.spec) fails when a change to the card
 * makes these wrong.
 */
const GRID_CARD_HEIGHT = '[contain-intrinsic-block-size:auto_calc(22.796875rem+2px)]';
const LIST_CARD_HEIGHT =
  '[contain-intrinsic-block-size:auto_calc(8.875rem+2px)] sm:[contain-intrinsic-block-size:auto_calc(11.546875rem+2px)]';

/** Browse cards as a responsive grid or a single-column list. */
export function AgentList({ agents, layout = 'grid', label }: { agents: Agent[]; layout?: ViewMode; label: string }) {
  return (
    <>
      {/* Cards are h3s: a heading level for the list keeps the outline in order under any page's h1. */}
      <h2 className="sr-only">{label}</h2>
      <ul
        aria-label={label}
        className={layout === 'grid' ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'flex flex-col gap-3 sm:gap-4'}
      >
        {agents.map((agent, i) => (
          // Cards off screen skip layout and paint until scrolled near (a long list costs a phone
          // little). The height held for them is the card's own (its rows have fixed heights, see
          // AgentCard): a row laid out for the first time moves nothing below it.
          <li
            key={agent.id}
            className={`flex min-w-0 [content-visibility:auto] [&>article]:w-full ${layout === 'grid' ? GRID_CARD_HEIGHT : LIST_CARD_HEIGHT}`}
          >
            <AgentCard agent={agent} layout={layout} eager={i < EAGER_IMAGES} />
          </li>
        ))}
      </ul>
    </>
  );
}

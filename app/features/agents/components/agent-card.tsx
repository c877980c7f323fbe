import { memo } from 'react';
import { Link } from 'wouter';
import type { SearchHit } from '#common/search.ts';
import type { Agent } from '#common/types.ts';
import { GeneratedPicture } from '#app/components/ui/generated-picture.tsx';
import { SaveButton } from '#app/components/saved/save-button.tsx';
import { whatsNewAttribute } from '#app/lib/whats-new-marks.ts';
import { agentBadges } from '#app/features/agents/lib/badges.ts';
import { reviewCount } from '#app/features/agents/lib/stats.ts';
import { AgentImage } from './agent-image';
import { CreatorLink } from './creator-link';
import { CardFigures } from './card-rating';
import { CardStats } from './card-stats';
import { HighlightedText } from './highlighted-text';

/*
 * The card's height inside its borders (the held size is the content's; the browser adds the
 * borders), row by row: picture (11rem in the grid) + padding + badges 1.25rem + gaps + name (line
 * height 1.375 of its size) + description lines (1.25rem each) + stats 1.25rem + footer. The e2e
 * test 'cards keep their place as they come into view' (browse.spec) fails when a change to the card
 * makes these wrong.
 */
const GRID_CARD_HEIGHT = '[--near-size:24.546875rem]';
const LIST_CARD_HEIGHT = '[--near-size:10.375rem] sm:[--near-size:13.296875rem]';

/**
 * The Browse Agents card, in grid or list layout. The whole card is one link, named by the agent
 * (the heading's link stretches over it: docs/decisions/0023-phone-first-lists.md). The list layout
 * is a compact row on phones: a small picture beside the text. Every row of the card has a fixed
 * height (one line of badges, one line of name, a set number of description lines, one line of
 * stats), so every card of a layout is as tall as the height it holds for itself before it is laid
 * out: nothing moves as cards come into view, not even the button under them. Memoised: a list that
 * grows (Load More) does not render the cards it already shows again.
 */
export const AgentCard = memo(function AgentCard({
  agent,
  layout = 'grid',
  eager = false,
  saved = false,
}: {
  agent: Agent | SearchHit;
  layout?: 'grid' | 'list';
  eager?: boolean;
  /** Known to be saved on this device (the saved page's cards): its Save button is drawn pressed from the start. */
  saved?: boolean;
}) {
  // Search hits carry the matched words (docs/decisions/0013-search.md).
  const highlights = 'highlights' in agent ? agent.highlights : undefined;
  const { category, department } = agentBadges(agent);
  const list = layout === 'list';
  return (
    <article
      data-agent-id={agent.id}
      // The entry starts the app when this agent is saved here and changed since (its 'Updated' mark).
      {...whatsNewAttribute(agent.whatsNewAt)}
      // The first cards (eager) are in view at once. The rest are laid out only when scrolled near
      // (a long list costs a phone little), held at their own height meanwhile: a row laid out for
      // the first time moves nothing below it.
      className={`group relative flex min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-200 hover:shadow-md ${list ? 'flex-row' : 'flex-col'} ${eager ? '' : `render-when-near ${list ? LIST_CARD_HEIGHT : GRID_CARD_HEIGHT}`}`}
    >
      {/* Above the card's stretched link; it appears once the app has taken the page over (on /saved, at once). */}
      <div className={`absolute z-10 ${list ? 'bottom-2 left-2' : 'right-2 top-2'}`}>
        <SaveButton agent={agent} saved={saved} />
      </div>
      <div className={list ? 'w-24 shrink-0 self-stretch sm:w-56' : ''}>
        <AgentImage
          src={agent.thumbnailUrl ?? agent.imageUrl}
          alt=""
          eager={eager}
          // A fixed height in the grid, not the column's aspect ratio: the card's height does not
          // depend on the screen's width.
          className={list ? 'h-full min-h-24 w-full sm:aspect-[8/5] sm:h-auto' : 'h-44 w-full'}
          // No picture: the generated one in the seed's style (docs/decisions/0028), never an emoji box.
          fallback={<GeneratedPicture seed={`agent-${agent.id}`} name={agent.name} className="size-full" />}
        />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col ${list ? 'gap-1 p-3 sm:gap-2 sm:p-4' : 'gap-2 p-4'}`}>
        {/* One line whatever the names: a badge that does not fit beside the first wraps onto a
            second line the row's height hides; the first shortens with an ellipsis if it must. */}
        <div className="flex items-center justify-between gap-2 text-xs">
          {/* Category, then department, as on the agent's page; one badge when they say the same. */}
          <span className="flex h-5 min-w-0 flex-wrap gap-1 overflow-hidden">
            {category && (
              <span className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">
                <span className="sr-only">Category: </span>
                {category}
              </span>
            )}
            {department && (
              <span className="max-w-full truncate rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                <span className="sr-only">Department: </span>
                {department}
              </span>
            )}
          </span>
          <CardFigures agent={agent} className="text-slate-600" />
        </div>
        {/* One line: a long name ends in an ellipsis here (in full on the agent's page and in the
            link's name), so it never overflows the card nor makes it taller than its neighbours. */}
        <h3
          className={`truncate font-semibold leading-snug text-slate-900 ${list ? 'text-base sm:text-lg' : 'text-lg'}`}
        >
          <Link href={`/agents/${agent.id}`} title={agent.name} className="card-link group-hover:text-brand-700">
            <HighlightedText text={agent.name} segments={highlights?.name} />
          </Link>
        </h3>
        {/* As tall as its clamped lines even when the description is shorter. */}
        <p
          className={`text-sm text-slate-600 ${list ? 'line-clamp-2 h-10 sm:line-clamp-3 sm:h-15' : 'line-clamp-3 h-15'}`}
        >
          <HighlightedText text={agent.description} segments={highlights?.description} />
        </p>
        <CardStats agent={agent} />
        <div className={`mt-auto flex items-center justify-between text-sm ${list ? 'pt-1' : 'pt-2'}`}>
          {/* Room inside the truncating (clipping) line for the creator link's tap area and focus ring. */}
          <span className="-mx-1 -my-2 min-w-0 truncate px-1 py-2 text-slate-500">
            {reviewCount(agent.voteCount)}
            {/* Above the card's own link (docs/decisions/0028): the creator's page. Its text is 16 px
                tall; its vertical padding (which moves no line) makes a target of 24 px for a thumb, as
                WCAG's minimum asks, inside the line's own padding, so nothing clips it or its ring. */}
            {agent.creatorUsername && (
              <>
                {' · by '}
                <CreatorLink username={agent.creatorUsername} className="relative z-10 py-1" />
              </>
            )}
          </span>
          {/* The look of the cards' View link; the card itself is the link. */}
          {/* Text, not an icon: twelve icons would push a listing's HTML past the first round trip. */}
          <span aria-hidden className="shrink-0 font-medium text-brand-700">
            View ›
          </span>
        </div>
      </div>
    </article>
  );
});

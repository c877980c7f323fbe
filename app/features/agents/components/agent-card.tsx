import { memo } from 'react';
import { Coins } from 'lucide-react';
import { Link } from 'wouter';
import type { SearchHit } from '#common/search.ts';
import type { Agent } from '#common/types.ts';
import { GeneratedPicture } from '#app/components/ui/generated-picture.tsx';
import { plural } from '#app/lib/format.ts';
import { SaveButton } from '#app/components/saved/save-button.tsx';
import { AgentImage } from './agent-image';
import { CreatorLink } from './creator-link';
import { agentBadges, CardRating } from './card-rating';
import { HighlightedText } from './highlighted-text';

/**
 * The Browse Agents card, in grid or list layout. The whole card is one link, named by the agent
 * (the heading's link stretches over it: docs/decisions/0023-phone-first-lists.md). The list layout
 * is a compact row on phones: a small picture beside the text. Memoised: a list that grows (Load
 * More) does not render the cards it already shows again.
 */
export const AgentCard = memo(function AgentCard({ agent, layout = 'grid', eager = false }: { agent: Agent | SearchHit; layout?: 'grid' | 'list'; eager?: boolean }) {
  // Search hits carry the matched words (docs/decisions/0013-search.md).
  const highlights = 'highlights' in agent ? agent.highlights : undefined;
  const { department, category } = agentBadges(agent);
  const list = layout === 'list';
  return (
    <article
      data-agent-id={agent.id}
      // Cards in the first rows (eager) are in view at once; the rest wait until scrolled near.
      className={`group relative flex min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-200 hover:shadow-md ${list ? 'flex-row' : 'flex-col'} ${eager ? '' : `render-when-near ${list ? '[--near-size:8rem] sm:[--near-size:14rem]' : '[--near-size:26rem]'}`}`}
    >
      {/* Above the card's stretched link; it appears once the app has taken the page over. */}
      <div className={`absolute z-10 ${list ? 'bottom-2 left-2' : 'right-2 top-2'}`}>
        <SaveButton agent={agent} />
      </div>
      <div className={list ? 'w-24 shrink-0 self-stretch sm:w-56' : ''}>
        <AgentImage
          src={agent.thumbnailUrl ?? agent.imageUrl}
          alt=""
          eager={eager}
          className={list ? 'h-full min-h-24 w-full sm:aspect-[8/5] sm:h-auto' : undefined}
          // No picture: the generated one in the seed's style (docs/decisions/0028), never an emoji box.
          fallback={<GeneratedPicture seed={`agent-${agent.id}`} name={agent.name} className="size-full" />}
        />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col ${list ? 'gap-1 p-3 sm:gap-2 sm:p-4' : 'gap-2 p-4'}`}>
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs">
          <span className="flex min-w-0 flex-wrap gap-1">
            <span className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">
              <span className="sr-only">Department: </span>
              {department}
            </span>
            {category && (
              <span className="max-w-full truncate rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                <span className="sr-only">Category: </span>
                {category}
              </span>
            )}
          </span>
          <span className="flex items-center gap-3 text-slate-600">
            <CardRating averageRating={agent.averageRating} voteCount={agent.voteCount} />
            <span className="inline-flex items-center gap-1">
              <Coins aria-hidden className="size-3.5" />
              {plural(agent.creditCost, 'credit')}
            </span>
          </span>
        </div>
        <h3 className={`font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere] ${list ? 'text-base sm:text-lg' : 'text-lg'}`}>
          <Link href={`/agents/${agent.id}`} className="card-link group-hover:text-brand-700">
            <HighlightedText text={agent.name} segments={highlights?.name} />
          </Link>
        </h3>
        <p className={`text-sm text-slate-600 ${list ? 'line-clamp-2 sm:line-clamp-3' : 'line-clamp-3'}`}>
          <HighlightedText text={agent.description} segments={highlights?.description} />
        </p>
        <div className={`mt-auto flex items-center justify-between text-sm ${list ? 'pt-1' : 'pt-2'}`}>
          <span className="min-w-0 truncate text-slate-500">
            {plural(agent.voteCount, 'review')}
            {/* Above the card's own link (docs/decisions/0028): the creator's page. */}
            {agent.creatorUsername && (
              <>
                {' · by '}
                <CreatorLink username={agent.creatorUsername} className="relative z-10" />
              </>
            )}
          </span>
          {/* The look of the cards' View link; the card itself is the link. */}
          {/* Text, not an icon: twelve icons would push a listing's HTML past the first round trip. */}
          <span aria-hidden className="font-medium text-brand-700">
            View ›
          </span>
        </div>
      </div>
    </article>
  );
});

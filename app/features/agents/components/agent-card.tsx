import { memo } from 'react';
import { Coins, Star } from 'lucide-react';
import { Link } from 'wouter';
import type { SearchHit } from '../../../../common/search';
import type { Agent } from '../../../../common/types';
import { departmentEmoji } from '../../../lib/department-emoji';
import { formatRating, plural } from '../../../lib/format';
import { AgentImage } from './agent-image';
import { HighlightedText } from './highlighted-text';

/**
 * The Browse Agents card (SPEC section 2), in grid or list layout. Memoised: a list that grows (more
 * cards rendered, Load More) does not render the cards it already shows again.
 */
export const AgentCard = memo(function AgentCard({ agent, layout = 'grid', eager = false }: { agent: Agent | SearchHit; layout?: 'grid' | 'list'; eager?: boolean }) {
  // Search hits carry the matched words (docs/decisions/0013-search.md).
  const highlights = 'highlights' in agent ? agent.highlights : undefined;
  const department = agent.businessDepartment ?? 'General';
  const list = layout === 'list';
  return (
    <article
      // Cards in the first rows (eager) are in view at once; the rest wait until scrolled near.
      className={`group flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md ${list ? 'flex-col sm:flex-row' : 'flex-col'} ${eager ? '' : `render-when-near ${list ? '[--near-size:14rem]' : '[--near-size:26rem]'}`}`}
    >
      <div className={list ? 'sm:w-56 sm:shrink-0' : ''}>
        <AgentImage
          src={agent.imageUrl}
          alt=""
          eager={eager}
          fallback={<span className="text-5xl" aria-hidden>{departmentEmoji(department)}</span>}
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">{department}</span>
          <span className="flex items-center gap-3 text-slate-600">
            <span className="inline-flex items-center gap-1" aria-label={`Rating ${formatRating(agent.averageRating)}`}>
              <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
              {formatRating(agent.averageRating)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Coins aria-hidden className="size-3.5" />
              {plural(agent.creditCost, 'credit')}
            </span>
          </span>
        </div>
        <h3 className="text-lg font-semibold leading-snug text-slate-900">
          <HighlightedText text={agent.name} segments={highlights?.name} />
        </h3>
        {agent.businessCategory && <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{agent.businessCategory}</p>}
        <p className="line-clamp-3 text-sm text-slate-600">
          <HighlightedText text={agent.description} segments={highlights?.description} />
        </p>
        <div className="mt-auto flex items-center justify-between pt-2 text-sm">
          <span className="text-slate-500">{plural(agent.voteCount, 'review')}</span>
          <Link
            href={`/agents/${agent.id}`}
            className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
            aria-label={`View ${agent.name}`}
          >
            View
          </Link>
        </div>
      </div>
    </article>
  );
});

import { Award, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { CoverImage } from '#app/components/ui/cover-image.tsx';
import { plural } from '#app/lib/format.ts';
import { whatsNewAttribute } from '#app/lib/whats-new-marks.ts';
import { agentBadges } from '#app/features/agents/lib/badges.ts';
import { CardFigures } from './card-rating';
import { CardStats } from './card-stats';

/** docs/product.md#errors: browse cards fall back to a stock image when theirs is missing or fails. */
export const FALLBACK_IMAGE = '/agents/fallback.webp';
export const DEFAULT_DESCRIPTION = 'Advanced AI assistant for specialized tasks and solutions.';

/**
 * The card of the category-card browse variant (/categories). The whole card is one link named by
 * the agent (docs/decisions/0023-phone-first-lists.md); 'View' keeps the variant's look.
 */
export function CategoryAgentCard({ agent, eager = false }: { agent: Agent; eager?: boolean }) {
  const [src, setSrc] = useState<string | null>(agent.imageUrl || FALLBACK_IMAGE);
  const badge = agentBadges(agent);
  return (
    // Off screen (not eager), laid out only when scrolled near, held meanwhile at its own height
    // inside the borders (picture 11rem + padding 2.5rem + badges 1.5rem + gaps 2rem + name
    // 1.546875rem + description 3.75rem + stats 1.25rem + footer 3rem, 3.5rem on a phone, whose View
    // button is 44 px tall): every row is fixed, so a card coming into view moves nothing.
    <article
      data-agent-id={agent.id}
      // The entry starts the app when this agent is saved here and changed since (its 'Updated' mark).
      {...whatsNewAttribute(agent.whatsNewAt)}
      className={`group relative flex h-full w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg ${eager ? '' : 'render-when-near [--near-size:27.046875rem] md:[--near-size:26.546875rem]'}`}
    >
      <div className="relative">
        {src ? (
          <CoverImage
            src={src}
            eager={eager}
            // The stock image first; if even that fails, the plain panel below.
            onError={() => setSrc((current) => (current === FALLBACK_IMAGE ? null : FALLBACK_IMAGE))}
            className="h-44 w-full bg-slate-100 object-cover"
          />
        ) : (
          <div aria-hidden className="h-44 w-full bg-gradient-to-br from-brand-50 to-slate-200" />
        )}
        {agent.isFeatured && (
          <span className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2.5 py-1 text-xs font-semibold text-slate-900 shadow">
            <Award aria-hidden className="size-3.5" /> Featured
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-center justify-between gap-2 text-xs">
          {/* One badge here: the department, or the category when it names the same team. */}
          <span className="min-w-0 truncate rounded-md bg-slate-100 px-2 py-1 font-semibold uppercase tracking-wide text-slate-700">
            <span className="sr-only">{badge.department ? 'Department: ' : 'Category: '}</span>
            {badge.department ?? badge.category}
          </span>
          <CardFigures agent={agent} className="text-slate-700" costClassName="font-medium text-emerald-700" />
        </div>
        {/* One line, ending in an ellipsis when long (in full in the link's name and the tooltip). */}
        <h3 className="truncate text-lg font-semibold leading-snug text-slate-900">
          <Link href={`/agent/${agent.id}`} title={agent.name} className="card-link group-hover:text-brand-700">
            {agent.name}
          </Link>
        </h3>
        <p className="line-clamp-3 h-15 text-sm text-slate-600">{agent.description?.trim() || DEFAULT_DESCRIPTION}</p>
        <CardStats agent={agent} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <span className="inline-flex items-center gap-1 text-sm text-slate-600">
            <ThumbsUp aria-hidden className="size-4" />{' '}
            {agent.voteCount ? plural(agent.voteCount, 'vote') : 'No reviews yet'}
          </span>
          <span aria-hidden className={buttonClass('primary', 'sm')}>
            View ›
          </span>
        </div>
      </div>
    </article>
  );
}

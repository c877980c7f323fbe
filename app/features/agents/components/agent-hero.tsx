import type { Agent } from '#common/types.ts';
import { SaveButton } from '#app/components/saved/save-button.tsx';
import { formatRating, plural } from '#app/lib/format.ts';
import { GeneratedPicture } from '#app/components/ui/generated-picture.tsx';
import { HealthStatus } from '#app/components/ui/health-status.tsx';
import { agentBadges } from '#app/features/agents/lib/badges.ts';
import { triesThisMonthOnPage } from '#app/features/agents/lib/stats.ts';
import { AgentImage } from './agent-image';
import { CreatorLink } from './creator-link';
import { StarRating } from './star-rating';

/**
 * The detail page's header: picture (or the name's first letter), badges (category, then department,
 * as on cards), name, rating, health and use, description.
 */
export function AgentHero({ agent, reviewCount }: { agent: Agent; reviewCount: number }) {
  const { category, department } = agentBadges(agent);
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <div className="w-full overflow-hidden rounded-2xl border border-slate-200 bg-white md:w-72 md:shrink-0">
        <AgentImage
          src={agent.imageUrl}
          alt={`${agent.name} cover image`}
          eager
          fallback={<GeneratedPicture seed={`agent-${agent.id}`} name={agent.name} className="size-full" />}
        />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap gap-2">
          {category && (
            <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
              <span className="sr-only">Category: </span>
              {category}
            </span>
          )}
          {/* None when it names what the category does ('HR' and 'Human Resources'). */}
          {department && (
            <span className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
              <span className="sr-only">Department: </span>
              {department}
            </span>
          )}
        </div>
        <h1 className="mt-3 break-words text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{agent.name}</h1>
        {agent.creatorUsername && (
          <p className="mt-1 text-sm text-slate-600">
            by <CreatorLink username={agent.creatorUsername} className="inline-flex min-h-11 items-center sm:min-h-0" />
          </p>
        )}
        {/* Save keeps its distance from the rating by the row's gap, so on a line of its own it starts at the edge. */}
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          {reviewCount > 0 ? (
            <span className="inline-flex items-center gap-2">
              <StarRating value={agent.averageRating} size="md" />
              {/* What the score is: the plain average of the shown reviews (rankings damp it, docs/product.md#reviews). */}
              <span>
                <span className="font-semibold text-slate-900">{formatRating(agent.averageRating)}</span> from{' '}
                {plural(reviewCount, 'review')}
              </span>
            </span>
          ) : (
            // Five empty stars and '0.0' would read as a bad agent, not an unreviewed one.
            <span className="font-medium text-slate-700">No reviews yet</span>
          )}
          <SaveButton agent={agent} variant="page" />
        </div>
        {/* Whether it answers (checked hourly) and how much it is used (docs/decisions/0043). */}
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
          <HealthStatus health={agent.health} />
          <span>{triesThisMonthOnPage(agent.recentTries)}</span>
        </p>
        <p className="mt-4 text-lg text-slate-700">{agent.description}</p>
      </div>
    </div>
  );
}

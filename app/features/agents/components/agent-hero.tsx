import type { Agent } from '#common/types.ts';
import { SaveButton } from '#app/components/saved/save-button.tsx';
import { formatRating, plural } from '#app/lib/format.ts';
import { GeneratedPicture } from '#app/components/ui/generated-picture.tsx';
import { AgentImage } from './agent-image';
import { CreatorLink } from './creator-link';
import { sameBadge } from './card-rating';
import { StarRating } from './star-rating';

/** The detail page's header: picture (or the name's first letter), badges, name, rating, description. */
export function AgentHero({ agent, reviewCount }: { agent: Agent; reviewCount: number }) {
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
          {agent.businessCategory && (
            <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
              <span className="sr-only">Category: </span>
              {agent.businessCategory}
            </span>
          )}
          {/* One badge when department and category are the same word ('Sales' and 'Sales'). */}
          {agent.businessDepartment && !sameBadge(agent.businessDepartment, agent.businessCategory) && (
            <span className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
              <span className="sr-only">Department: </span>
              {agent.businessDepartment}
            </span>
          )}
        </div>
        <h1 className="mt-3 break-words text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{agent.name}</h1>
        {agent.creatorUsername && (
          <p className="mt-1 text-sm text-slate-600">
            by <CreatorLink username={agent.creatorUsername} className="inline-flex min-h-11 items-center sm:min-h-0" />
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <StarRating value={agent.averageRating} className="size-5" />
          {/* What the score is: the plain average of the shown reviews (rankings damp it, docs/product.md#reviews). */}
          <span>
            <span className="font-semibold text-slate-900">{formatRating(agent.averageRating)}</span> from{' '}
            {plural(reviewCount, 'review')}
          </span>
          <span className="ml-2">
            <SaveButton agent={agent} variant="page" />
          </span>
        </div>
        <p className="mt-4 text-lg text-slate-700">{agent.description}</p>
      </div>
    </div>
  );
}

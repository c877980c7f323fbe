import { ArrowUpRight, Star, Users } from 'lucide-react';
import type { Agent } from '#common/types.ts';
import { formatRating, plural } from '#app/lib/format.ts';
import { categoryLabel, monthlyPrice } from '#app/features/landing/lib/pricing.ts';
import { ExternalAgentLink } from './external-agent-link';
import { LandingImage } from './landing-image';
import { ViewDetailsLink } from './view-details-link';

/**
 * The SMB pitch's agent card (/agent91 and /agents-agent91): price badge '$X/month avg', category
 * label by id, rating out of 5, user count (its votes) and 'Try {name}' opening the agent.
 */
export function PricedAgentCard({
  agent,
  eager = false,
  showDetails = false,
}: {
  agent: Agent;
  eager?: boolean;
  showDetails?: boolean;
}) {
  return (
    <article className="relative flex h-full w-full flex-col overflow-hidden rounded-3xl border border-emerald-900/10 bg-white shadow-[0_1px_0_rgba(6,78,59,0.08),0_12px_32px_-16px_rgba(6,78,59,0.25)]">
      <div className="relative aspect-[8/5] w-full bg-gradient-to-br from-emerald-100 via-lime-50 to-amber-100">
        <LandingImage src={agent.imageUrl} eager={eager} className="absolute inset-0 h-full w-full object-cover" />
        <span className="absolute right-3 top-3 rounded-full bg-emerald-950 px-3 py-1 text-sm font-bold text-lime-300 shadow">
          ${monthlyPrice(agent)}/month avg
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-bold uppercase tracking-[0.14em] text-emerald-700">
          {categoryLabel(agent.categoryId)}
        </p>
        <h3 className="text-xl font-bold leading-tight text-emerald-950">{agent.name}</h3>
        <p className="line-clamp-3 text-sm text-slate-600">{agent.description}</p>
        <dl className="mt-auto flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <div>
            <dt className="sr-only">Rating</dt>
            <dd className="inline-flex items-center gap-1.5">
              <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
              <span>
                {agent.voteCount ? (
                  <>
                    <strong>{formatRating(agent.averageRating)}</strong>/5
                  </>
                ) : (
                  <strong>New</strong>
                )}
              </span>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Users</dt>
            <dd className="inline-flex items-center gap-1.5">
              <Users aria-hidden className="size-4 text-emerald-700" />
              {plural(agent.voteCount, 'user')}
            </dd>
          </div>
        </dl>
        <div className="flex flex-col gap-2 pt-1">
          <ExternalAgentLink
            agent={agent}
            className="relative z-[2] inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-emerald-700 px-4 text-center text-sm font-semibold text-white transition hover:bg-emerald-800"
          >
            Try {agent.name} <ArrowUpRight aria-hidden className="size-4" />
          </ExternalAgentLink>
          {showDetails && (
            <ViewDetailsLink
              agent={agent}
              className="text-center text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline"
            />
          )}
        </div>
      </div>
    </article>
  );
}

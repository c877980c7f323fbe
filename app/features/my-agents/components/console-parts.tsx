import { BarChart3, Pencil, Star } from 'lucide-react';
import { useState } from 'react';
import type { ConsoleAgent } from '#common/api-schemas.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { CoverImage } from '#app/components/ui/cover-image.tsx';
import { GeneratedPicture } from '#app/components/ui/generated-picture.tsx';
import { HealthStatus } from '#app/components/ui/health-status.tsx';
import { formatRating, plural } from '#app/lib/format.ts';
import { editHref, insightsHref, listingStatus } from '#app/features/my-agents/lib/console.ts';

const PILL = 'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium';
const DOT = 'size-2 shrink-0 rounded-full';

/** Listed or hidden, and whether its URL answers when it has been checked: words, the colour only repeats them. */
export function AgentStatus({ agent }: { agent: ConsoleAgent }) {
  const hidden = Boolean(agent.hiddenByModerators);
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`${PILL} ${hidden ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-800'}`}>
        <span aria-hidden className={`${DOT} ${hidden ? 'bg-amber-500' : 'bg-brand-600'}`} />
        {listingStatus(agent)}
      </span>
      <HealthStatus health={agent.health} wrap className="text-xs" />
    </span>
  );
}

/** The card's small cover (or the generated one), decorative: the name is beside it. */
export function CoverThumb({ agent, className }: { agent: ConsoleAgent; className: string }) {
  const src = agent.thumbnailUrl ?? agent.imageUrl;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={`aspect-[16/10] shrink-0 overflow-hidden rounded-md bg-slate-100 ${className}`}>
      {src && failed !== src ? (
        <CoverImage src={src} onError={() => setFailed(src)} className="size-full object-cover" />
      ) : (
        <GeneratedPicture seed={`agent-${agent.id}`} name={agent.name} className="size-full" />
      )}
    </div>
  );
}

/** Its average and how many reviews it rests on; 'No reviews yet' rather than a 0.0 that reads as bad. */
export function RatingFigure({ agent }: { agent: ConsoleAgent }) {
  if (!agent.voteCount) return <span className="text-slate-600">No reviews yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className="inline-flex items-center gap-1 font-semibold text-slate-900">
        <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
        {formatRating(agent.averageRating)}
        <span className="sr-only"> out of 5,</span>
      </span>
      <span className="text-slate-600">{plural(agent.voteCount, 'review')}</span>
    </span>
  );
}

/** Edit and Insights, 44 px tall each: the creator's everyday tools for one agent. */
export function AgentActions({ agent, className }: { agent: ConsoleAgent; className: string }) {
  const look = 'min-h-11';
  return (
    <div className={className}>
      <ButtonLink href={editHref(agent.id)} variant="secondary" className={look}>
        <Pencil aria-hidden className="size-4" /> Edit <span className="sr-only">{agent.name}</span>
      </ButtonLink>
      <ButtonLink href={insightsHref(agent.id)} variant="secondary" className={look}>
        <BarChart3 aria-hidden className="size-4" /> Insights <span className="sr-only">of {agent.name}</span>
      </ButtonLink>
    </div>
  );
}

import { Star } from 'lucide-react';
import type { RatingSummary } from '#common/types.ts';
import { plural } from '#app/lib/format.ts';

/**
 * The count for each star, as a list of text (the bars only repeat it for the eye). The average is
 * not repeated here: the page says it once, under the agent's name ('4.3 from 3 reviews').
 */
export function RatingHistogram({ summary }: { summary: RatingSummary }) {
  const rows = [5, 4, 3, 2, 1] as const;
  return (
    <ul aria-label="Ratings by star" className="flex w-full max-w-sm flex-col gap-1.5">
      {rows.map((stars) => {
        const n = summary.counts[stars - 1] ?? 0;
        const share = summary.total ? Math.round((n / summary.total) * 100) : 0;
        return (
          <li key={stars} className="flex items-center gap-2 text-sm text-slate-700">
            <span className="inline-flex w-16 shrink-0 items-center gap-1">
              {stars} <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
              <span className="sr-only">{stars === 1 ? 'star' : 'stars'}:</span>
            </span>
            <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
            </span>
            <span className="w-24 shrink-0 text-right">{plural(n, 'review')}</span>
          </li>
        );
      })}
    </ul>
  );
}

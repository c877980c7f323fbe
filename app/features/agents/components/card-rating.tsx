import { Coins, Star } from 'lucide-react';
import { formatRating, plural } from '#app/lib/format.ts';

/**
 * An agent's rating on a card: the average to one decimal, or nothing while nobody has reviewed it
 * (a '★ 0.0' reads as a bad agent, not an untried one; the card's footer says 'No reviews yet').
 */
function CardRating({ averageRating, voteCount }: { averageRating: number | null; voteCount: number }) {
  if (!voteCount) return null;
  return (
    <span className="inline-flex items-center gap-1">
      <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
      <span className="sr-only">Rating </span>
      {formatRating(averageRating)}
    </span>
  );
}

/** A card's rating and its cost per try, side by side. */
export function CardFigures({
  agent,
  className,
  costClassName = '',
}: {
  agent: { averageRating: number | null; voteCount: number; creditCost: number };
  className: string;
  costClassName?: string;
}) {
  return (
    <span className={`flex shrink-0 items-center gap-3 ${className}`}>
      <CardRating averageRating={agent.averageRating} voteCount={agent.voteCount} />
      <span className={`inline-flex items-center gap-1 ${costClassName}`}>
        <Coins aria-hidden className="size-3.5" />
        {plural(agent.creditCost, 'credit')}
      </span>
    </span>
  );
}

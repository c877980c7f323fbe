import { Coins, Star } from 'lucide-react';
import { formatRating, plural } from '#app/lib/format.ts';

/**
 * An agent's rating on a card: the average to one decimal, or 'New' while nobody has reviewed it
 * (a '★ 0.0' reads as a bad agent, not an untried one).
 */
function CardRating({
  averageRating,
  voteCount,
  className = '',
}: {
  averageRating: number | null;
  voteCount: number;
  className?: string;
}) {
  if (!voteCount)
    return (
      <span className={`rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800 ${className}`}>New</span>
    );
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
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

/**
 * The department and the business category as badges: one badge when they name the same thing
 * ('Sales' and 'Sales'), so a card never reads 'Sales | Sales'.
 */
export function agentBadges(agent: { businessDepartment: string | null; businessCategory: string | null }): {
  department: string;
  category: string | null;
} {
  const department = agent.businessDepartment ?? 'General';
  const category = agent.businessCategory?.trim() || null;
  return { department, category: category && !sameBadge(category, department) ? category : null };
}

/** Whether two badges name the same thing, whatever the case and the spaces around. */
export const sameBadge = (a: string | null | undefined, b: string | null | undefined): boolean =>
  Boolean(a && b) && a!.trim().toLowerCase() === b!.trim().toLowerCase();

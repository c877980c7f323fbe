import { BadgeCheck, ThumbsUp } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { SKELETONS } from '#common/constants.ts';
import type { Rating } from '#common/types.ts';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { LocalTime } from '#app/components/ui/local-time.tsx';
import { plural } from '#app/lib/format.ts';
import { useSetHelpful } from '#app/features/ratings/api/set-helpful.ts';
import { ReviewReply } from './review-reply';
import { ReviewStars } from './review-stars';

export const reviewerName = (r: Rating) => r.user?.username ?? `User ${r.userId}`;

/** 'Tried it': the author paid for a try of this agent (docs/product.md#reviews). */
export function TriedItBadge() {
  return (
    <span
      title="The author tried this agent with credits"
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800"
    >
      <BadgeCheck aria-hidden className="size-3.5" /> Tried it
    </span>
  );
}

function HelpfulButton({ review }: { review: Rating }) {
  const mutation = useSetHelpful();
  return (
    <button
      type="button"
      aria-pressed={review.helpedByMe}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { ratingId: review.id, agentId: review.agentId, helpful: !review.helpedByMe },
          {
            onError: (error) =>
              toast({ title: 'Error', description: errorMessage(error, 'Please try again'), variant: 'destructive' }),
          },
        )
      }
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm hover:bg-slate-100 ${review.helpedByMe ? 'font-semibold text-brand-700' : 'text-slate-600'}`}
    >
      <ThumbsUp aria-hidden className={`size-4 ${review.helpedByMe ? 'fill-current' : ''}`} /> Helpful
      <span className="sr-only">, review by {reviewerName(review)}:</span> ({review.helpfulCount})
    </button>
  );
}

/**
 * Memoised: the panel around re-renders on each of its own taps (Write a Review, the sort), and a
 * page of reviews re-rendered in that tap's task holds its answer back on a slow phone.
 */
export const ReviewList = memo(function ReviewList({
  ratings,
  loading,
  error,
  viewerId = null,
  creatorId = null,
  reportAction,
}: {
  ratings: Rating[] | undefined;
  loading: boolean;
  error: string | null;
  viewerId?: number | null;
  /** The agent's creator, who may reply under each review. */
  creatorId?: number | null;
  /** 'Report' for a review, given by the page (reports belong to the moderation feature). */
  reportAction?: (review: Rating, name: string) => ReactNode;
}) {
  if (loading)
    return (
      <div role="status" aria-label="Loading reviews" className="flex flex-col gap-4">
        {Array.from({ length: SKELETONS.reviews }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  if (error && !ratings)
    return (
      <p role="alert" className="text-sm text-red-700">
        Reviews could not be loaded: {error}
      </p>
    );
  if (!ratings || ratings.length === 0)
    return <p className="text-slate-600">No reviews yet. Be the first to review this agent!</p>;
  return (
    // Each review is laid out once near the screen (render-when-near): a tap on the Reviews tab, before
    // or after the app, draws the few in view, not a page of them (docs/decisions/0044). The clip
    // margin keeps a field's focus ring, at the edge of a reply, from being cut by its containment.
    <ul aria-label="Reviews" className="divide-y divide-slate-100">
      {ratings.map((r) => {
        const name = reviewerName(r);
        const own = viewerId !== null && r.userId === viewerId;
        return (
          <li
            key={r.id}
            aria-label={`Review by ${name}`}
            className="render-when-near flex gap-3 py-4 [--near-size:8rem] [overflow-clip-margin:0.5rem] first:pt-0 last:pb-0"
          >
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700"
            >
              {name.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="font-semibold text-slate-900">{name}</p>
                <ReviewStars value={r.rating} />
                {r.triedIt && <TriedItBadge />}
                <LocalTime value={r.updatedAt ?? r.createdAt} className="text-sm text-slate-600">
                  {r.updatedAt && r.updatedAt !== r.createdAt ? ' (edited)' : ''}
                </LocalTime>
              </div>
              {r.comment && <p className="mt-1 whitespace-pre-line break-words text-slate-700">{r.comment}</p>}
              <div className="mt-1 flex flex-wrap items-center gap-x-2">
                {viewerId !== null && !own ? (
                  <>
                    <HelpfulButton review={r} />
                    {reportAction?.(r, name)}
                  </>
                ) : (
                  r.helpfulCount > 0 && (
                    <p className="text-sm text-slate-600">
                      {plural(r.helpfulCount, 'person', 'people')} found this helpful
                    </p>
                  )
                )}
              </div>
              <ReviewReply review={r} canReply={viewerId !== null && viewerId === creatorId} />
            </div>
          </li>
        );
      })}
    </ul>
  );
});

import { EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Rating } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { LocalTime } from '#app/components/ui/local-time.tsx';
import { onDemand } from '#app/hooks/use-on-demand.ts';
import { TriedItBadge } from './review-list';
import { ReviewReply } from './review-reply';
import { ReviewStars } from './review-stars';

const deleteReviewDialog = onDemand(() => import('./delete-review-dialog'));

/** The 'Your review' region: its heading and stars, then what is said of it (published or waiting on this device). */
export function YourReviewFrame({
  rating,
  className,
  marks,
  children,
}: {
  rating: number;
  className: string;
  marks: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="your-review-heading" className={`rounded-xl border p-4 ${className}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id="your-review-heading" className="font-semibold text-slate-900">
          Your review
        </h3>
        <ReviewStars value={rating} />
        {marks}
      </div>
      {children}
    </section>
  );
}

/** 'Your review': the signed-in author's own review with Edit and Delete (docs/product.md#reviews). */
export function YourReview({
  review,
  onEdit,
  onDeleted,
}: {
  review: Rating;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const dialog = deleteReviewDialog.useModule(confirming);
  return (
    <YourReviewFrame
      rating={review.rating}
      className="border-brand-200 bg-brand-50/40"
      marks={
        <>
          {review.triedIt && <TriedItBadge />}
          <LocalTime value={review.updatedAt} className="text-sm text-slate-600" />
        </>
      }
    >
      {review.hiddenByModerators && (
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900">
          <EyeOff aria-hidden className="size-4" /> Hidden by moderators: others do not see this review and it does not
          count in the score.
        </p>
      )}
      {review.comment && <p className="mt-2 whitespace-pre-line break-words text-slate-700">{review.comment}</p>}
      <ReviewReply review={review} canReply={false} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit}>
          <Pencil aria-hidden className="size-4" /> Edit your review
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="size-4" /> Delete review
        </Button>
      </div>
      {dialog && (
        <dialog.default
          ratingId={review.id}
          agentId={review.agentId}
          onClose={() => setConfirming(false)}
          onDeleted={onDeleted}
        />
      )}
    </YourReviewFrame>
  );
}

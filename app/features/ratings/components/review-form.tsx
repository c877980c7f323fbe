import { useState } from 'react';
import { RATING_DEFAULT } from '#common/constants.ts';
import type { Rating } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { CommentField } from '#app/components/ui/comment-field.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { useCreateRating } from '#app/features/ratings/api/create-rating.ts';
import { RatingInput } from './rating-input';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

/**
 * The signed-in user's review form (docs/product.md#states: pending 'Submitting...', reset on success). With
 * `existing` it edits that review: prefilled, 'Update review' (docs/product.md#reviews).
 */
export function ReviewForm({
  agentId,
  userId,
  existing,
  onSubmitted,
}: {
  agentId: number;
  userId: number;
  existing?: Rating | null;
  onSubmitted: () => void;
}) {
  const [rating, setRating] = useState<number>(existing?.rating ?? RATING_DEFAULT);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const editing = !!existing;
  // How it went is said by the mutation itself, not by this form's call: the person may have opened
  // another page (another agent's, which drops this form) before the answer, and still hears it.
  const mutation = useSingleFlight(
    useCreateRating({
      onSuccess: (delivery) =>
        toast(
          delivery === 'queued'
            ? {
                title: 'Review saved on this device',
                description: 'It will be sent by itself when you are back online (see Settings, On this device).',
              }
            : editing
              ? { title: 'Review updated', description: 'Your changes are saved.' }
              : { title: 'Review submitted', description: 'Thank you for your feedback.' },
        ),
      onError: (error) =>
        toast({
          title: 'Error',
          description: error.message ? `Failed to submit review: ${error.message}` : 'Failed to submit rating',
          variant: 'destructive',
        }),
    }),
  );
  return (
    <AppForm
      aria-label={editing ? 'Edit your review' : 'Write a review'}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(
          { agentId, userId, rating, comment: comment.trim() || undefined },
          {
            onSuccess: () => {
              setRating(RATING_DEFAULT);
              setComment('');
              onSubmitted();
            },
          },
        );
      }}
    >
      <RatingInput name={`rating-${agentId}`} value={rating} onChange={setRating} disabled={mutation.isPending} />
      <CommentField
        id={`review-comment-${agentId}`}
        label="Comment"
        value={comment}
        onChange={setComment}
        rows={4}
        disabled={mutation.isPending}
        placeholder="What did the agent do well? What could be better?"
      />
      <div>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending
            ? editing
              ? 'Updating...'
              : 'Submitting...'
            : editing
              ? 'Update review'
              : 'Submit Review'}
        </Button>
      </div>
    </AppForm>
  );
}

import { onlineManager, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { Agent } from '#common/types.ts';
import type { reviewSchema } from '#common/validation.ts';
import { newIdempotencyKey } from '#app/lib/idempotency.ts';
import { submitThroughOutbox } from '#app/lib/outbox.ts';
import { agentKeys } from '#app/lib/query-keys.ts';
import { reviewsChanged } from './reviews-changed';

/** A review's body for POST /api/ratings, as the route's validator passes it on. */
export type CreateRatingInput = v.InferOutput<typeof reviewSchema>;

/** `sent`: the server has it; `queued`: kept on this device, sent by itself when the signal returns. */
export type RatingDelivery = 'sent' | 'queued';

/**
 * POST /api/ratings (a second review of the same agent edits the first: docs/product.md#reviews),
 * submitted through the outbox, as proposals are (docs/decisions/0027): written to this
 * device before the page says it is saved, sent now when online with its Idempotency-Key, otherwise
 * when the signal returns (Background Sync, or the app's next start or reconnect). A refusal (a 4xx)
 * is thrown with the server's message.
 */
export async function submitRating(queryClient: QueryClient, input: CreateRatingInput): Promise<RatingDelivery> {
  const name = queryClient.getQueryData<Agent>(agentKeys.detail(input.agentId))?.name ?? `agent ${input.agentId}`;
  const result = await submitThroughOutbox(
    {
      id: newIdempotencyKey(),
      kind: 'review',
      label: `Review of ${name}`,
      url: '/api/ratings',
      body: input,
      agentId: input.agentId,
    },
    { online: onlineManager.isOnline() },
  );
  if (result.kind === 'refused' || result.kind === 'not-saved') throw new Error(result.message);
  return result.kind;
}

/**
 * `onSuccess` and `onError` are the mutation's own: they run even once the component that sent it
 * has gone (the person opened another page before the answer), unlike those given to `mutate`.
 */
export function useCreateRating({
  onSuccess,
  onError,
}: {
  onSuccess?: (delivery: RatingDelivery, input: CreateRatingInput) => void;
  onError?: (error: Error) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRatingInput) => submitRating(queryClient, input),
    // Never paused by TanStack: offline, the outbox keeps the review and says so.
    networkMode: 'always',
    onSuccess: async (delivery, input) => {
      if (delivery === 'sent') await reviewsChanged(queryClient, input.agentId);
      onSuccess?.(delivery, input);
    },
    onError,
  });
}

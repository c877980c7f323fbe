import type { Rating } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { useReplyMutation } from './reply-mutation';

/** PUT /api/ratings/{id}/reply: the creator's one public reply, written or replaced. */
export async function saveReply(input: { ratingId: number; agentId: number; body: string }): Promise<Rating> {
  return unwrap(
    await api.ratings[':id'].reply.$put({ param: { id: String(input.ratingId) }, json: { body: input.body } }),
  );
}

export const useSaveReply = () => useReplyMutation(saveReply);

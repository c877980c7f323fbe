import { api, unwrap } from '#app/lib/api-client.ts';
import { useReplyMutation } from './reply-mutation';

/** DELETE /api/ratings/{id}/reply. */
export async function deleteReply(input: { ratingId: number; agentId: number }): Promise<void> {
  await unwrap(await api.ratings[':id'].reply.$delete({ param: { id: String(input.ratingId) } }));
}

export const useDeleteReply = () => useReplyMutation(deleteReply);

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rating } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { ratingKeys } from './keys';

/** PUT /api/ratings/{id}/reply: the creator's one public reply, written or replaced. */
export async function saveReply(input: { ratingId: number; agentId: number; body: string }): Promise<Rating> {
  return unwrap<Rating>(await api.ratings[':id'].reply.$put({ param: { id: String(input.ratingId) }, json: { body: input.body } }));
}

export function useSaveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReply,
    networkMode: 'always',
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: ratingKeys.byAgent(input.agentId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { ratingKeys } from './keys';

/** DELETE /api/ratings/{id}/reply. */
export async function deleteReply(input: { ratingId: number; agentId: number }): Promise<void> {
  await unwrap(await api.ratings[':id'].reply.$delete({ param: { id: String(input.ratingId) } }));
}

export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReply,
    networkMode: 'always',
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: ratingKeys.byAgent(input.agentId) }),
  });
}

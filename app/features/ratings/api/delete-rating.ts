import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { reviewsChanged } from './reviews-changed';

/** DELETE /api/ratings/{id}: the author's own review. */
export async function deleteRating(input: { id: number; agentId: number }): Promise<void> {
  await unwrap(await api.ratings[':id'].$delete({ param: { id: String(input.id) } }));
}

export function useDeleteRating({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRating,
    networkMode: 'always',
    onSuccess: async (_, input) => {
      await reviewsChanged(queryClient, input.agentId);
      onSuccess?.();
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rating } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';
import { ratingKeys } from './keys';

export interface CreateRatingInput {
  agentId: number;
  userId?: number;
  rating: number;
  comment?: string;
}

/** POST /api/ratings. A second review of the same agent edits the first (DESIGN decision 7). */
export async function createRating(input: CreateRatingInput): Promise<Rating> {
  return unwrap<Rating>(
    await api.ratings.$post({ json: input }),
  );
}

export function useCreateRating({ onSuccess }: { onSuccess?: (rating: Rating, input: CreateRatingInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    // A review needs a connection; failing at once beats a silently paused request.
    networkMode: 'always',
    onSuccess: async (rating, input) => {
      await queryClient.invalidateQueries({ queryKey: ratingKeys.byAgent(input.agentId) });
      onSuccess?.(rating, input);
    },
  });
}

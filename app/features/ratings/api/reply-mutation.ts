import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ratingKeys } from './keys';

/** A creator's change to a review's reply (saved or deleted): sent at once, then the agent's reviews are read again. */
export function useReplyMutation<T, I extends { agentId: number }>(mutationFn: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    networkMode: 'always',
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: ratingKeys.byAgent(input.agentId) }),
  });
}

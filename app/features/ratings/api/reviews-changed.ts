import type { QueryClient } from '@tanstack/react-query';
import { agentKeys } from '#app/lib/query-keys.ts';
import { ratingKeys } from './keys';

/**
 * What a review sent, edited or deleted changes: the agent's reviews, and its average and count on
 * its page and in every list. Called from the mutations' own onSuccess, which runs even when the
 * form or dialog that sent it is gone by then (a deleted review's dialog goes with 'Your review').
 */
export const reviewsChanged = (queryClient: QueryClient, agentId: number): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ratingKeys.byAgent(agentId) }),
    queryClient.invalidateQueries({ queryKey: agentKeys.detail(agentId) }),
    queryClient.invalidateQueries({ queryKey: agentKeys.lists() }),
  ]);

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rating } from '../../../../common/types';
import { unwrap } from '../../../lib/api-client';
import { ratingKeys } from './keys';

/** GET /api/agents/{id}/ratings: newest first, each with the reviewer's username. */
export async function getAgentRatings(agentId: number): Promise<Rating[]> {
  return unwrap<Rating[]>(await fetch(`/api/agents/${agentId}/ratings`, { credentials: 'include', headers: { Accept: 'application/json' } }));
}

export const getAgentRatingsQueryOptions = (agentId: number) =>
  queryOptions({ queryKey: ratingKeys.byAgent(agentId), queryFn: () => getAgentRatings(agentId), enabled: agentId > 0 });

export const useAgentRatings = (agentId: number) => useQuery(getAgentRatingsQueryOptions(agentId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rating } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';
import { ratingKeys } from './keys';

/** GET /api/agents/{id}/ratings: newest first, each with the reviewer's username. */
export async function getAgentRatings(agentId: number): Promise<Rating[]> {
  return unwrap<Rating[]>(await api.agents[':id'].ratings.$get({ param: { id: String(agentId) } }));
}

export const getAgentRatingsQueryOptions = (agentId: number) =>
  queryOptions({
    queryKey: ratingKeys.byAgent(agentId),
    queryFn: () => getAgentRatings(agentId),
    enabled: agentId > 0,
  });

export const useAgentRatings = (agentId: number) => useQuery(getAgentRatingsQueryOptions(agentId));

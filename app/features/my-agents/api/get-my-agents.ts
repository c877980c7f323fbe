import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { myAgentsKeys } from './keys';

/** Every agent the user created (GET /api/agents/creator/{userId}). */
export const getMyAgents = async (userId: number): Promise<Agent[]> =>
  unwrap(await api.agents.creator[':userId'].$get({ param: { userId: String(userId) }, query: {} }));

export const getMyAgentsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: myAgentsKeys.list(userId),
    queryFn: () => getMyAgents(userId),
    // docs/product.md#screens: My Agents is the one list refetched when the window regains focus (and when reopened).
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useMyAgents = (userId: number | undefined) =>
  useQuery({ ...getMyAgentsQueryOptions(userId ?? 0), enabled: Boolean(userId) });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentInsights } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { myAgentsKeys } from '#app/lib/query-keys.ts';

/** Minutes east of UTC of this device now: the server groups the days of the person's calendar. */
export const deviceUtcOffset = (): number => -new Date().getTimezoneOffset();

/** GET /api/agents/{id}/insights (the agent's creator only). */
export const getInsights = async (agentId: number, days: number, utcOffset: number): Promise<AgentInsights> =>
  unwrap(
    await api.agents[':id'].insights.$get({
      param: { id: String(agentId) },
      query: { days: String(days), utcOffset: String(utcOffset) },
    }),
  );

export const getInsightsQueryOptions = (agentId: number, days: number, utcOffset: number) =>
  queryOptions({
    queryKey: myAgentsKeys.insights(agentId, days, utcOffset),
    queryFn: () => getInsights(agentId, days, utcOffset),
    staleTime: 0,
  });

export const useInsights = (agentId: number | null, days: number) => {
  const offset = deviceUtcOffset();
  return useQuery({
    ...getInsightsQueryOptions(agentId ?? 0, days, offset),
    enabled: agentId !== null,
    placeholderData: keepPreviousData,
  });
};

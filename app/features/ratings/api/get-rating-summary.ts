import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingSummary } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { ratingKeys } from './keys';

/** GET /api/agents/{id}/ratings/summary: the count for each star and the caller's own review. */
export async function getRatingSummary(agentId: number): Promise<RatingSummary> {
  return unwrap(await api.agents[':id'].ratings.summary.$get({ param: { id: String(agentId) } }));
}

export const getRatingSummaryQueryOptions = (agentId: number, viewerId: number | null) =>
  queryOptions({
    queryKey: ratingKeys.summary(agentId, viewerId ?? 0),
    queryFn: () => getRatingSummary(agentId),
    enabled: agentId > 0,
  });

/** `shown`: asked only once its panel is on screen (a hidden tab's, in the page from the server, asks nothing). */
export const useRatingSummary = (agentId: number, viewerId: number | null, shown = true) => {
  const options = getRatingSummaryQueryOptions(agentId, viewerId);
  return useQuery({ ...options, enabled: options.enabled && shown });
};

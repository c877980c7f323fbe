import { queryOptions, useQuery } from '@tanstack/react-query';
import { LANDING_AGENT_COUNT, LANDING_GC_MS, LANDING_STALE_MS } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { api, unwrapPage } from '#app/lib/api-client.ts';
import { refetchUnlessServed } from '#app/lib/served-with-page.ts';
import { agentKeys, type AgentListParams } from './keys';

export async function getAgents(params: AgentListParams = {}): Promise<{ items: Agent[]; total: number }> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query[key] = String(value);
  return unwrapPage(await api.agents.$get({ query }));
}

export const getAgentsQueryOptions = (params: AgentListParams = {}) =>
  queryOptions({ queryKey: agentKeys.list(params), queryFn: () => getAgents(params) });

export const useAgents = (
  params: AgentListParams = {},
  options: {
    staleTime?: number;
    gcTime?: number;
    refetchOnMount?: typeof refetchUnlessServed | boolean | 'always';
    enabled?: boolean;
  } = {},
) => useQuery({ ...getAgentsQueryOptions(params), ...options });

/**
 * A landing's agents (docs/product.md#landings), cached like a landing: loading while the first answer
 * is on its way online, failed once it cannot come (an error, or offline with nothing saved).
 */
export function useLandingAgents(params: Omit<AgentListParams, 'limit'> = {}) {
  const { data, isPending, isError, fetchStatus } = useAgents(
    { limit: LANDING_AGENT_COUNT, ...params },
    { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS },
  );
  const paused = usePaused({ fetchStatus });
  return { agents: data?.items ?? [], loading: isPending && !paused, failed: !data && (isError || paused) };
}

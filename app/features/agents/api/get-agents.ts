import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent } from '#common/types.ts';
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

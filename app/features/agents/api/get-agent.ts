import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentKeys } from './keys';

export const getAgent = async (id: number): Promise<Agent> =>
  unwrap(await api.agents[':id'].$get({ param: { id: String(id) } }));

export const getAgentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: () => getAgent(id),
    enabled: Number.isSafeInteger(id) && id > 0,
  });

export const useAgent = (id: number) => useQuery(getAgentQueryOptions(id));

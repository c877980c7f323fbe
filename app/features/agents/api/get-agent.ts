import { queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_DATA_ELEMENT_ID } from '../../../../common/constants';
import type { Agent } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';
import { PAGE_LOADED_AT } from '../../../lib/page-loaded-at';
import { agentKeys } from './keys';

export const getAgent = async (id: number): Promise<Agent> =>
  unwrap<Agent>(await api.agents[':id'].$get({ param: { id: String(id) } }));

export const getAgentQueryOptions = (id: number) =>
  queryOptions({ queryKey: agentKeys.detail(id), queryFn: () => getAgent(id), enabled: Number.isSafeInteger(id) && id > 0 });

/** The agent the worker embedded in this page's HTML (/agents/{id} loaded directly), if it is this one. */
export function embeddedAgent(id: number, doc: Document = document): Agent | undefined {
  const text = doc.getElementById(AGENT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const agent = JSON.parse(text) as Agent;
    return agent && agent.id === id ? agent : undefined;
  } catch {
    return undefined;
  }
}

export const useAgent = (id: number) =>
  useQuery({ ...getAgentQueryOptions(id), initialData: () => embeddedAgent(id), initialDataUpdatedAt: PAGE_LOADED_AT });

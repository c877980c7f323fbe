import { useMutation } from '@tanstack/react-query';
import type { Agent } from '#common/types.ts';
import type { AgentData } from '#common/validation.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentFormKeys } from './keys';

/** Lists a new agent; the server makes the caller its creator. */
export async function createAgent(data: AgentData): Promise<Agent> {
  const res = await api.agents.$post({ json: data });
  return unwrap(res);
}

export const useCreateAgent = () => useMutation({ mutationKey: agentFormKeys.create, mutationFn: createAgent });

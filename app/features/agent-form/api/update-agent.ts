import { useMutation } from '@tanstack/react-query';
import type { Agent } from '#common/types.ts';
import type { AgentData } from '#common/validation.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentFormKeys } from './keys';

/** Saves changes to an agent; only its creator may (the server checks). */
export async function updateAgent({ id, data }: { id: number; data: AgentData }): Promise<Agent> {
  const res = await api.agents[':id'].$put({ param: { id: String(id) }, json: data });
  return unwrap(res);
}

export const useUpdateAgent = () => useMutation({ mutationKey: agentFormKeys.update, mutationFn: updateAgent });

import { useMutation } from '@tanstack/react-query';
import type { Agent } from '../../../../common/types';
import type { AgentData } from '../../../../common/validation';
import { unwrap } from '../../../lib/api-client';
import { agentFormKeys } from './keys';

/** Saves changes to an agent; only its creator may (the server checks). */
export async function updateAgent({ id, data }: { id: number; data: AgentData }): Promise<Agent> {
  const res = await fetch(`/api/agents/${id}`, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(data),
  });
  return unwrap<Agent>(res);
}

export const useUpdateAgent = () => useMutation({ mutationKey: agentFormKeys.update, mutationFn: updateAgent });

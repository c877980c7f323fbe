import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentKeys } from './keys';
import { myAgentsKeys } from '#app/lib/query-keys.ts';

export async function deleteAgent(agentId: number): Promise<void> {
  const res = await api.agents[':id'].$delete({ param: { id: String(agentId) } });
  // 204 has no body to read.
  if (res.ok) return;
  await unwrap(res);
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    networkMode: 'always',
    onSuccess: () => {
      // Every list may hold it, the creator's own list ('my-agents', owned elsewhere) included. The
      // detail query is left alone: refetching it now would flash 'Agent Not Found' before the
      // caller navigates away, so the caller removes it afterwards (removeDeletedAgent).
      void queryClient.invalidateQueries({ queryKey: agentKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...agentKeys.all, 'search'] });
      void queryClient.invalidateQueries({ queryKey: [...agentKeys.all, 'creator'] });
      void queryClient.invalidateQueries({ queryKey: myAgentsKeys.all });
    },
  });
}

/** Forgets a deleted agent's page (also in the offline copy) once nothing shows it any more. */
export const removeDeletedAgent = (queryClient: QueryClient, agentId: number) =>
  queryClient.removeQueries({ queryKey: agentKeys.detail(agentId) });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TryResult } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';
import { creditKeys, sessionKeys } from '../../../lib/query-keys';

/**
 * POST /api/agents/{id}/try: the server debits the credits (DESIGN decision 1) and answers with the
 * new balance and the agent's URL. The idempotency key makes a retried request debit once.
 */
export async function tryAgent({ agentId, idempotencyKey }: { agentId: number; idempotencyKey: string }): Promise<TryResult> {
  return unwrap<TryResult>(
    await api.agents[':id'].try.$post({ param: { id: String(agentId) } }, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useTryAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tryAgent,
    // Trying needs a connection: fail at once instead of queueing a debit for later.
    networkMode: 'always',
    onSuccess: ({ balance, consumed }) => {
      // The navbar reads the balance from the session query; the auth feature owns that key, so it
      // is written here by value rather than imported (features stay independent).
      queryClient.setQueryData<{ credits: number; consumed: number }>(sessionKeys.session, (user) =>
        user ? { ...user, credits: balance, consumed } : user,
      );
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    },
  });
}

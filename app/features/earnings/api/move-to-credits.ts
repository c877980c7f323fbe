import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { retryWithSameKey } from '#app/lib/idempotency.ts';
import { creditKeys, myAgentsKeys, sessionKeys } from '#app/lib/query-keys.ts';

/**
 * POST /api/earnings/to-credits: every whole credit of the available earnings becomes spendable
 * credits. One key per tap, sent again with each retry, so a lost answer never moves twice.
 */
export async function moveToCredits({ idempotencyKey }: { idempotencyKey: string }) {
  return unwrap(
    await api.earnings['to-credits'].$post({ json: {} }, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useMoveToCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToCredits,
    networkMode: 'always',
    ...retryWithSameKey,
    onSuccess: ({ balance, consumed, earnings }) => {
      queryClient.setQueryData(myAgentsKeys.earnings(), earnings);
      // The navbar reads the balance from the session query (written by value, as a try does).
      queryClient.setQueryData<{ credits: number; consumed: number }>(sessionKeys.session, (user) =>
        user ? { ...user, credits: balance, consumed } : user,
      );
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
      void queryClient.invalidateQueries({ queryKey: myAgentsKeys.statements() });
    },
  });
}

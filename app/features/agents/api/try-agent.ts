import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TryResult } from '#common/types.ts';
import { api, ApiError, unwrap } from '#app/lib/api-client.ts';
import { creditKeys, sessionKeys } from '#app/lib/query-keys.ts';
import { retryWithSameKey } from '#app/lib/idempotency.ts';

/**
 * POST /api/agents/{id}/try: the server debits the credits (docs/product.md#credits) and answers with the
 * new balance and the agent's URL. The idempotency key makes a retried request debit once.
 */
export async function tryAgent({
  agentId,
  idempotencyKey,
  expectedCost,
}: {
  agentId: number;
  idempotencyKey: string;
  expectedCost: number;
}): Promise<TryResult> {
  const res = await api.agents[':id'].try.$post(
    { param: { id: String(agentId) }, json: { expectedCost } },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  if (res.status === 409) {
    // docs/product.md#credits: the cost changed since the page showed it; nothing was charged.
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { message?: string; creditCost?: unknown } | null;
    if (body && typeof body.creditCost === 'number' && typeof body.message === 'string')
      throw new PriceChangedError(body.message, body.creditCost);
  }
  return unwrap(res);
}

/** A try refused because the agent's price is no longer the one shown; carries the new price. */
export class PriceChangedError extends ApiError {
  constructor(
    message: string,
    readonly creditCost: number,
  ) {
    super(409, message);
  }
}

/**
 * GET /api/agents/{id}/try/{key}: how a try whose answer was lost ended (a reloaded page asks). Its
 * first answer, or a 404 ApiError when nothing was charged; it never charges.
 */
export async function checkTry({
  agentId,
  idempotencyKey,
}: {
  agentId: number;
  idempotencyKey: string;
}): Promise<TryResult> {
  return unwrap(await api.agents[':id'].try[':key'].$get({ param: { id: String(agentId), key: idempotencyKey } }));
}

function useTryMutation<V>(mutationFn: (variables: V) => Promise<TryResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Trying needs a connection: fail at once instead of queueing a debit for later. A request
    // whose answer was lost is sent again with its key (the server answers it once).
    networkMode: 'always',
    ...retryWithSameKey,
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

export const useTryAgent = () => useTryMutation(tryAgent);
export const useCheckTry = () => useTryMutation(checkTry);

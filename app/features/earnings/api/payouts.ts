import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payout, PayoutAccountStatus } from '#common/types.ts';
import { api, unwrap, type OkAnswer } from '#app/lib/api-client.ts';
import { retryWithSameKey } from '#app/lib/idempotency.ts';
import { myAgentsKeys } from '#app/lib/query-keys.ts';

/** A payout's answer: the payout and the earnings it left (docs/decisions/0029, '## Payouts'). */
type PayoutResult = OkAnswer<typeof api.earnings.payouts.$post>;

export const getPayoutAccount = async (): Promise<PayoutAccountStatus> =>
  unwrap(await api.earnings['payout-account'].$get());

export const usePayoutAccount = () =>
  useQuery(queryOptions({ queryKey: myAgentsKeys.payoutAccount(), queryFn: getPayoutAccount, staleTime: 0 }));

export const getPayouts = async (): Promise<Payout[]> => (await unwrap(await api.earnings.payouts.$get())).payouts;

export const usePayouts = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: myAgentsKeys.payouts(), queryFn: getPayouts, staleTime: 0, enabled }));

/** Where to go to connect: Stripe's onboarding (a full navigation, as Stripe requires) or the test page. */
export const useConnectPayoutAccount = () =>
  useMutation({
    mutationFn: async (): Promise<{ url: string }> => unwrap(await api.earnings['payout-account'].$post()),
  });

/** The test onboarding page connects a pretend account (test mode only). */
export function useConnectSandboxAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PayoutAccountStatus> => unwrap(await api.earnings['payout-account'].sandbox.$post()),
    onSuccess: (status) => queryClient.setQueryData(myAgentsKeys.payoutAccount(), status),
  });
}

/** Writes a payout's answer into the card's queries: its row in the list and the balance it left. */
function useStorePayout() {
  const queryClient = useQueryClient();
  return ({ payout, earnings }: PayoutResult) => {
    queryClient.setQueryData(myAgentsKeys.earnings(), earnings);
    queryClient.setQueryData<Payout[]>(myAgentsKeys.payouts(), (list = []) =>
      [payout, ...list.filter((p) => p.id !== payout.id)].sort((a, b) => b.id - a.id),
    );
  };
}

/**
 * POST /api/earnings/payouts: one key per tap, sent again with each retry, so a lost answer never
 * pays out twice.
 */
export function useRequestPayout() {
  const store = useStorePayout();
  return useMutation({
    mutationFn: async ({
      amountCents,
      idempotencyKey,
    }: {
      amountCents: number;
      idempotencyKey: string;
    }): Promise<PayoutResult> =>
      unwrap(
        await api.earnings.payouts.$post({ json: { amountCents } }, { headers: { 'Idempotency-Key': idempotencyKey } }),
      ),
    networkMode: 'always',
    ...retryWithSameKey,
    onSuccess: store,
  });
}

/** The test page's confirm (or failure) of a pending test transfer, standing in for Stripe's webhook. */
export function useSettleSandboxPayout() {
  const store = useStorePayout();
  return useMutation({
    mutationFn: async ({ id, outcome }: { id: number; outcome: 'paid' | 'failed' }): Promise<PayoutResult> =>
      unwrap(await api.earnings.payouts[':id'].sandbox.$post({ param: { id: String(id) }, json: { outcome } })),
    onSuccess: store,
  });
}

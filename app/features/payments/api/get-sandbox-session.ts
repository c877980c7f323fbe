import { queryOptions, useQuery } from '@tanstack/react-query';
import { CENTS_PER_CREDIT } from '#common/constants.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { paymentKeys } from './keys';

export interface SandboxSession {
  id: string;
  credits: number;
  amountCents: number;
  status: 'open' | 'completed' | 'expired';
}

/** A test-mode checkout session the signed-in user opened. */
export async function getSandboxSession(id: string): Promise<SandboxSession> {
  const res = await api.payments.sandbox[':id'].$get({ param: { id } });
  const body = await unwrap<Partial<SandboxSession> & { amount?: number }>(res);
  const credits = Number(body.credits ?? 0);
  return {
    id: String(body.id ?? id),
    credits,
    amountCents: Number(body.amountCents ?? (body.amount !== undefined ? body.amount : credits * CENTS_PER_CREDIT)),
    status: body.status ?? 'open',
  };
}

export const getSandboxSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentKeys.sandbox(id), queryFn: () => getSandboxSession(id), staleTime: 0, gcTime: 0 });

export const useSandboxSession = (id: string) => useQuery(getSandboxSessionQueryOptions(id));

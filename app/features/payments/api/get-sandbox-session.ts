import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { paymentKeys } from './keys';

/** A test-mode checkout session the signed-in user opened: its id, credits, amountCents and status. */
export const getSandboxSession = async (id: string) =>
  unwrap(await api.payments.sandbox[':id'].$get({ param: { id } }));

export const getSandboxSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentKeys.sandbox(id), queryFn: () => getSandboxSession(id), staleTime: 0, gcTime: 0 });

export const useSandboxSession = (id: string) => useQuery(getSandboxSessionQueryOptions(id));

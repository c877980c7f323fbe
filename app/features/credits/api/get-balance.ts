import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { creditKeys } from './keys';

/** The server's balance (docs/product.md#credits: the server is the authority for credits). */
export async function getBalance(): Promise<Balance> {
  const res = await api.credits.balance.$get();
  return unwrap<Balance>(res);
}

export const getBalanceQueryOptions = () => queryOptions({ queryKey: creditKeys.balance(), queryFn: getBalance, staleTime: 0 });

export const useBalance = (enabled = true) => useQuery({ ...getBalanceQueryOptions(), enabled });

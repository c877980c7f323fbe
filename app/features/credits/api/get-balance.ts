import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '../../../../common/types';
import { unwrap } from '../../../lib/api-client';
import { creditKeys } from './keys';

/** The server's balance (DESIGN decision 1: the server is the authority for credits). */
export async function getBalance(): Promise<Balance> {
  const res = await fetch('/api/credits/balance', { credentials: 'include', headers: { Accept: 'application/json' } });
  return unwrap<Balance>(res);
}

export const getBalanceQueryOptions = () => queryOptions({ queryKey: creditKeys.balance(), queryFn: getBalance, staleTime: 0 });

export const useBalance = (enabled = true) => useQuery({ ...getBalanceQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditTransaction } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { creditKeys } from './keys';

/** The caller's ledger, newest first. */
export async function getTransactions(): Promise<CreditTransaction[]> {
  return unwrap(await api.credits.transactions.$get());
}

export const getTransactionsQueryOptions = () =>
  // Credits change through tries and purchases elsewhere; the history is re-read when opened.
  queryOptions({ queryKey: creditKeys.transactions(), queryFn: getTransactions, staleTime: 0 });

/** `poll` decides, after each answer, whether (and how soon) to read the ledger again. */
export const useTransactions = (poll?: (data: CreditTransaction[] | undefined) => number | false) =>
  useQuery({ ...getTransactionsQueryOptions(), refetchInterval: poll ? (query) => poll(query.state.data) : false });

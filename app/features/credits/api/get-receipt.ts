import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { creditKeys } from './keys';

/** The receipt of one of the caller's purchases (its ledger id); anyone else's answers 404. */
export async function getReceipt(id: string): Promise<Receipt> {
  const res = await api.credits.receipts[':id'].$get({ param: { id } });
  return unwrap(res);
}

// A receipt never changes once written: read once, kept (and dropped at logout with the other credit data).
export const getReceiptQueryOptions = (id: string) =>
  queryOptions({ queryKey: creditKeys.receipt(id), queryFn: () => getReceipt(id) });

export const useReceipt = (id: string) => useQuery(getReceiptQueryOptions(id));

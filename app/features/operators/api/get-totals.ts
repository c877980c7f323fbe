import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorTotals } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { adminKeys } from '#app/lib/query-keys.ts';

/** GET /api/admin/totals?from=&to=: one row per UTC day (admins). */
export const getTotals = async (from: string, to: string): Promise<OperatorTotals> =>
  unwrap(await api.admin.totals.$get({ query: { from, to, format: 'json' } }));

/** Asks only for a range the picker found valid (`enabled`). */
export const useTotals = (from: string, to: string, enabled: boolean) =>
  useQuery({
    ...queryOptions({ queryKey: adminKeys.totals(from, to), queryFn: () => getTotals(from, to), staleTime: 0 }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The same range as a CSV download: a plain link, saved under the server's file name. */
export const totalsCsvUrl = (from: string, to: string) =>
  `/api/admin/totals?${new URLSearchParams({ from, to, format: 'csv' })}`;

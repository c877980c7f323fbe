import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportHistory } from '#common/types.ts';
import type { PersonSummary } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { adminKeys } from '#app/lib/query-keys.ts';

/** GET /api/admin/people?q=: people whose username or email starts with q (admins). */
export const findPeople = async (q: string): Promise<PersonSummary[]> =>
  unwrap(await api.admin.people.$get({ query: { q } }));

export const usePeople = (q: string) =>
  useQuery({
    ...queryOptions({ queryKey: adminKeys.people(q), queryFn: () => findPeople(q), staleTime: 0 }),
    enabled: q.length >= 2,
  });

/** GET /api/admin/people/:id/transactions: the person and their history, each try with its refund state, and their earnings. */
export const getHistory = async (id: number): Promise<SupportHistory> =>
  unwrap(await api.admin.people[':id'].transactions.$get({ param: { id: String(id) } }));

export const useHistory = (id: number | null) =>
  useQuery({
    ...queryOptions({ queryKey: adminKeys.history(id ?? 0), queryFn: () => getHistory(id!), staleTime: 0 }),
    enabled: id !== null,
  });

/** POST /api/admin/refunds {ledgerId}: once per try; a second answers 409 with the API's message. */
export function useRefundTry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ledgerId: number) => unwrap(await api.admin.refunds.$post({ json: { ledgerId } })),
    // Not retried: a lost answer is seen in the history (the row shows Refunded), never refunded twice anyway.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

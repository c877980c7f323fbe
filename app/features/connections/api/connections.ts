// Apps connected to the account through OAuth (docs/decisions/0042) through the typed client: listed
// in Settings with what they spent this month, their limit changed, revoked. Private and only useful
// online: never saved to the offline cache, forgotten when Settings goes.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Connection } from '#common/api-schemas.ts';
import type { SetSpendLimitInput } from '#common/api-tokens.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { accessKeys } from '#app/lib/query-keys.ts';

export const useConnections = () =>
  useQuery({
    queryKey: accessKeys.connections(),
    queryFn: async () => unwrap(await api.connections.$get()),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });

/** Drops an app from the list on screen at once; a list request still on its way is cancelled first, so it cannot bring it back. */
export async function forgetConnection(queryClient: QueryClient, id: number): Promise<void> {
  await queryClient.cancelQueries({ queryKey: accessKeys.connections() });
  queryClient.setQueryData<Connection[]>(accessKeys.connections(), (list) => list?.filter((c) => c.id !== id));
}

/** Changes an app's monthly spending limit; the list on screen takes the server's answer. */
export function useSetConnectionLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, spendLimit }: SetSpendLimitInput & { id: number }) =>
      unwrap(await api.connections[':id'].$patch({ param: { id: String(id) }, json: { spendLimit } })),
    onSuccess: (connection) =>
      queryClient.setQueryData<Connection[]>(accessKeys.connections(), (list) =>
        list?.map((c) => (c.id === connection.id ? connection : c)),
      ),
  });
}

/** Ends an app's access (its tokens stop working at once); its row leaves the list. */
export function useRevokeConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.connections[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: (_done, id) => forgetConnection(queryClient, id),
  });
}

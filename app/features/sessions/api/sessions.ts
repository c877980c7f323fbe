// The browsers signed in to the account (docs/decisions/0038) through the typed client: listed in
// Settings, 'Where you are signed in', each signed out there, or all at once with every API token.
// Private and only useful online: never saved to the offline cache, forgotten when Settings goes.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SignedInSession } from '#common/api-schemas.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { accessKeys } from '#app/lib/query-keys.ts';

export const useSignedInSessions = () =>
  useQuery({
    queryKey: accessKeys.sessions(),
    queryFn: async () => unwrap(await api.auth.sessions.$get()),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });

/** Drops a browser from the list on screen at once; a list request still on its way is cancelled first, so it cannot bring it back. */
export async function forgetSession(queryClient: QueryClient, id: string): Promise<void> {
  await queryClient.cancelQueries({ queryKey: accessKeys.sessions() });
  queryClient.setQueryData<SignedInSession[]>(accessKeys.sessions(), (list) => list?.filter((s) => s.id !== id));
}

/** Signs one browser out. This browser's own session is not dropped from the list: the caller leaves the page. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (session: SignedInSession) =>
      unwrap(await api.auth.sessions[':id'].$delete({ param: { id: session.id } })),
    onSuccess: (_done, session) => (session.current ? undefined : forgetSession(queryClient, session.id)),
  });
}

/** Ends every session, this one included, every API token and every pending mailed link of the account. */
export const logoutEverywhere = async () => unwrap(await api.auth['logout-everywhere'].$post());

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionKeys } from '#app/lib/query-keys.ts';

/**
 * The signed-in person's id as the session query holds it (null for a visitor, on the server and
 * while hydrating), for parts below the features that only need to know who is signed in.
 */
export function useSignedInUserId(): number | null {
  const client = useQueryClient();
  return useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => client.getQueryData<{ id: number } | null>(sessionKeys.session)?.id ?? null,
    () => null,
  );
}

/**
 * The signed-in person's id at this moment, for an action taken now (a tap the app replays may run
 * before the render that saw the session arrive): waits for the session when it is on its way.
 */
export async function signedInUserIdNow(client: QueryClient): Promise<number | null> {
  const query = client.getQueryCache().find<{ id: number } | null>({ queryKey: sessionKeys.session });
  if (query?.state.fetchStatus === 'fetching') await query.fetch().catch(() => undefined);
  return client.getQueryData<{ id: number } | null>(sessionKeys.session)?.id ?? null;
}

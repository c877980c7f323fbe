import { useQueryClient } from '@tanstack/react-query';
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

import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Agent } from '#common/types.ts';
import { savedKeys } from '#app/lib/query-keys.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { useSignedInUserId } from '#app/hooks/use-signed-in-user-id.ts';
import { listSavedAgents, savedSnapshot, subscribeSaved, type SavedAgentRecord } from '#app/lib/saved-agents.ts';
import { mergedOnceFor, subscribeMerged } from '#app/lib/saved-sync.ts';

/**
 * The agents saved on this device, newest first, kept current across tabs; undefined while the
 * first read runs (and on the server, and while hydrating: the HTML never depends on the device).
 */
export function useSavedAgents(): SavedAgentRecord[] | undefined {
  const list = useSyncExternalStore(subscribeSaved, savedSnapshot, () => undefined);
  useEffect(() => {
    if (savedSnapshot() === undefined) listSavedAgents().catch(() => undefined);
  }, []);
  return list;
}

/**
 * The saved agents as the server drew /saved from the device's cookie, with their data as it is now
 * (docs/decisions/0036): what the page shows until the device's own list is read. Undefined on a
 * page the server did not draw (the app moved there, or offline).
 */
export const useServedSavedAgents = (): Agent[] | undefined =>
  useQuery<Agent[]>({ queryKey: savedKeys.served, queryFn: skipToken, meta: { persist: false } }).data;

/**
 * Signed in and online, until this page load has merged the device's list with the account's once
 * (app/components/saved/saved-agents-sync.tsx): the device's list may still lack the account's
 * agents (a new device), so it is not yet the whole list.
 */
export function useAccountMergePending(): boolean {
  const userId = useSignedInUserId();
  const online = useOnline();
  const merged = useSyncExternalStore(subscribeMerged, mergedOnceFor, () => null);
  return userId !== null && online && merged !== userId;
}

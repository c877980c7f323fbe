import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Agent } from '#common/types.ts';
import { savedKeys } from '#app/lib/query-keys.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { useSignedInUserId } from '#app/hooks/use-signed-in-user-id.ts';
import { listSavedAgents, savedSnapshot, subscribeSaved, type SavedAgentRecord } from '#app/lib/saved-agents.ts';
import { accountMerge, NO_MERGE, subscribeAccountMerge } from '#app/lib/saved-sync.ts';

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
 * Where this page load stands with the account's list (app/components/saved/saved-agents-sync.tsx):
 * `pending` while signed in and online until the first merge has settled (the device's list may
 * still lack the account's agents: a new device); `failed` when it settled without the account's
 * list; `removed`, the agents removed here since the page loaded (docs/decisions/0036).
 */
export function useAccountMerge(): { pending: boolean; failed: boolean; removed: ReadonlyMap<number, number> } {
  const userId = useSignedInUserId();
  const online = useOnline();
  const merge = useSyncExternalStore(subscribeAccountMerge, accountMerge, () => NO_MERGE);
  return {
    pending: userId !== null && online && merge.settledFor !== userId,
    failed: userId !== null && merge.settledFor === userId && !merge.merged,
    removed: merge.removed,
  };
}

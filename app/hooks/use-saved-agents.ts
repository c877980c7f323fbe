import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Agent } from '#common/types.ts';
import { savedKeys } from '#app/lib/query-keys.ts';
import { listSavedAgents, savedSnapshot, subscribeSaved, type SavedAgentRecord } from '#app/lib/saved-agents.ts';

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

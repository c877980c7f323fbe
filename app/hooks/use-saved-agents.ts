import { useEffect, useSyncExternalStore } from 'react';
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

import { keepPreviousData, onlineManager, useQuery } from '@tanstack/react-query';
import type { Agent } from '#common/types.ts';
import type { Suggestion } from '#common/search.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { deviceSearchKeys } from '#app/lib/query-keys.ts';

/**
 * Search with no signal (docs/decisions/0027): what this device holds, searched in the browser. The
 * search library is a chunk of its own, fetched the first time it is needed (the service worker
 * precaches it, so it is there offline).
 */
export const searchDevice = async (q: string, limit: number): Promise<Agent[]> =>
  (await import('#app/lib/offline-search.ts')).searchDevice(q, limit);

/** Whether a failed request never reached the server (offline, lie-fi), as opposed to an answer. */
export const unreachable = (error: unknown): boolean =>
  !(error instanceof ApiError) && !(error instanceof DOMException && error.name === 'AbortError');

/** The agents on this device matching `q`, best first; off when `enabled` is false. */
export const useDeviceSearch = (q: string, enabled: boolean, limit = 100) =>
  useQuery({
    queryKey: deviceSearchKeys.search(q, limit),
    queryFn: () => searchDevice(q, limit),
    enabled: enabled && q.length > 0,
    networkMode: 'always',
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 60_000,
    meta: { persist: false },
  });

/** Suggestions from this device: agents only, each marked as such. */
export async function deviceSuggestions(q: string, limit = 8): Promise<Suggestion[]> {
  return (await searchDevice(q, limit)).map((agent) => ({
    kind: 'agent',
    id: agent.id,
    name: agent.name,
    label: agent.label,
    fromDevice: true,
  }));
}

/** Runs `online` when the browser is online and the server answers; otherwise `fromDevice`. */
export async function orFromDevice<T>(online: () => Promise<T>, fromDevice: () => Promise<T>): Promise<T> {
  if (!onlineManager.isOnline()) return fromDevice();
  try {
    return await online();
  } catch (error) {
    if (unreachable(error)) return fromDevice();
    throw error;
  }
}

import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

/** Saved data stays usable offline for a week (the query gcTime is at least this long too). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A new app version starts from a clean cache, so old shapes never reach new code. */
export const PERSIST_BUSTER = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
const CACHE_KEY = 'agentmarket-query-cache';

/** The newest cache the throttle has not written yet. */
let unwritten: PersistedClient | undefined;

/**
 * Writes the cache now if the throttle still holds it. A page left or hidden within the throttle's
 * second (a full reload, a link out, the phone switching apps) would otherwise lose what it showed.
 */
export function writeUnwrittenCache(): void {
  const client = unwritten;
  if (!client) return;
  unwritten = undefined;
  void set(CACHE_KEY, JSON.stringify(client)).catch(() => undefined);
}

/**
 * IndexedDB through idb-keyval, writes throttled to one a second and done at once when the page is
 * hidden. Where IndexedDB is unavailable (some private modes), localStorage through the sync
 * persister keeps offline browsing working.
 */
export function createPersister(): Persister {
  if (typeof indexedDB !== 'undefined') {
    const persister = createAsyncStoragePersister({
      storage: { getItem: (key) => get<string>(key), setItem: (key, value) => set(key, value), removeItem: (key) => del(key) },
      key: CACHE_KEY,
      throttleTime: 1000,
      serialize: (client) => {
        if (client === unwritten) unwritten = undefined;
        return JSON.stringify(client);
      },
    });
    addEventListener('pagehide', writeUnwrittenCache);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') writeUnwrittenCache();
    });
    return {
      ...persister,
      persistClient: (client) => {
        unwritten = client;
        return persister.persistClient(client);
      },
    };
  }
  return createSyncStoragePersister({ storage: window.localStorage, key: CACHE_KEY, throttleTime: 1000 });
}

/** Only settled, successful public or own data is saved; failures and in-flight queries are not. */
export const shouldPersistQuery = (query: Query): boolean => query.state.status === 'success';

/** Removes everything this device saved (settings page, logout of a shared device). */
export async function clearPersistedCache(): Promise<void> {
  unwritten = undefined;
  await del(CACHE_KEY).catch(() => undefined);
  localStorage.removeItem(CACHE_KEY);
}

/**
 * Unsent mutations are saved whether paused (offline) or between retries (the browser claimed to be
 * online but requests failed), so a queued proposal survives a reload either way.
 */
export const shouldPersistMutation = (mutation: Mutation<unknown, Error, unknown, unknown>): boolean => mutation.state.status === 'pending';

/**
 * After the cache is restored: sends every unsent mutation. Paused ones are what TanStack resumes
 * itself; ones that were waiting for a retry come back pending without a retryer and are started
 * again the same way (their Idempotency-Key makes a second delivery harmless).
 */
export function resumeSavedMutations(queryClient: QueryClient): void {
  for (const mutation of queryClient.getMutationCache().getAll()) {
    if (mutation.state.status === 'pending') void mutation.continue().catch(() => undefined);
  }
}

import type { Query, QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';
import { isQuotaError, request, STORES, transact } from './offline-db';
import { PERSIST_BUSTER, savedRecords, type SavedQuery, type SavedQueryInfo } from './saved-record';

export { PRIVATE_KEY_PREFIXES, type SavedQueryInfo } from './saved-record';

/**
 * Query data saved for offline use, one IndexedDB entry per query (docs/decisions/0011):
 * - written as each query succeeds, in its own small transaction (no throttle, nothing left in
 *   memory when the page goes; the cost does not grow with what else is saved);
 * - restored on demand, when a page first asks for a query, while the network is asked too;
 * - bounded: past MAX_SAVED_QUERIES the least recently used entries are dropped;
 * - private data (PRIVATE_KEY_PREFIXES) removed at logout.
 */

/** Saved data stays usable offline for a week (the query gcTime is at least this long too). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Most queries kept on a device. A query is one page of a listing (about 20 agents), one agent, its
 * reviews or a category list: a few KB each, so the bound is a few MB at most.
 */
export const MAX_SAVED_QUERIES = 1000;
export interface SavedDataSummary {
  count: number;
  bytes: number;
  oldest: number | null;
}

/** The `count` least recently used hashes but `except`, read from the front only (no copy of the index). */
function leastRecentlyUsed(index: Map<string, SavedQueryInfo>, count: number, except: string): string[] {
  const found: string[] = [];
  if (count <= 0) return found;
  for (const hash of index.keys()) {
    if (hash === except) continue;
    found.push(hash);
    if (found.length === count) break;
  }
  return found;
}

/** Persists one query client's successful queries and restores them on demand. */
export class QueryStore {
  /** hash -> info, oldest use first (a Map keeps insertion order: a use moves an entry to the end). */
  private index: Map<string, SavedQueryInfo> | undefined;
  private loading: Promise<Map<string, SavedQueryInfo>> | undefined;
  /** Writes and removals run one after another, so a removal is never overtaken by an older write. */
  private chain: Promise<unknown> = Promise.resolve();
  /** Set while restored data is put in the cache: that update is not written back. */
  private restoring = false;
  private readonly onError: (error: unknown) => void;
  private readonly limit: number;
  private readonly now: () => number;
  private readonly fallback: (queryKey: QueryKey) => Promise<{ data: unknown; updatedAt: number } | undefined>;

  /** `fallback`: where a query not (or no longer) saved here may still be found (saved agents: docs/decisions/0027). */
  constructor(
    options: {
      limit?: number;
      onError?: (error: unknown) => void;
      now?: () => number;
      fallback?: (queryKey: QueryKey) => Promise<{ data: unknown; updatedAt: number } | undefined>;
    } = {},
  ) {
    this.limit = options.limit ?? MAX_SAVED_QUERIES;
    this.fallback = options.fallback ?? (() => Promise.resolve(undefined));
    this.onError = options.onError ?? (() => undefined);
    this.now = options.now ?? Date.now;
  }

  private loadIndex(): Promise<Map<string, SavedQueryInfo>> {
    if (this.index) return Promise.resolve(this.index);
    this.loading ??= transact([STORES.queryIndex], 'readonly', async (tx) => {
      const store = tx.objectStore(STORES.queryIndex);
      const [keys, values] = await Promise.all([
        request(store.getAllKeys()),
        request(store.getAll() as IDBRequest<SavedQueryInfo[]>),
      ]);
      const entries = keys
        .map((key, i) => [String(key), values[i]!] as const)
        .sort((a, b) => a[1].usedAt - b[1].usedAt);
      this.index = new Map(entries);
      return this.index;
    }).catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private queue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Saves one query's data; resolves once it is committed. Past the bound, the least recently used go. */
  save(queryHash: string, queryKey: QueryKey, data: unknown, updatedAt: number): Promise<void> {
    return this.queue(async () => {
      const records = savedRecords(queryKey, data, updatedAt, this.now());
      if (!records) return;
      const { saved, info } = records;
      const index = await this.loadIndex();
      const write = (evict: number) =>
        transact([STORES.queries, STORES.queryIndex], 'readwrite', (tx) => {
          const queries = tx.objectStore(STORES.queries);
          const infos = tx.objectStore(STORES.queryIndex);
          queries.put(saved, queryHash);
          infos.put(info, queryHash);
          const victims = leastRecentlyUsed(index, evict, queryHash);
          for (const hash of victims) {
            queries.delete(hash);
            infos.delete(hash);
          }
          return victims;
        });
      const over = Math.max(0, index.size + (index.has(queryHash) ? 0 : 1) - this.limit);
      let victims: string[];
      try {
        victims = await write(over);
      } catch (error) {
        if (!isQuotaError(error) || index.size === 0) throw error;
        // The device is full: make room by dropping the older fifth of what is saved, then try once more.
        victims = await write(Math.max(over, Math.ceil(index.size / 5)));
      }
      for (const hash of victims) index.delete(hash);
      index.delete(queryHash);
      index.set(queryHash, info);
    });
  }

  /** The saved data of one query, or undefined (never saved, too old, or from another app version). */
  async read(queryHash: string): Promise<{ data: unknown; updatedAt: number } | undefined> {
    const saved = await transact([STORES.queries], 'readonly', (tx) =>
      request(tx.objectStore(STORES.queries).get(queryHash) as IDBRequest<SavedQuery | undefined>),
    );
    if (!saved) return undefined;
    if (saved.buster !== PERSIST_BUSTER || this.now() - saved.updatedAt > PERSIST_MAX_AGE_MS) {
      void this.remove((hash) => hash === queryHash).catch(this.onError);
      return undefined;
    }
    // Being read counts as being used for the least-recently-used bound.
    void this.queue(async () => {
      const index = await this.loadIndex();
      const info = index.get(queryHash);
      if (!info) return;
      const used = { ...info, usedAt: this.now() };
      index.delete(queryHash);
      index.set(queryHash, used);
      await transact(
        [STORES.queryIndex],
        'readwrite',
        (tx) => void tx.objectStore(STORES.queryIndex).put(used, queryHash),
      );
    }).catch(this.onError);
    return { data: JSON.parse(saved.data) as unknown, updatedAt: saved.updatedAt };
  }

  /** Removes the saved queries whose hash (and info) match; everything when no test is given. */
  remove(matches: (hash: string, info: SavedQueryInfo) => boolean = () => true): Promise<void> {
    return this.queue(async () => {
      const index = await this.loadIndex();
      const victims = [...index].filter(([hash, info]) => matches(hash, info)).map(([hash]) => hash);
      if (victims.length === 0) return;
      await transact([STORES.queries, STORES.queryIndex], 'readwrite', (tx) => {
        for (const hash of victims) {
          tx.objectStore(STORES.queries).delete(hash);
          tx.objectStore(STORES.queryIndex).delete(hash);
        }
      });
      for (const hash of victims) index.delete(hash);
    });
  }

  /** Removes every private entry (logout). */
  removePrivate(): Promise<void> {
    return this.remove((_hash, info) => info.private);
  }

  /** What is saved: how many queries, about how many bytes, and the oldest data's time. */
  async summary(): Promise<SavedDataSummary> {
    await this.chain;
    const index = await this.loadIndex();
    let bytes = 0;
    let oldest: number | null = null;
    for (const info of index.values()) {
      bytes += info.size;
      if (oldest === null || info.updatedAt < oldest) oldest = info.updatedAt;
    }
    return { count: index.size, bytes, oldest };
  }

  /**
   * Connects the store to a query client: every successful query is saved as it arrives, and a query
   * a page asks for is filled from the saved copy if the network has not answered first. Nothing is
   * restored before `restoreAfter` settles (the page's hydration: app/lib/hydration.ts).
   */
  attach(
    queryClient: QueryClient,
    shouldSave: (query: Query) => boolean = () => true,
    restoreAfter: Promise<void> = Promise.resolve(),
  ): () => void {
    const restore = (query: Query) => {
      if (query.meta?.persist === false) return;
      restoreAfter
        .then(() => this.read(query.queryHash))
        .then((saved) => saved ?? this.fallback(query.queryKey))
        .then((saved) => {
          if (!saved || query.state.data !== undefined || queryClient.getQueryCache().get(query.queryHash) !== query)
            return;
          this.restoring = true;
          try {
            queryClient.setQueryData(query.queryKey, saved.data, { updatedAt: saved.updatedAt });
            // A saved copy is shown while the network is asked, never instead of it: restored
            // before the page subscribed, it would otherwise count as fresh (nothing goes stale by
            // itself), and an agent page would show the agent as it was (without its latest note).
            query.invalidate();
          } finally {
            this.restoring = false;
          }
        })
        .catch(this.onError);
    };
    const save = (query: Query) => {
      if (this.restoring || query.state.data === undefined || !shouldSave(query)) return;
      this.save(query.queryHash, query.queryKey, query.state.data, query.state.dataUpdatedAt).catch(this.onError);
    };
    const onEvent = (event: QueryCacheNotifyEvent) => {
      const { query } = event;
      // A query can arrive with its data (initialData from the page's HTML, hydration): saved at once.
      if (event.type === 'added') {
        if (query.state.data === undefined) restore(query);
        else save(query);
      } else if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'setState'))
        save(query);
    };
    const cache = queryClient.getQueryCache();
    // Queries created before attaching (a session prefetch) are restored too.
    for (const query of cache.getAll()) if (query.state.data === undefined) restore(query);
    return cache.subscribe(onEvent);
  }
}

/** Data worth keeping for offline use: a settled success (never a failure, never a half-loaded state). */
export const shouldPersistQuery = (query: Query): boolean =>
  query.state.status === 'success' && query.meta?.persist !== false;

/** The page's one store (created with the query client in app.tsx). */
let current: QueryStore | undefined;
export const setQueryStore = (store: QueryStore): void => {
  current = store;
};
export const getQueryStore = (): QueryStore | undefined => current;

/** The whole-cache copy of earlier versions (one JSON string in idb-keyval's default database): freed. */
export function removeLegacyCache(): void {
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase('keyval-store');
  localStorage.removeItem('agentmarket-query-cache');
}

/** Removes everything this device saved for offline use (settings page). */
export async function clearPersistedCache(): Promise<void> {
  await current?.remove();
  removeLegacyCache();
}

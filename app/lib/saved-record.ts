import { QUERY_STATE_ELEMENT_ID } from '#common/ssr.ts';
import { request, STORES, transact } from './offline-db';
import {
  adminKeys,
  creditKeys,
  followKeys,
  moderationKeys,
  myAgentsKeys,
  paymentKeys,
  proposalKeys,
  sessionKeys,
} from './query-keys';

/**
 * The shape of one query saved for offline use, and the write of the data a page arrived with, made
 * by the service worker (or by the page where no worker runs; docs/decisions/0027 and 0035). Kept
 * apart from app/lib/persist.ts so app/boot.ts and the worker carry only this much, not the whole store.
 */

/** A new app version starts from a clean cache, so old shapes never reach new code. */
export const PERSIST_BUSTER = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
/** Query-key prefixes holding private data, dropped at logout (docs/product.md#offline). */
export const PRIVATE_KEY_PREFIXES = [
  sessionKeys.session[0],
  creditKeys.all[0],
  myAgentsKeys.all[0],
  proposalKeys.all[0],
  paymentKeys.all[0],
  followKeys.all[0],
  moderationKeys.all[0],
  adminKeys.all[0],
] as const;

export const isPrivateKey = (key: readonly unknown[]): boolean =>
  (PRIVATE_KEY_PREFIXES as readonly unknown[]).includes(key[0]);

export interface SavedQuery {
  queryKey: readonly unknown[];
  /** JSON of the query's data: its length is the entry's size, and nothing unclonable reaches IndexedDB. */
  data: string;
  updatedAt: number;
  buster: string;
}

/** The small record kept per saved query beside it: what the LRU bound and the settings page read. */
export interface SavedQueryInfo {
  usedAt: number;
  updatedAt: number;
  size: number;
  private: boolean;
}

/** The two records saved for one query, or undefined for data JSON cannot hold. */
export function savedRecords(
  queryKey: readonly unknown[],
  data: unknown,
  updatedAt: number,
  usedAt: number,
): { saved: SavedQuery; info: SavedQueryInfo } | undefined {
  const json = JSON.stringify(data);
  if (json === undefined) return undefined;
  return {
    saved: { queryKey, data: json, updatedAt, buster: PERSIST_BUSTER },
    info: { usedAt, updatedAt, size: json.length, private: isPrivateKey(queryKey) },
  };
}

export interface ServedQuery {
  queryHash: string;
  queryKey: readonly unknown[];
  meta?: { persist?: boolean };
  state: { status: string; data: unknown; dataUpdatedAt: number };
}

/** The server's dehydrated query state, as the page carries it. */
export interface ServedState {
  queries?: ServedQuery[];
}

/** The page's query state read from its JSON text, or null when it is not JSON. */
export function parseServedState(text: string): ServedState | null {
  try {
    const state: unknown = JSON.parse(text);
    return state !== null && typeof state === 'object' ? (state as ServedState) : null;
  } catch {
    return null;
  }
}

/**
 * Saves every settled query in the server's dehydrated state (read from the JSON the page arrived with),
 * in one transaction, whether or not the app ever takes the page over: a page only read is readable
 * offline all the same. The least-recently-used bound is applied by the next save of the page's store (app/lib/persist.ts).
 * Resolves once committed, with how many queries were written, or null when IndexedDB refused the
 * write; never throws (a failure only means the app's own save is the one that counts).
 */
export async function saveServedQueries(state: ServedState, now = Date.now()): Promise<number | null> {
  try {
    const records = (state.queries ?? [])
      .filter((q) => q.state.status === 'success' && q.state.data !== undefined && q.meta?.persist !== false)
      .map((q) => [q.queryHash, savedRecords(q.queryKey, q.state.data, q.state.dataUpdatedAt, now)] as const)
      .filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== undefined);
    if (records.length === 0) return 0;
    await transact([STORES.queries, STORES.queryIndex], 'readwrite', async (tx) => {
      const queries = tx.objectStore(STORES.queries);
      const infos = tx.objectStore(STORES.queryIndex);
      // A newer copy saved by a page the app did take over is never replaced by an older one.
      const existing = await Promise.all(
        records.map(([hash]) => request(infos.get(hash) as IDBRequest<SavedQueryInfo | undefined>)),
      );
      records.forEach(([hash, { saved, info }], i) => {
        const known = existing[i];
        if (known && known.updatedAt > info.updatedAt) return;
        queries.put(saved, hash);
        infos.put(info, hash);
      });
    });
    return records.length;
  } catch {
    return null;
  }
}

const STATE_IN_HTML = new RegExp(
  `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`,
);

/**
 * Saves the query state in a page's JSON text (its QUERY_STATE_ELEMENT_ID script); never throws.
 * False when IndexedDB refused the write (text that is not JSON has nothing to save: true).
 */
export async function saveServedText(text: string): Promise<boolean> {
  const state = parseServedState(text);
  return state ? (await saveServedQueries(state)) !== null : true;
}

/**
 * The service worker's half of "seen means saved": the query state inside a rendered page it just
 * served, saved while the page is still arriving, however soon the page is left (or closed).
 */
export async function saveServedPage(response: Response): Promise<void> {
  try {
    const text = STATE_IN_HTML.exec(await response.text())?.[1];
    if (text) await saveServedText(text);
  } catch {
    // Nothing to save: a body that could not be read.
  }
}

/**
 * What a page no service worker served (a device's first visit) sends the worker it registered: its
 * JSON text, which the worker parses and saves in its own thread (docs/decisions/0035).
 */
export interface SaveServedMessage {
  type: 'SAVE_SERVED';
  text: string;
}
export const isSaveServedMessage = (data: unknown): data is SaveServedMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as SaveServedMessage).type === 'SAVE_SERVED' &&
  typeof (data as SaveServedMessage).text === 'string';

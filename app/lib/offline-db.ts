/**
 * The one IndexedDB database the app and its service worker share for offline use: saved query data
 * (one entry per query, with a small index beside it for the least-recently-used bound and the
 * settings page), the outbox of requests waiting to be sent, and the agents the person saved. No React and no DOM beyond
 * IndexedDB, so the service worker can import it.
 */

export const OFFLINE_DB_NAME = 'agentmarket-offline';
/** 2: saved agents (docs/decisions/0027). */
const OFFLINE_DB_VERSION = 2;

export const STORES = {
  queries: 'queries',
  queryIndex: 'query-index',
  outbox: 'outbox',
  savedAgents: 'saved-agents',
} as const;
export type StoreName = (typeof STORES)[keyof typeof STORES];

let opening: Promise<IDBDatabase> | undefined;
/** Whether this context's open created the database: then nothing was saved or queued on this device before. */
let createdHere = false;

const promised = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Opens (and on first use creates) the database; one connection per page or worker. */
export function openOfflineDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB_NAME, OFFLINE_DB_VERSION);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion === 0) createdHere = true;
      const db = request.result;
      if (!db.objectStoreNames.contains(STORES.queries)) db.createObjectStore(STORES.queries);
      if (!db.objectStoreNames.contains(STORES.queryIndex)) db.createObjectStore(STORES.queryIndex);
      if (!db.objectStoreNames.contains(STORES.outbox)) db.createObjectStore(STORES.outbox, { keyPath: 'id' });
      // Outside the queries' least-recently-used bound: kept until the person removes them.
      if (!db.objectStoreNames.contains(STORES.savedAgents))
        db.createObjectStore(STORES.savedAgents, { keyPath: 'id' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading (a new version of the app) closes this connection; the next call reopens.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      db.onclose = () => {
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB is unavailable'));
    };
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
  return opening;
}

/**
 * Whether the database is on this device, asked without opening it: an open would create it, an
 * upgrade transaction of four stores on the page's main thread. Where it is not, nothing was ever
 * queued or saved here (a device's first visit), and the entry script reads nothing (each
 * transaction is a few milliseconds of a slow phone's start, docs/decisions/0031); the service worker
 * creates it in its own thread as it saves the page (docs/decisions/0035). Where the browser cannot
 * list its databases (Safari before 14, Firefox before 126) it is opened, and one this very open made
 * counts as absent, once.
 */
export async function offlineDbExists(): Promise<boolean> {
  if (typeof indexedDB.databases === 'function')
    return (await indexedDB.databases()).some((db) => db.name === OFFLINE_DB_NAME);
  await openOfflineDb();
  const existed = !createdHere;
  createdHere = false;
  return existed;
}

/**
 * Runs `work` in one transaction over `stores` and resolves once the transaction has COMMITTED
 * (not merely once the requests succeeded): what the caller then tells the user is on disk.
 */
export async function transact<T>(
  stores: StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openOfflineDb();
  // 'strict' durability: the write is flushed before `complete` fires (Chromium defaults to relaxed).
  const tx = db.transaction(stores, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' });
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  let result: T;
  try {
    result = await work(tx);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished.
    }
    await done.catch(() => undefined);
    throw error;
  }
  await done;
  return result;
}

export const request = promised;

/** A storage quota error, in whichever form the browser reports it. */
export const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException
    ? error.name === 'QuotaExceededError' || error.code === 22
    : error instanceof Error && /quota/i.test(error.message);

/** The user-facing message for a write this device could not keep. */
export const QUOTA_MESSAGE = 'Could not save this for offline use';

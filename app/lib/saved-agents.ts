import { SAVED_AGENTS_COOKIE, SAVED_AGENTS_COOKIE_PATH, savedAgentsCookieValue } from '#common/saved-agents.ts';
import type { AgentChange } from '#common/api-schemas.ts';
import type { Agent, Rating } from '#common/types.ts';
import { request, STORES, transact } from './offline-db';

/**
 * Agents the person saved, kept on this device in their own IndexedDB store (docs/decisions/0027):
 * outside the query cache's least-recently-used bound, so nothing but the person removes them. Each
 * keeps the agent's data and its reviews as last seen, for reading offline. No React here.
 */
export interface SavedAgentRecord {
  /** The agent's id (the store's key). */
  id: number;
  agent: Agent;
  /** The agent's reviews as last seen, when they were. */
  ratings?: Rating[];
  /** Its 'What's new' notes as last seen, when they were (docs/decisions/0043). */
  changes?: AgentChange[];
  savedAt: number;
  /**
   * Whether the person's list on the server has held it: one that did and no longer does was removed
   * on another device. A save made signed out (never synced) is added to the list at sign-in instead.
   */
  synced: boolean;
}

/**
 * Whether a saved agent changed since it was saved: its creator wrote a 'What's new' note after
 * (docs/decisions/0043). Its cards then say so, linking to the note.
 */
export const changedSinceSaved = (
  record: Pick<SavedAgentRecord, 'savedAt'> | undefined,
  whatsNewAt: string | null | undefined,
): boolean => {
  if (!record || !whatsNewAt) return false;
  const at = Date.parse(whatsNewAt);
  return Number.isFinite(at) && at > record.savedAt;
};

/** Where every tab hears that the store changed. */
export const SAVED_CHANNEL = 'agentmarket-saved';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The records as last read, newest save first (undefined until the first read). */
let snapshot: SavedAgentRecord[] | undefined;
let reading: Promise<SavedAgentRecord[]> | undefined;

/** Reads the store again; listeners hear of it once the new list is in (no flash of an empty list). */
function reread(): void {
  reading = undefined;
  listSavedAgents().catch(() => undefined);
}

/**
 * Other tabs' saves, heard once this tab keeps a list (a read or a listener). Made then, not when the
 * module loads: the entry script loads it on every page, and making a channel is part of a slow
 * phone's first task (docs/decisions/0031).
 */
let channel: BroadcastChannel | undefined | null = null;
function savedChannel(): BroadcastChannel | undefined {
  if (channel === null) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SAVED_CHANNEL) : undefined;
    channel?.addEventListener('message', reread);
  }
  return channel;
}

function changed(): void {
  reread();
  savedChannel()?.postMessage('changed');
}

export function subscribeSaved(listener: Listener): () => void {
  savedChannel();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The cookie's value as this page last wrote it: a read that changes nothing writes nothing. */
let cookieWritten: string | undefined;

/**
 * Tells the server which agents this device keeps, newest first, so it draws /saved with them
 * (docs/decisions/0036): a cookie sent only with /saved, written whenever this page reads the list.
 * A list changed while no page read it (the tab closed first) is caught by /saved's own check.
 */
function nameSavedInCookie(records: SavedAgentRecord[]): void {
  if (typeof document === 'undefined') return;
  const value = savedAgentsCookieValue(records.map((record) => record.id));
  if (value === cookieWritten) return;
  cookieWritten = value;
  document.cookie = value
    ? `${SAVED_AGENTS_COOKIE}=${value}; Path=${SAVED_AGENTS_COOKIE_PATH}; Max-Age=31536000; SameSite=Lax`
    : `${SAVED_AGENTS_COOKIE}=; Path=${SAVED_AGENTS_COOKIE_PATH}; Max-Age=0; SameSite=Lax`;
}

/** Every saved agent, newest save first (one read shared by every caller until the store changes). */
export function listSavedAgents(): Promise<SavedAgentRecord[]> {
  if (reading) return reading;
  // A kept read must hear of other tabs' changes.
  savedChannel();
  const read: Promise<SavedAgentRecord[]> = transact([STORES.savedAgents], 'readonly', (tx) =>
    request(tx.objectStore(STORES.savedAgents).getAll() as IDBRequest<SavedAgentRecord[]>),
  ).then(
    (records) => {
      const sorted = records.sort((a, b) => b.savedAt - a.savedAt || b.id - a.id);
      nameSavedInCookie(sorted);
      if (reading === read) {
        snapshot = sorted;
        for (const listener of listeners) listener();
      }
      return sorted;
    },
    (error: unknown) => {
      if (reading === read) reading = undefined;
      throw error;
    },
  );
  reading = read;
  return read;
}

/**
 * The list as last written, once it is the snapshot: a read overtaken by a newer write's read never
 * becomes the snapshot, so this waits for the newest (the merge with the account settles on it).
 */
export async function listSavedAgentsAsWritten(): Promise<SavedAgentRecord[]> {
  for (;;) {
    const read = listSavedAgents();
    const records = await read;
    if (reading === read) return records;
  }
}

/** The ids of the saved agents, in no particular order: a read of the keys alone (the saved page's check before the app). */
export const listSavedAgentIds = (): Promise<number[]> =>
  transact([STORES.savedAgents], 'readonly', (tx) =>
    request(tx.objectStore(STORES.savedAgents).getAllKeys() as IDBRequest<number[]>),
  );

/** The last list read (for a synchronous render), or undefined before the first read. */
export const savedSnapshot = (): SavedAgentRecord[] | undefined => snapshot;

export const getSavedAgent = (id: number): Promise<SavedAgentRecord | undefined> =>
  transact([STORES.savedAgents], 'readonly', (tx) =>
    request(tx.objectStore(STORES.savedAgents).get(id) as IDBRequest<SavedAgentRecord | undefined>),
  );

/** Changes the store in one transaction (committed when this resolves), then tells every tab. */
async function writeSaved(write: (store: IDBObjectStore) => void): Promise<void> {
  await transact([STORES.savedAgents], 'readwrite', (tx) => write(tx.objectStore(STORES.savedAgents)));
  changed();
}

/**
 * Saves (a record) or removes an agent unless the device already has it as asked, read and written
 * in one transaction: nothing waits between them, so a choice written as the page is left is kept.
 * True when it was already so.
 */
export async function keepSavedChoice(id: number, record: SavedAgentRecord | null): Promise<boolean> {
  const already = await transact([STORES.savedAgents], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.savedAgents);
    const here = (await request(store.get(id) as IDBRequest<SavedAgentRecord | undefined>)) !== undefined;
    if (here === (record !== null)) return true;
    if (record) store.put(record);
    else store.delete(id);
    return false;
  });
  if (!already) changed();
  return already;
}

/** Writes records (committed when this resolves), then tells every tab. */
export async function putSavedAgents(records: SavedAgentRecord[]): Promise<void> {
  if (records.length > 0) await writeSaved((store) => records.forEach((record) => store.put(record)));
}

export async function removeSavedAgents(ids: number[]): Promise<void> {
  if (ids.length > 0) await writeSaved((store) => ids.forEach((id) => store.delete(id)));
}

/**
 * Keeps saved agents' copies current, in one write: their data or their reviews as a page just
 * received them (the saved page's list drawn by the server too: docs/decisions/0036). Agents not
 * saved here are left alone.
 */
export async function refreshSavedAgents(
  updates: { id: number; agent?: Agent; ratings?: Rating[]; changes?: AgentChange[] }[],
): Promise<void> {
  if (updates.length === 0) return;
  const found = await transact([STORES.savedAgents], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.savedAgents);
    const records = await Promise.all(
      updates.map((update) => request(store.get(update.id) as IDBRequest<SavedAgentRecord | undefined>)),
    );
    let any = false;
    records.forEach((record, i) => {
      if (!record) return;
      const { agent, ratings, changes } = updates[i]!;
      store.put({
        ...record,
        ...(agent ? { agent } : {}),
        ...(ratings ? { ratings } : {}),
        ...(changes ? { changes } : {}),
      });
      any = true;
    });
    return any;
  });
  if (found) changed();
}

/**
 * When each of these agents was saved here (undefined: not saved), read in one transaction: what the
 * entry script needs to know whether a card has an 'Updated' mark to show (app/lib/whats-new-marks.ts).
 */
export const savedTimesOf = (ids: readonly number[]): Promise<(number | undefined)[]> =>
  transact([STORES.savedAgents], 'readonly', (tx) => {
    const store = tx.objectStore(STORES.savedAgents);
    return Promise.all(
      ids.map((id) =>
        request(store.get(id) as IDBRequest<SavedAgentRecord | undefined>).then((record) => record?.savedAt),
      ),
    );
  });

/** Forgets the in-memory list (tests: a fresh page load). */
export const forgetSavedSnapshot = (): void => {
  snapshot = undefined;
  reading = undefined;
  cookieWritten = undefined;
};

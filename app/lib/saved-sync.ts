import type { Agent, Rating, SavedAgentEntry } from '#common/types.ts';
import { api, unwrap } from './api-client';
import { addToOutbox, deliverOutbox, listOutbox, type OutboxItem } from './outbox';
import { savedChange } from './saved-change';
import {
  getSavedAgent,
  listSavedAgents,
  putSavedAgents,
  removeSavedAgents,
  type SavedAgentRecord,
} from './saved-agents';

/** How long the merge waits for the account's list: a connection that says it is online may answer nothing. */
const SAVED_ON_SERVER_TIMEOUT_MS = 20_000;

/** GET /api/saved: the signed-in person's saved agents, newest first. */
export const getSavedOnServer = async (): Promise<SavedAgentEntry[]> =>
  unwrap(await api.saved.$get(undefined, { init: { signal: AbortSignal.timeout(SAVED_ON_SERVER_TIMEOUT_MS) } }));

// The outbox item of one save or removal, in a module the entry script shares (docs/decisions/0044).
export { savedChange };

/**
 * Saves or removes one agent: on this device first (committed before the button shows it), then,
 * signed in, on the server through the outbox (sent now when online, otherwise when the signal
 * returns: docs/decisions/0027).
 */
export async function setSaved(
  agent: Agent,
  save: boolean,
  options: { signedIn: boolean; online: boolean; ratings?: Rating[]; now?: number },
): Promise<void> {
  const savedAt = options.now ?? Date.now();
  // Noted before the write, in the same task: a merge about to write sees it (mergeSavedAgents).
  noteRemoved([agent.id], !save);
  if (save) await putSavedAgents([{ id: agent.id, agent, ratings: options.ratings, savedAt, synced: false }]);
  else await removeSavedAgents([agent.id]);
  if (!options.signedIn) return;
  const item = await addToOutbox(savedChange(agent, save, savedAt));
  if (options.online)
    void deliverOutbox({ only: item.id, force: true, quiet: true }).then(markDelivered, () => undefined);
}

/** Saves the server now has are marked synced (a later absence from the server then means removed elsewhere). */
async function markDelivered(report: { delivered: OutboxItem[] }): Promise<void> {
  for (const item of report.delivered)
    if (item.kind === 'save' && item.agentId !== undefined) await markSynced(item.agentId);
}

/**
 * Saves and removals the server's list may not show: those still waiting, and those delivered once
 * the list had been asked for (a removal tapped while it was on its way: the list can predate it).
 */
const pendingSavedChanges = (items: OutboxItem[], askedAt: number): Map<number, OutboxItem['kind']> => {
  const last = new Map<number, OutboxItem['kind']>();
  for (const item of items) {
    const waiting =
      item.state === 'queued' ||
      item.state === 'sending' ||
      (item.state === 'delivered' && (item.deliveredAt ?? 0) >= askedAt);
    if ((item.kind === 'save' || item.kind === 'unsave') && item.agentId !== undefined && waiting)
      last.set(item.agentId, item.kind);
  }
  return last;
};

/**
 * Merges this device's saved agents with the person's list on the server (signed in, online):
 * - on the server and not being removed here: kept, with the server's fresh copy of the agent;
 * - here, never synced (saved signed out, or before the server had it): added to the server;
 * - here, synced once and gone from the server with nothing pending here: removed on another device.
 * Changes still waiting in the outbox win over both, as they were made after; so do those delivered
 * since `askedAt`, when the server's list was asked for.
 */
export async function mergeSavedAgents(
  server: SavedAgentEntry[],
  options: { online: boolean; askedAt?: number },
): Promise<void> {
  const [local, outbox] = await Promise.all([listSavedAgents(), listOutbox()]);
  const pending = pendingSavedChanges(outbox, options.askedAt ?? Infinity);
  const mine = new Map(local.map((record) => [record.id, record]));
  const onServer = new Set(server.map((entry) => entry.agentId));
  const keep: SavedAgentRecord[] = [];
  for (const entry of server) {
    if (pending.get(entry.agentId) === 'unsave') continue;
    const here = mine.get(entry.agentId);
    keep.push({
      id: entry.agentId,
      agent: entry.agent,
      ratings: here?.ratings,
      savedAt: Math.max(here?.savedAt ?? 0, entry.savedAt),
      synced: true,
    });
  }
  const gone: number[] = [];
  const upload: SavedAgentRecord[] = [];
  for (const record of local) {
    if (onServer.has(record.id) || pending.has(record.id)) continue;
    if (record.synced) gone.push(record.id);
    else upload.push(record);
  }
  // A save made here after the list was read is not lost: only records read above are touched. A
  // removal made since is not undone either: another tab's is in the outbox, read again here; this
  // tab's is noted before its own write, so it is either seen here, in the same task as this write
  // starts, or written after this write.
  const askedAt = options.askedAt ?? Infinity;
  const since = pendingSavedChanges(await listOutbox(), askedAt);
  const removedHere = (id: number) => (merge.removed.get(id) ?? -Infinity) >= askedAt;
  await putSavedAgents(keep.filter((record) => since.get(record.id) !== 'unsave' && !removedHere(record.id)));
  await removeSavedAgents(gone);
  for (const record of upload) await addToOutbox(savedChange(record.agent, true, record.savedAt));
  if (upload.length > 0 && options.online)
    void deliverOutbox({ force: true, quiet: true }).then(markDelivered, () => undefined);
}

/**
 * This page load's first merge with the account, and the agents removed here meanwhile
 * (docs/decisions/0036). Until the merge has settled, a signed-in device's own list may lack the
 * account's agents (a new device): /saved shows the list the server drew from both, without what was
 * removed here since (or is still on its way to the account).
 */
export interface AccountMerge {
  /** Whose account the merge settled for (null: none yet). */
  settledFor: number | null;
  /** Whether it was made (false: the account's list could not be read). */
  merged: boolean;
  /** Agents removed on this device since the page loaded, with when. */
  removed: ReadonlyMap<number, number>;
}
/** As the page starts (and as the server renders it: nothing merged or removed). */
export const NO_MERGE: AccountMerge = { settledFor: null, merged: false, removed: new Map() };
let merge = NO_MERGE;
const mergeListeners = new Set<() => void>();
const setMerge = (next: AccountMerge): void => {
  merge = next;
  for (const listener of mergeListeners) listener();
};
export const accountMerge = (): AccountMerge => merge;
export function subscribeAccountMerge(listener: () => void): () => void {
  mergeListeners.add(listener);
  return () => void mergeListeners.delete(listener);
}
/** Called once a merge has settled and the device's list has been read again after it. */
export function settleMerge(userId: number, merged: boolean): void {
  if (merge.settledFor === userId && merge.merged === merged) return;
  setMerge({ ...merge, settledFor: userId, merged });
}
/** Agents removed on this device (or saved again) since the page loaded. */
export function noteRemoved(ids: number[], removed: boolean, at = Date.now()): void {
  if (!ids.some((id) => merge.removed.has(id) !== removed)) return;
  const next = new Map(merge.removed);
  for (const id of ids) {
    if (removed) next.set(id, at);
    else next.delete(id);
  }
  setMerge({ ...merge, removed: next });
}
/** Removals still waiting in the outbox (made before this page loaded, offline say): the server's list names them still. */
export async function noteRemovalsWaiting(): Promise<void> {
  const waiting = [...pendingSavedChanges(await listOutbox(), Infinity)]
    .filter(([, kind]) => kind === 'unsave')
    .map(([id]) => id);
  if (waiting.length > 0) noteRemoved(waiting, true);
}

/** Forgets the merge (tests: a fresh page load). */
export const forgetMerged = (): void => {
  merge = NO_MERGE;
};

/** Marks a saved agent as on the server once its save was delivered. */
export async function markSynced(agentId: number): Promise<void> {
  const record = await getSavedAgent(agentId);
  if (record && !record.synced) await putSavedAgents([{ ...record, synced: true }]);
}

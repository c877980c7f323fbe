import type { Agent, Rating, SavedAgentEntry } from '#common/types.ts';
import { api, unwrap } from './api-client';
import { newIdempotencyKey } from './idempotency';
import { addToOutbox, deliverOutbox, listOutbox, type NewOutboxItem, type OutboxItem } from './outbox';
import { getSavedAgent, listSavedAgents, putSavedAgents, removeSavedAgents, type SavedAgentRecord } from './saved-agents';

/** GET /api/saved: the signed-in person's saved agents, newest first. */
export const getSavedOnServer = async (): Promise<SavedAgentEntry[]> => unwrap<SavedAgentEntry[]>(await api.saved.$get());

/** The outbox item that saves (PUT) or removes (DELETE) one agent on the server. */
export const savedChange = (agent: Pick<Agent, 'id' | 'name'>, save: boolean, savedAt: number): NewOutboxItem =>
  save
    ? { id: newIdempotencyKey(), kind: 'save', method: 'PUT', url: `/api/saved/${agent.id}`, body: { savedAt }, label: `Save ${agent.name}`, agentId: agent.id }
    : { id: newIdempotencyKey(), kind: 'unsave', method: 'DELETE', url: `/api/saved/${agent.id}`, body: {}, label: `Remove ${agent.name} from saved`, agentId: agent.id };

/**
 * Saves or removes one agent: on this device first (committed before the button shows it), then,
 * signed in, on the server through the outbox (sent now when online, otherwise when the signal
 * returns: docs/decisions/0027).
 */
export async function setSaved(agent: Agent, save: boolean, options: { signedIn: boolean; online: boolean; ratings?: Rating[]; now?: number }): Promise<void> {
  const savedAt = options.now ?? Date.now();
  if (save) await putSavedAgents([{ id: agent.id, agent, ratings: options.ratings, savedAt, synced: false }]);
  else await removeSavedAgents([agent.id]);
  if (!options.signedIn) return;
  const item = await addToOutbox(savedChange(agent, save, savedAt));
  if (options.online) void deliverOutbox({ only: item.id, force: true, quiet: true }).then(markDelivered, () => undefined);
}

/** Saves the server now has are marked synced (a later absence from the server then means removed elsewhere). */
async function markDelivered(report: { delivered: OutboxItem[] }): Promise<void> {
  for (const item of report.delivered) if (item.kind === 'save' && item.agentId !== undefined) await markSynced(item.agentId);
}

const pendingSavedChanges = (items: OutboxItem[]): Map<number, OutboxItem['kind']> => {
  const last = new Map<number, OutboxItem['kind']>();
  for (const item of items) {
    if ((item.kind === 'save' || item.kind === 'unsave') && item.agentId !== undefined && (item.state === 'queued' || item.state === 'sending')) last.set(item.agentId, item.kind);
  }
  return last;
};

/**
 * Merges this device's saved agents with the person's list on the server (signed in, online):
 * - on the server and not being removed here: kept, with the server's fresh copy of the agent;
 * - here, never synced (saved signed out, or before the server had it): added to the server;
 * - here, synced once and gone from the server with nothing pending here: removed on another device.
 * Changes still waiting in the outbox win over both, as they were made after.
 */
export async function mergeSavedAgents(server: SavedAgentEntry[], options: { online: boolean }): Promise<void> {
  const [local, outbox] = await Promise.all([listSavedAgents(), listOutbox()]);
  const pending = pendingSavedChanges(outbox);
  const mine = new Map(local.map((record) => [record.id, record]));
  const onServer = new Set(server.map((entry) => entry.agentId));
  const keep: SavedAgentRecord[] = [];
  for (const entry of server) {
    if (pending.get(entry.agentId) === 'unsave') continue;
    const here = mine.get(entry.agentId);
    keep.push({ id: entry.agentId, agent: entry.agent, ratings: here?.ratings, savedAt: Math.max(here?.savedAt ?? 0, entry.savedAt), synced: true });
  }
  const gone: number[] = [];
  const upload: SavedAgentRecord[] = [];
  for (const record of local) {
    if (onServer.has(record.id) || pending.has(record.id)) continue;
    if (record.synced) gone.push(record.id);
    else upload.push(record);
  }
  // A save made here after the list was read is not lost: only records read above are touched.
  await putSavedAgents(keep);
  await removeSavedAgents(gone);
  for (const record of upload) await addToOutbox(savedChange(record.agent, true, record.savedAt));
  if (upload.length > 0 && options.online) void deliverOutbox({ force: true, quiet: true }).then(markDelivered, () => undefined);
}

/** Marks a saved agent as on the server once its save was delivered. */
export async function markSynced(agentId: number): Promise<void> {
  const record = await getSavedAgent(agentId);
  if (record && !record.synced) await putSavedAgents([{ ...record, synced: true }]);
}

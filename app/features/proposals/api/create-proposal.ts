import type { ProposalInput } from '../../../../common/validation';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { addToOutbox, deliverOutbox, discardOutboxItem, OutboxSaveError, send, type OutboxItem } from '../../../lib/outbox';

/** Where proposals go (POST /api/propose-agent); the outbox sends it with the item's Idempotency-Key. */
const PROPOSE_URL = '/api/propose-agent';

export type ProposalBody = Partial<ProposalInput> & Pick<ProposalInput, 'name' | 'description'>;

/**
 * What happened to a submitted proposal: `sent` (the server has it), `queued` (committed to this
 * device's outbox, sent by itself later), `refused` (the server's 4xx message; the form keeps it for
 * editing) or `not-saved` (offline and this device could not keep it either).
 */
export type SubmitResult = { kind: 'sent' } | { kind: 'queued' } | { kind: 'refused'; message: string } | { kind: 'not-saved'; message: string };

/**
 * Submits a proposal through the outbox: it is written to IndexedDB (and that write awaited) before
 * anything says it is saved, then sent at once unless the browser knows it is offline. Where the
 * device cannot keep it, an online browser still sends it directly.
 */
export async function submitProposal(proposal: ProposalBody, options: { online: boolean; replaces?: string }): Promise<SubmitResult> {
  const entry = { id: newIdempotencyKey(), kind: 'proposal' as const, label: proposal.name, url: PROPOSE_URL, body: proposal };
  let saved = true;
  try {
    await addToOutbox(entry);
    // An edited refusal replaces the refused item.
    if (options.replaces) await discardOutboxItem(options.replaces).catch(() => undefined);
  } catch (error) {
    if (!(error instanceof OutboxSaveError)) throw error;
    saved = false;
    if (!options.online) return { kind: 'not-saved', message: error.message };
  }
  if (!options.online) return { kind: 'queued' };
  if (!saved) {
    const item: OutboxItem = { ...entry, createdAt: Date.now(), state: 'sending', attempts: 0, nextAttemptAt: 0 };
    const outcome = await send(item);
    if (outcome.kind === 'delivered') return { kind: 'sent' };
    if (outcome.kind === 'refused') return { kind: 'refused', message: outcome.message };
    return { kind: 'not-saved', message: 'Could not save this for offline use, and the server could not be reached. Please try again.' };
  }
  const report = await deliverOutbox({ only: entry.id, force: true, quiet: true });
  if (report.delivered.some((item) => item.id === entry.id)) return { kind: 'sent' };
  const refused = report.refused.find((item) => item.id === entry.id);
  if (refused) {
    // The form shows the refusal and keeps the text for editing: no second copy waits in the outbox.
    await discardOutboxItem(entry.id).catch(() => undefined);
    return { kind: 'refused', message: refused.error ?? 'The proposal was not accepted' };
  }
  return { kind: 'queued' };
}

import type { ProposalInput } from '#common/validation.ts';
import { newIdempotencyKey } from '#app/lib/idempotency.ts';
import { submitThroughOutbox, type SubmitResult } from '#app/lib/outbox.ts';

/** Where proposals go (POST /api/propose-agent); the outbox sends it with the item's Idempotency-Key. */
const PROPOSE_URL = '/api/propose-agent';

export type ProposalBody = Partial<ProposalInput> & Pick<ProposalInput, 'name' | 'description'>;

/**
 * Submits a proposal through the outbox (app/lib/outbox.ts): saved on this device before anything
 * says so, sent at once when online; a refusal goes back to the form for editing.
 */
export async function submitProposal(
  proposal: ProposalBody,
  options: { online: boolean; replaces?: string },
): Promise<SubmitResult & { id: string }> {
  // The outbox item's id, so the page that sent it can follow it until it is delivered.
  const id = newIdempotencyKey();
  return {
    ...(await submitThroughOutbox(
      { id, kind: 'proposal', label: proposal.name, url: PROPOSE_URL, body: proposal },
      options,
    )),
    id,
  };
}

// Stripe's signed webhook events about payouts (docs/decisions/0029, '## Payouts'): a transfer that
// reached the creator's account is paid, a reversed one failed (the money back, once); account.updated
// says whether a connected account finished onboarding.
import type Stripe from 'stripe';
import type { Bindings } from '#worker/env.ts';
import { positiveInt } from '#worker/lib/http.ts';
import { applyPayoutState, findPayout, setTransferId, updatePayoutAccount } from '#worker/domain/credits/index.ts';
import { accountFlags } from './connect';

export const PAYOUT_EVENTS = new Set(['transfer.created', 'transfer.updated', 'transfer.reversed', 'account.updated']);

/** The payout a transfer belongs to: by its id, else by the payoutId the transfer carries in its metadata. */
async function payoutOf(env: Bindings, transfer: Stripe.Transfer) {
  const byTransfer = await findPayout(env.DB, { transferId: transfer.id });
  if (byTransfer) return byTransfer;
  const id = positiveInt(transfer.metadata?.payoutId ?? null);
  const payout = id ? await findPayout(env.DB, { id }) : null;
  // A transfer of someone else's making (the dashboard) that names a payout must match it exactly.
  const destination = typeof transfer.destination === 'string' ? transfer.destination : transfer.destination?.id;
  if (
    !payout ||
    payout.provider !== 'stripe' ||
    payout.stripeAccountId !== destination ||
    payout.amountCents !== transfer.amount
  )
    return null;
  if (payout.stripeTransferId && payout.stripeTransferId !== transfer.id) return null;
  return payout;
}

/** Applies one event; returns what it did, for the webhook's answer and the tests. */
export async function applyPayoutEvent(
  env: Bindings,
  event: Stripe.Event,
): Promise<'paid' | 'failed' | 'account' | 'ignored'> {
  if (event.type === 'account.updated') {
    const account = event.data.object;
    await updatePayoutAccount(env.DB, account.id, accountFlags(account));
    return 'account';
  }
  if (event.type !== 'transfer.created' && event.type !== 'transfer.updated' && event.type !== 'transfer.reversed')
    return 'ignored';
  const transfer = event.data.object;
  const payout = await payoutOf(env, transfer);
  if (!payout) return 'ignored';
  if (!payout.stripeTransferId) await setTransferId(env.DB, payout.id, transfer.id);
  // Fully reversed: the money went back to the platform, so it goes back to the creator's earnings.
  // A partial reversal is an operator's correction, not a failed payout; it changes nothing here.
  if (transfer.reversed || (transfer.amount_reversed ?? 0) >= transfer.amount) {
    return (await applyPayoutState(env.DB, payout.id, 'failed', 'The transfer was reversed')) ? 'failed' : 'ignored';
  }
  if (event.type === 'transfer.created')
    return (await applyPayoutState(env.DB, payout.id, 'paid')) ? 'paid' : 'ignored';
  return 'ignored';
}

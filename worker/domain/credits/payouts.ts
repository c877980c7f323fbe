// Payouts of available earnings to the creator's connected account (docs/decisions/0029, '## Payouts').
// The money leaves the earnings balance in the batch that records the payout, never more than is
// available; a payout that fails gives it back once.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Payout, PayoutState } from '#common/types.ts';
import { columnsOf, orm } from '#worker/db/client.ts';
import { creatorEarnings, now, payoutAccounts, payouts } from '#worker/db/schema.ts';
import { takeAvailable } from './earnings';
import { earningsRow } from './rows';

export type PayoutProvider = 'stripe' | 'sandbox';

export interface PayoutAccount {
  stripeAccountId: string;
  provider: PayoutProvider;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

export async function getPayoutAccount(d1: D1Database, userId: number): Promise<PayoutAccount | null> {
  const [row] = await orm(d1)
    .select(columnsOf(payoutAccounts, 'stripeAccountId', 'provider', 'detailsSubmitted', 'payoutsEnabled'))
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  return row ?? null;
}

/**
 * Records the creator's account, once: a second connect (another tab, a retry) keeps the first
 * account, so the creator never ends up with two. Only an account of the other provider (the
 * sandbox's, on a server that now has Stripe keys, or the reverse) is replaced. Returns the
 * account that is recorded.
 */
export async function savePayoutAccount(
  d1: D1Database,
  userId: number,
  account: PayoutAccount,
): Promise<PayoutAccount> {
  await orm(d1)
    .insert(payoutAccounts)
    .values({ userId, ...account })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: { ...account, createdAt: sql`${now}`, updatedAt: sql`${now}` },
      setWhere: sql`${payoutAccounts.provider} <> ${account.provider}`,
    })
    .run();
  return (await getPayoutAccount(d1, userId))!;
}

/** Onboarding progress as Stripe reports it (accounts.retrieve or the account.updated webhook). */
export async function updatePayoutAccount(
  d1: D1Database,
  stripeAccountId: string,
  flags: { detailsSubmitted: boolean; payoutsEnabled: boolean },
) {
  await orm(d1)
    .update(payoutAccounts)
    .set({ ...flags, updatedAt: sql`${now}` })
    .where(eq(payoutAccounts.stripeAccountId, stripeAccountId))
    .run();
}

const payoutColumns = {
  id: payouts.id,
  amountCents: payouts.amountCents,
  state: payouts.state,
  provider: payouts.provider,
  failureReason: payouts.failureReason,
  createdAt: payouts.createdAt,
  updatedAt: payouts.updatedAt,
};
/** A payout with what the server needs to send it (never sent to the browser as is). */
export interface PayoutRecord extends Payout {
  creatorId: number | null;
  stripeAccountId: string;
  stripeTransferId: string | null;
}

const recordColumns = {
  ...payoutColumns,
  creatorId: payouts.creatorId,
  stripeAccountId: payouts.stripeAccountId,
  stripeTransferId: payouts.stripeTransferId,
};

export const toPayout = ({ creatorId: _c, stripeAccountId: _a, stripeTransferId: _t, ...p }: PayoutRecord): Payout => p;

export async function listPayouts(d1: D1Database, creatorId: number, limit = 50): Promise<Payout[]> {
  return orm(d1)
    .select(payoutColumns)
    .from(payouts)
    .where(eq(payouts.creatorId, creatorId))
    .orderBy(desc(payouts.id))
    .limit(limit);
}

export async function findPayout(
  d1: D1Database,
  where: { id: number } | { key: string } | { transferId: string },
): Promise<PayoutRecord | null> {
  const cond =
    'id' in where
      ? eq(payouts.id, where.id)
      : 'key' in where
        ? eq(payouts.idempotencyKey, where.key)
        : eq(payouts.stripeTransferId, where.transferId);
  const [row] = await orm(d1).select(recordColumns).from(payouts).where(cond);
  return row ?? null;
}

/**
 * Takes `cents` off the creator's available earnings and records the payout, once per key, in one
 * batch: the 'payout' earnings row only when that much is available (D1 runs one batch at a time,
 * so 20 requests at once never take more than there is), the payout row only when that earnings row
 * exists. Returns the payout with the key (this call's or an earlier one's), or null when not
 * enough was available.
 */
export async function reservePayout(
  d1: D1Database,
  p: { creatorId: number; cents: number; key: string; provider: PayoutProvider; stripeAccountId: string },
): Promise<PayoutRecord | null> {
  const db = orm(d1);
  const [, , rows] = await db.batch([
    takeAvailable(db, { creatorId: p.creatorId, cents: p.cents, key: p.key, kind: 'payout' }),
    // From the earnings row itself: the payout exists exactly when the money left the balance.
    db
      .insert(payouts)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as('id'),
            creatorId: creatorEarnings.creatorId,
            amountCents: sql<number>`-${creatorEarnings.amountCents}`.as('amount_cents'),
            state: sql<'pending'>`'pending'`.as('state'),
            provider: sql<PayoutProvider>`${p.provider}`.as('provider'),
            stripeAccountId: sql<string>`${p.stripeAccountId}`.as('stripe_account_id'),
            stripeTransferId: sql<null>`NULL`.as('stripe_transfer_id'),
            idempotencyKey: creatorEarnings.idempotencyKey,
            failureReason: sql<null>`NULL`.as('failure_reason'),
            createdAt: sql<string>`${now}`.as('created_at'),
            updatedAt: sql<string>`${now}`.as('updated_at'),
          })
          .from(creatorEarnings)
          .where(and(eq(creatorEarnings.idempotencyKey, p.key), eq(creatorEarnings.kind, 'payout'))),
      )
      .onConflictDoNothing({ target: payouts.idempotencyKey }),
    db
      .select(recordColumns)
      .from(payouts)
      .where(and(eq(payouts.idempotencyKey, p.key), eq(payouts.creatorId, p.creatorId))),
  ]);
  return rows[0] ?? null;
}

/** The transfer Stripe (or the sandbox) made for a payout; a payout keeps its first one. */
export async function setTransferId(d1: D1Database, payoutId: number, transferId: string) {
  await orm(d1)
    .update(payouts)
    .set({ stripeTransferId: transferId, updatedAt: sql`${now}` })
    .where(and(eq(payouts.id, payoutId), sql`${payouts.stripeTransferId} IS NULL`))
    .run();
}

/**
 * Moves a payout to `state`, however often and in whatever order the news arrives: pending → paid,
 * pending or paid → failed (a transfer can be reversed after it landed); failed is final. A failure
 * gives the money back in the same batch, once: the 'payout_returned' row has its own unique key
 * and is written only from a failed payout. Returns whether this call changed the state.
 */
export async function applyPayoutState(
  d1: D1Database,
  payoutId: number,
  state: Exclude<PayoutState, 'pending'>,
  reason?: string,
): Promise<boolean> {
  const db = orm(d1);
  const from: PayoutState[] = state === 'paid' ? ['pending'] : ['pending', 'paid'];
  const update = db
    .update(payouts)
    .set({
      state,
      updatedAt: sql`${now}`,
      ...(state === 'failed' ? { failureReason: reason ?? 'The transfer failed' } : {}),
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.state, from)));
  if (state === 'paid') return ((await update.run()).meta.changes ?? 0) > 0;
  const [changed] = await db.batch([
    update,
    earningsRow(
      db,
      {
        creatorId: payouts.creatorId,
        kind: 'payout_returned',
        amountCents: payouts.amountCents,
        platformCents: 0,
        agentId: null,
        tryKey: null,
        key: sql`'returned:' || ${payouts.idempotencyKey}`,
        availableAt: now,
      },
      payouts,
      and(eq(payouts.id, payoutId), eq(payouts.state, 'failed')),
    ),
  ]);
  return (changed.meta.changes ?? 0) > 0;
}

import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, ne, notExists, sql } from 'drizzle-orm';
import { CENTS_PER_CREDIT } from '../../../common/constants';
import type { LedgerKind } from '../../../common/types';
import { orm } from '../../db/client';
import { checkoutSessions, creditLedger, now, users } from '../../db/schema';

export type CheckoutStatus = 'open' | 'completed' | 'expired';

export interface CheckoutSession {
  id: string;
  userId: number;
  credits: number;
  amountCents: number;
  provider: 'stripe' | 'sandbox';
  status: CheckoutStatus;
}

export async function createCheckoutSession(d1: D1Database, s: Omit<CheckoutSession, 'status' | 'amountCents'>): Promise<void> {
  await orm(d1)
    .insert(checkoutSessions)
    .values({ id: s.id, userId: s.userId, credits: s.credits, amountCents: s.credits * CENTS_PER_CREDIT, provider: s.provider })
    .onConflictDoNothing({ target: checkoutSessions.id })
    .run();
}

export async function getCheckoutSession(d1: D1Database, id: string): Promise<CheckoutSession | null> {
  const [row] = await orm(d1)
    .select({
      id: checkoutSessions.id,
      userId: checkoutSessions.userId,
      credits: checkoutSessions.credits,
      amountCents: checkoutSessions.amountCents,
      provider: checkoutSessions.provider,
      status: checkoutSessions.status,
    })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id));
  return row ?? null;
}

/**
 * Credits a paid checkout exactly once, whoever calls (the sandbox page or Stripe's webhook, however
 * often and in whatever order): the ledger key `purchase:{sessionId}` is unique and the balance only
 * moves in the batch that writes it. Returns whether this call credited.
 */
export async function completePurchase(d1: D1Database, p: { sessionId: string; userId: number; credits: number }): Promise<boolean> {
  const db = orm(d1);
  const key = `purchase:${p.sessionId}`;
  const [credit] = await db.batch([
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${p.credits}` })
      .where(
        and(eq(users.id, p.userId), notExists(db.select({ one: sql`1` }).from(creditLedger).where(eq(creditLedger.idempotencyKey, key)))),
      ),
    // changes() is the UPDATE's row count (drizzle has no word for it): the ledger row is written only
    // when the balance moved. insert … select names every column in the table's order.
    db
      .insert(creditLedger)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as('id'),
            userId: users.id,
            kind: sql<LedgerKind>`'purchase'`.as('kind'),
            amount: sql<number>`${p.credits}`.as('amount'),
            balanceAfter: users.credits,
            consumedAfter: users.consumed,
            reference: sql<string>`${p.sessionId}`.as('reference'),
            description: sql<string>`${`Bought ${p.credits} credits`}`.as('description'),
            idempotencyKey: sql<string>`${key}`.as('idempotency_key'),
            createdAt: sql<string>`${now}`.as('created_at'),
          })
          .from(users)
          .where(and(eq(users.id, p.userId), sql`changes() = 1`)),
      )
      .onConflictDoNothing({ target: creditLedger.idempotencyKey }),
    db
      .update(checkoutSessions)
      .set({ status: 'completed', completedAt: now })
      .where(and(eq(checkoutSessions.id, p.sessionId), ne(checkoutSessions.status, 'completed'))),
  ]);
  return (credit.meta.changes ?? 0) > 0;
}

export async function expireCheckoutSession(d1: D1Database, id: string): Promise<void> {
  await orm(d1)
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .run();
}

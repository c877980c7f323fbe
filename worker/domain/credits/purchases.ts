// Purchases of credits (docs/product.md#payments, docs/decisions/0005): the checkout a person pays
// through (Stripe's or the sandbox's), and the credits it buys, written once.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, ne, sql } from 'drizzle-orm';
import { CENTS_PER_CREDIT } from '#common/constants.ts';
import { columnsOf, orm } from '#worker/db/client.ts';
import { checkoutSessions, now, users } from '#worker/db/schema.ts';
import { keyUnused, ledgerRowAfterUpdate } from './ledger';

export type CheckoutStatus = 'open' | 'completed' | 'expired';

export interface CheckoutSession {
  id: string;
  userId: number;
  credits: number;
  amountCents: number;
  provider: 'stripe' | 'sandbox';
  status: CheckoutStatus;
}

export async function createCheckoutSession(
  d1: D1Database,
  s: Omit<CheckoutSession, 'status' | 'amountCents'>,
): Promise<void> {
  await orm(d1)
    .insert(checkoutSessions)
    .values({
      id: s.id,
      userId: s.userId,
      credits: s.credits,
      amountCents: s.credits * CENTS_PER_CREDIT,
      provider: s.provider,
    })
    .onConflictDoNothing({ target: checkoutSessions.id })
    .run();
}

export async function getCheckoutSession(d1: D1Database, id: string): Promise<CheckoutSession | null> {
  const [row] = await orm(d1)
    .select(columnsOf(checkoutSessions, 'id', 'userId', 'credits', 'amountCents', 'provider', 'status'))
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id));
  return row ?? null;
}

/**
 * Credits a paid checkout exactly once, whoever calls (the sandbox page or Stripe's webhook, however
 * often and in whatever order): the ledger key `purchase:{sessionId}` is unique and the balance only
 * moves in the batch that writes it. Returns whether this call credited.
 */
export async function completePurchase(
  d1: D1Database,
  p: { sessionId: string; userId: number; credits: number },
): Promise<boolean> {
  const db = orm(d1);
  const key = `purchase:${p.sessionId}`;
  const [credit] = await db.batch([
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${p.credits}` })
      .where(and(eq(users.id, p.userId), keyUnused(db, key))),
    ledgerRowAfterUpdate(db, {
      userId: p.userId,
      kind: 'purchase',
      amount: p.credits,
      reference: p.sessionId,
      description: `Bought ${p.credits} credits`,
      key,
    }),
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

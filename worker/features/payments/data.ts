import type { D1Database } from '@cloudflare/workers-types';
import { CENTS_PER_CREDIT } from '../../../common/constants';

export type CheckoutStatus = 'open' | 'completed' | 'expired';

export interface CheckoutSession {
  id: string;
  userId: number;
  credits: number;
  amountCents: number;
  provider: 'stripe' | 'sandbox';
  status: CheckoutStatus;
}

export async function createCheckoutSession(db: D1Database, s: Omit<CheckoutSession, 'status' | 'amountCents'>): Promise<void> {
  await db
    .prepare('INSERT INTO checkout_sessions (id, user_id, credits, amount_cents, provider) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING')
    .bind(s.id, s.userId, s.credits, s.credits * CENTS_PER_CREDIT, s.provider)
    .run();
}

export async function getCheckoutSession(db: D1Database, id: string): Promise<CheckoutSession | null> {
  const row = await db
    .prepare('SELECT id, user_id, credits, amount_cents, provider, status FROM checkout_sessions WHERE id = ?')
    .bind(id)
    .first<{ id: string; user_id: number; credits: number; amount_cents: number; provider: 'stripe' | 'sandbox'; status: CheckoutStatus }>();
  return row
    ? { id: row.id, userId: row.user_id, credits: row.credits, amountCents: row.amount_cents, provider: row.provider, status: row.status }
    : null;
}

/**
 * Credits a paid checkout exactly once, whoever calls (the sandbox page or Stripe's webhook, however
 * often and in whatever order): the ledger key `purchase:{sessionId}` is unique and the balance only
 * moves in the batch that writes it. Returns whether this call credited.
 */
export async function completePurchase(db: D1Database, p: { sessionId: string; userId: number; credits: number }): Promise<boolean> {
  const key = `purchase:${p.sessionId}`;
  const [credit] = await db.batch([
    db
      .prepare(
        `UPDATE users SET credits = credits + ?1 WHERE id = ?2 AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE idempotency_key = ?3)`,
      )
      .bind(p.credits, p.userId, key),
    db
      .prepare(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key)
         SELECT id, 'purchase', ?1, credits, consumed, ?4, ?5, ?3 FROM users WHERE id = ?2 AND changes() = 1
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(p.credits, p.userId, key, p.sessionId, `Bought ${p.credits} credits`),
    db
      .prepare(
        `UPDATE checkout_sessions SET status = 'completed', completed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ? AND status <> 'completed'`,
      )
      .bind(p.sessionId),
  ]);
  return (credit?.meta.changes ?? 0) > 0;
}

export async function expireCheckoutSession(db: D1Database, id: string): Promise<void> {
  await db.prepare("UPDATE checkout_sessions SET status = 'expired' WHERE id = ? AND status = 'open'").bind(id).run();
}

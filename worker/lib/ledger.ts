// The credit ledger (DESIGN decision 1): every balance change is a conditional update plus a ledger
// row with a unique idempotency key, in one D1 batch.
import type { D1Database } from '@cloudflare/workers-types';
import type { Balance, CreditTransaction, LedgerKind } from '../../common/types';

export const IDEMPOTENCY_KEY = /^[\w.:-]{8,128}$/;
export const INVALID_IDEMPOTENCY_KEY = 'Idempotency-Key must be 8-128 letters, digits, dots, colons, dashes or underscores';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for another request';

export async function getBalance(db: D1Database, userId: number): Promise<Balance> {
  const row = await db.prepare('SELECT credits, consumed FROM users WHERE id = ?').bind(userId).first<{ credits: number; consumed: number }>();
  return { balance: row?.credits ?? 0, consumed: row?.consumed ?? 0 };
}

export interface Debit {
  userId: number;
  amount: number;
  key: string;
  reference: string;
  description: string;
}

/** What a debit left in the ledger: replays answer from it, so they get the first answer. */
export interface DebitRecord {
  reference: string | null;
  balance: number;
  consumed: number;
}

/**
 * Debits `amount` once per key: the update only runs when the balance covers it and the key is
 * new, and the ledger row only when the update ran. Returns the row with the key afterwards (this
 * call's or an earlier one's), or null when the balance was short.
 */
export async function debitOnce(db: D1Database, d: Debit): Promise<DebitRecord | null> {
  const [, , existing] = await db.batch([
    db
      .prepare(
        `UPDATE users SET credits = credits - ?1, consumed = consumed + ?1
         WHERE id = ?2 AND credits >= ?1 AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE idempotency_key = ?3)`,
      )
      .bind(d.amount, d.userId, d.key),
    // changes() is the UPDATE's row count: the row is written only when the debit happened.
    db
      .prepare(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key)
         SELECT id, 'try', -?1, credits, consumed, ?4, ?5, ?3 FROM users WHERE id = ?2 AND changes() = 1
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(d.amount, d.userId, d.key, d.reference, d.description),
    db
      .prepare('SELECT reference, balance_after, consumed_after FROM credit_ledger WHERE idempotency_key = ?1 AND user_id = ?2')
      .bind(d.key, d.userId),
  ]);
  const row = existing?.results[0] as { reference: string | null; balance_after: number; consumed_after: number } | undefined;
  return row ? { reference: row.reference, balance: row.balance_after, consumed: row.consumed_after } : null;
}

/** The debit recorded under `key` for this user, without debiting: how a try that lost its answer ended. */
export async function findDebit(db: D1Database, userId: number, key: string): Promise<DebitRecord | null> {
  const row = await db
    .prepare('SELECT reference, balance_after, consumed_after FROM credit_ledger WHERE idempotency_key = ?1 AND user_id = ?2')
    .bind(key, userId)
    .first<{ reference: string | null; balance_after: number; consumed_after: number }>();
  return row ? { reference: row.reference, balance: row.balance_after, consumed: row.consumed_after } : null;
}

export async function listTransactions(db: D1Database, userId: number, limit = 200): Promise<CreditTransaction[]> {
  const { results } = await db
    .prepare(
      `SELECT id, kind, amount, balance_after, reference, description, created_at FROM credit_ledger
       WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
    )
    .bind(userId, limit)
    .all<{ id: number; kind: LedgerKind; amount: number; balance_after: number; reference: string | null; description: string | null; created_at: string }>();
  return results.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: r.amount,
    balanceAfter: r.balance_after,
    reference: r.reference,
    description: r.description,
    createdAt: r.created_at,
  }));
}

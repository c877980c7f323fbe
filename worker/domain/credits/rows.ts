// The only writers of money rows (docs/decisions/0039): every credit_ledger row goes through
// ledgerRow and every creator_earnings row through earningsRow. Each is an insert … select, so the
// row is written from what the same batch just did (an update's changes(), another row's existence)
// and never without it, naming every column in the table's order (drizzle checks it), with a unique
// key written at most once: a repeat of the batch writes nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { LedgerKind } from '#common/types.ts';
import type { Db } from '#worker/db/client.ts';
import { creatorEarnings, creditLedger, now, users } from '#worker/db/schema.ts';

/** A column's value: bound as a parameter, read from the row the select reads, or NULL. */
type Value = SQL | SQLiteColumn | string | number | null;

const value = <T>(v: Value, name: string) => (v === null ? sql<T>`NULL` : sql<T>`${v}`).as(name);

/** A credit_ledger row; its id and created_at are the table's. */
export interface LedgerRow {
  kind: LedgerKind;
  amount: Value;
  balanceAfter: Value;
  consumedAfter: Value;
  reference: Value;
  description: Value;
  key: Value;
  /** A try's agent as named when tried (docs/decisions/0022); null for every other kind. */
  agentName: Value;
  /** The token or connected app a try, and its refund, was made with (docs/decisions/0042); else none. */
  credentialId?: Value;
}

/**
 * One credit_ledger row per user row `where` selects: a balance change always has a person, so the
 * row is read from `users` (their id, and their balance after the change when it was just made).
 */
export function ledgerRow(db: Db, row: LedgerRow, where: SQL | undefined) {
  return db
    .insert(creditLedger)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as('id'),
          userId: users.id,
          kind: value<LedgerKind>(row.kind, 'kind'),
          amount: value<number>(row.amount, 'amount'),
          balanceAfter: value<number>(row.balanceAfter, 'balance_after'),
          consumedAfter: value<number>(row.consumedAfter, 'consumed_after'),
          reference: value<string | null>(row.reference, 'reference'),
          description: value<string | null>(row.description, 'description'),
          idempotencyKey: value<string>(row.key, 'idempotency_key'),
          createdAt: sql<string>`${now}`.as('created_at'),
          agentName: value<string | null>(row.agentName, 'agent_name'),
          credentialId: value<number | null>(row.credentialId ?? null, 'credential_id'),
        })
        .from(users)
        .where(where),
    )
    .onConflictDoNothing({ target: creditLedger.idempotencyKey });
}

export type EarningsKind = (typeof creatorEarnings.kind.enumValues)[number];

/** A creator_earnings row, in cents; its id and created_at are the table's. */
export interface EarningsRow {
  creatorId: Value;
  kind: EarningsKind;
  amountCents: Value;
  platformCents: Value;
  agentId: Value;
  tryKey: Value;
  key: Value;
  /** When it counts as available (earnings are held: docs/decisions/0029). */
  availableAt: Value;
}

/**
 * One creator_earnings row per row of `from` that `where` selects: `from` is the row it is written
 * from (a ledger row, an earning, a payout), or `(SELECT 1)` for a row guarded by `where` alone.
 */
export function earningsRow(db: Db, row: EarningsRow, from: SQLiteTable | SQL, where: SQL | undefined) {
  return db
    .insert(creatorEarnings)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as('id'),
          creatorId: value<number | null>(row.creatorId, 'creator_id'),
          kind: value<EarningsKind>(row.kind, 'kind'),
          amountCents: value<number>(row.amountCents, 'amount_cents'),
          platformCents: value<number>(row.platformCents, 'platform_cents'),
          agentId: value<number | null>(row.agentId, 'agent_id'),
          tryKey: value<string | null>(row.tryKey, 'try_key'),
          idempotencyKey: value<string>(row.key, 'idempotency_key'),
          availableAt: value<string>(row.availableAt, 'available_at'),
          createdAt: sql<string>`${now}`.as('created_at'),
        })
        .from(from)
        .where(where),
    )
    .onConflictDoNothing({ target: creatorEarnings.idempotencyKey });
}

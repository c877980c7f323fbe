// The credit ledger (DESIGN decision 1): every balance change is a conditional update plus a ledger
// row with a unique idempotency key, in one D1 batch.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, gte, notExists, sql } from 'drizzle-orm';
import type { Balance, CreditTransaction, LedgerKind } from '../../common/types';
import { orm, type Db } from '../db/client';
import { agents, creditLedger, now, users } from '../db/schema';

export const IDEMPOTENCY_KEY = /^[\w.:-]{8,128}$/;
export const INVALID_IDEMPOTENCY_KEY = 'Idempotency-Key must be 8-128 letters, digits, dots, colons, dashes or underscores';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for another request';

export async function getBalance(d1: D1Database, userId: number): Promise<Balance> {
  const [row] = await orm(d1).select({ balance: users.credits, consumed: users.consumed }).from(users).where(eq(users.id, userId));
  return row ?? { balance: 0, consumed: 0 };
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

/** The agent id of a try's reference (`agent:{id}`), or null for any other. */
function tryAgentId(reference: string | null): number | null {
  const id = /^agent:(\d{1,15})$/.exec(reference ?? '')?.[1];
  return id ? Number(id) : null;
}

/** No ledger row holds `key` yet: the guard of every balance update (DESIGN decision 1). */
export const keyUnused = (db: Db, key: string) => notExists(db.select({ one: sql`1` }).from(creditLedger).where(eq(creditLedger.idempotencyKey, key)));

/**
 * The ledger row of a balance change, in the batch right after the update that made it: written only
 * when that update moved the balance (`changes()` is its row count; drizzle has no word for it), with
 * the balance it left. insert … select names every column in the table's order.
 */
export function ledgerRowAfterUpdate(
  db: Db,
  e: { userId: number; kind: LedgerKind; amount: number; reference: string; description: string; key: string },
) {
  const agentId = e.kind === 'try' ? tryAgentId(e.reference) : null;
  return db
    .insert(creditLedger)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as('id'),
          userId: users.id,
          kind: sql<LedgerKind>`${e.kind}`.as('kind'),
          amount: sql<number>`${e.amount}`.as('amount'),
          balanceAfter: users.credits,
          consumedAfter: users.consumed,
          reference: sql<string>`${e.reference}`.as('reference'),
          description: sql<string>`${e.description}`.as('description'),
          idempotencyKey: sql<string>`${e.key}`.as('idempotency_key'),
          createdAt: sql<string>`${now}`.as('created_at'),
          // A try keeps its agent's name as it is now: /billing still names it once the agent is deleted.
          agentName: (agentId === null ? sql<null>`NULL` : sql<string | null>`(SELECT ${agents.name} FROM ${agents} WHERE ${agents.id} = ${agentId})`).as('agent_name'),
        })
        .from(users)
        .where(and(eq(users.id, e.userId), sql`changes() = 1`)),
    )
    .onConflictDoNothing({ target: creditLedger.idempotencyKey });
}

const debitRecord = (db: Db, userId: number, key: string) =>
  db
    .select({ reference: creditLedger.reference, balance: creditLedger.balanceAfter, consumed: creditLedger.consumedAfter })
    .from(creditLedger)
    .where(and(eq(creditLedger.idempotencyKey, key), eq(creditLedger.userId, userId)));

/**
 * Debits `amount` once per key: the update only runs when the balance covers it and the key is
 * new, and the ledger row only when the update ran. Returns the row with the key afterwards (this
 * call's or an earlier one's), or null when the balance was short.
 */
export async function debitOnce(d1: D1Database, d: Debit): Promise<DebitRecord | null> {
  const db = orm(d1);
  const [, , existing] = await db.batch([
    db
      .update(users)
      .set({ credits: sql`${users.credits} - ${d.amount}`, consumed: sql`${users.consumed} + ${d.amount}` })
      .where(and(eq(users.id, d.userId), gte(users.credits, d.amount), keyUnused(db, d.key))),
    ledgerRowAfterUpdate(db, { userId: d.userId, kind: 'try', amount: -d.amount, reference: d.reference, description: d.description, key: d.key }),
    debitRecord(db, d.userId, d.key),
  ]);
  return existing[0] ?? null;
}

/** The debit recorded under `key` for this user, without debiting: how a try that lost its answer ended. */
export async function findDebit(d1: D1Database, userId: number, key: string): Promise<DebitRecord | null> {
  const [row] = await debitRecord(orm(d1), userId, key);
  return row ?? null;
}

/**
 * The caller's ledger, newest first. A try names its agent: as it is now while it exists (its page
 * is linked), else as it was when tried (docs/decisions/0022).
 */
export async function listTransactions(d1: D1Database, userId: number, limit = 200): Promise<CreditTransaction[]> {
  const rows = await orm(d1)
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      reference: creditLedger.reference,
      description: creditLedger.description,
      createdAt: creditLedger.createdAt,
      agentName: creditLedger.agentName,
      currentName: agents.name,
    })
    .from(creditLedger)
    // The reference's id looked up by the agents' primary key, for tries only.
    .leftJoin(agents, and(eq(creditLedger.kind, 'try'), sql`${agents.id} = CAST(substr(${creditLedger.reference}, 7) AS INTEGER)`))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(limit);
  return rows.map(({ agentName, currentName, ...row }) => {
    const agentId = row.kind === 'try' ? tryAgentId(row.reference) : null;
    return { ...row, agent: agentId === null ? null : { id: agentId, name: currentName ?? agentName, deleted: currentName === null } };
  });
}

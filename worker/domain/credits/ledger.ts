// The credit ledger (docs/product.md#credits): every balance change is a conditional update plus a ledger
// row with a unique idempotency key, in one D1 batch.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, gte, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { CENTS_PER_CREDIT, GUARANTEED_MINIMUM_CREDITS, INITIAL_CREDITS } from '#common/constants.ts';
import type { Balance, CreditTransaction, LedgerKind } from '#common/types.ts';
import { eqNocase, orm, type Db } from '#worker/db/client.ts';
import type { KeyClaim } from '#worker/lib/idempotency.ts';
import { agents, creditLedger, users } from '#worker/db/schema.ts';
import { earningAfterDebit, reversalAfterRefund, takeAvailable, type EarningTerms } from './earnings';
import { budgetOf, refundCredential, withinLimit, type Budget } from './budgets';
import { agentIdOf, agentIdOfSql } from './reference';
import { ledgerRow } from './rows';

export async function getBalance(d1: D1Database, userId: number): Promise<Balance> {
  const [row] = await orm(d1)
    .select({ balance: users.credits, consumed: users.consumed })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { balance: 0, consumed: 0 };
}

export interface Debit {
  userId: number;
  amount: number;
  key: string;
  reference: string;
  description: string;
  /** Who earns from the debit (a try of an agent): their share goes in with the debit, same batch. */
  earning?: EarningTerms;
  /**
   * The token or connected app that spends (docs/decisions/0042): the debit also stays within its
   * monthly spending limit, and the ledger row names it. None for a browser session: no limit.
   */
  credentialId?: number | null;
  /** An Idempotency-Key's claim: run first in the debit's batch, which debits only if it wrote its row. */
  claim?: KeyClaim | null;
}

/** What a debit left in the ledger: replays answer from it, so they get the first answer. */
export interface DebitRecord {
  reference: string | null;
  balance: number;
  consumed: number;
}

/**
 * How a debit ended: charged (this call or an earlier one with the key), or refused with nothing
 * charged because the balance was short or the credential's monthly limit would be passed. `budget`
 * is the credential's limit and its spending this month right after (null without a credential).
 */
export type DebitOutcome =
  | { charged: DebitRecord; budget: Budget | null }
  | { charged: null; refused: 'balance'; budget: Budget | null }
  | { charged: null; refused: 'limit'; budget: Budget & { limit: number } };

/** No ledger row holds `key` yet: the guard of every balance update (docs/product.md#credits). */
export const keyUnused = (db: Db, key: string) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, key)),
  );

/**
 * The ledger row of a balance change, in the batch right after the update that made it: written only
 * when that update moved the balance (`changes()` is its row count; drizzle has no word for it), with
 * the balance it left.
 */
export function ledgerRowAfterUpdate(
  db: Db,
  e: {
    userId: number;
    kind: LedgerKind;
    amount: number;
    reference: string;
    description: string;
    key: string;
    /** The credential of a try and its refund (docs/decisions/0042). */
    credentialId?: number | SQL<number | null> | null;
  },
) {
  const agentId = e.kind === 'try' ? agentIdOf(e.reference) : null;
  return ledgerRow(
    db,
    {
      kind: e.kind,
      amount: e.amount,
      balanceAfter: users.credits,
      consumedAfter: users.consumed,
      reference: e.reference,
      description: e.description,
      key: e.key,
      // A try keeps its agent's name as it is now: /billing still names it once the agent is deleted.
      agentName: agentId === null ? null : sql`(SELECT ${agents.name} FROM ${agents} WHERE ${agents.id} = ${agentId})`,
      credentialId: e.credentialId ?? null,
    },
    and(eq(users.id, e.userId), sql`changes() = 1`),
  );
}

/**
 * The sign-up grant of the account named `username`, for the batch that inserts it: the balance it
 * starts with is the grant, so the row is written from the new user row itself (by username: it is
 * unique, while several unconfirmed accounts may claim one address).
 */
export const signupGrant = (db: Db, username: string) =>
  ledgerRow(
    db,
    {
      kind: 'signup',
      amount: INITIAL_CREDITS,
      balanceAfter: INITIAL_CREDITS,
      consumedAfter: 0,
      reference: null,
      description: 'Sign-up credits',
      key: sql`'signup:' || ${users.id}`,
      agentName: null,
    },
    eqNocase(users.username, username),
  );

/**
 * Tops everyone below GUARANTEED_MINIMUM_CREDITS up to it (an operator's action), in one batch:
 * the ledger rows first (they read the old balances), then the balances. Returns how many accounts.
 */
export async function topUpToMinimum(d1: D1Database): Promise<number> {
  const db = orm(d1);
  const min = GUARANTEED_MINIMUM_CREDITS;
  // Each run's rows have keys of their own: a later run tops up again whoever fell below since.
  const run = crypto.randomUUID();
  const short = lt(users.credits, min);
  const [ledger] = await db.batch([
    ledgerRow(
      db,
      {
        kind: 'admin_topup',
        amount: sql`${min} - ${users.credits}`,
        balanceAfter: min,
        consumedAfter: users.consumed,
        reference: null,
        description: 'Top-up to the guaranteed minimum',
        key: sql`'topup:' || ${users.id} || ':' || ${run}`,
        agentName: null,
      },
      short,
    ),
    db.update(users).set({ credits: min }).where(short),
  ]);
  return ledger.meta.changes ?? 0;
}

const debitRecord = (db: Db, userId: number, key: string) =>
  db
    .select({
      reference: creditLedger.reference,
      balance: creditLedger.balanceAfter,
      consumed: creditLedger.consumedAfter,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.idempotencyKey, key), eq(creditLedger.userId, userId)));

/**
 * Debits `amount` once per key: the update only runs when the balance covers it, the key is new and
 * (with a credential) its spending this month plus `amount` stays within its limit; the ledger row
 * only when the update ran. Tells what the key holds afterwards (this call's debit or an earlier
 * one's) or, when nothing was charged, why.
 */
export async function chargeOnce(d1: D1Database, d: Debit): Promise<DebitOutcome> {
  const db = orm(d1);
  const credentialId = d.credentialId ?? null;
  // A free try (a creator's own agent) spends nothing, so no limit refuses it.
  const limited = credentialId !== null && d.amount > 0;
  const debit = db
    .update(users)
    .set({ credits: sql`${users.credits} - ${d.amount}`, consumed: sql`${users.consumed} + ${d.amount}` })
    .where(
      and(
        eq(users.id, d.userId),
        gte(users.credits, d.amount),
        keyUnused(db, d.key),
        // The claim just before wrote its row (`changes()` still tells the previous statement's).
        d.claim ? sql`changes() = 1` : undefined,
        // Read in the update itself: D1 runs a batch alone, so concurrent tries can never pass the limit together.
        limited ? withinLimit(db, credentialId, d.amount) : undefined,
      ),
    );
  const row = ledgerRowAfterUpdate(db, {
    userId: d.userId,
    kind: 'try',
    amount: -d.amount,
    reference: d.reference,
    description: d.description,
    key: d.key,
    credentialId,
  });
  const record = debitRecord(db, d.userId, d.key);
  // The credential's figures after the debit, in the same batch: a refusal's reason and the notices read them.
  const budgetRead = budgetOf(db, credentialId);
  // The creator's earning is written from the ledger row itself, so it exists exactly when the debit does.
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = d.claim
    ? [d.claim.statement, debit, row]
    : [debit, row];
  if (d.earning) statements.push(earningAfterDebit(db, d.key, d.amount, d.earning));
  const results = await db.batch([...statements, record, budgetRead]);
  d.claim?.taken(results[0]);
  const existing = results.at(-2) as Awaited<typeof record>;
  const budget = (results.at(-1) as Awaited<typeof budgetRead>)[0] ?? null;
  if (existing[0]) return { charged: existing[0], budget };
  const limit = budget?.limit ?? null;
  if (limited && budget && limit !== null && budget.spent + d.amount > limit)
    return { charged: null, refused: 'limit', budget: { ...budget, limit } };
  return { charged: null, refused: 'balance', budget };
}

/** chargeOnce without the reasons: the record under the key, or null when nothing was charged. */
export async function debitOnce(d1: D1Database, d: Debit): Promise<DebitRecord | null> {
  return (await chargeOnce(d1, d)).charged;
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
    .leftJoin(agents, and(eq(creditLedger.kind, 'try'), sql`${agents.id} = ${agentIdOfSql(creditLedger.reference)}`))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(limit);
  return rows.map(({ agentName, currentName, ...row }) => {
    const agentId = row.kind === 'try' ? agentIdOf(row.reference) : null;
    return {
      ...row,
      agent: agentId === null ? null : { id: agentId, name: currentName ?? agentName, deleted: currentName === null },
    };
  });
}

export type RefundOutcome =
  | { refunded: true; userId: number; credits: number; balance: number }
  | { refunded: false; reason: 'missing' | 'free' | 'already' };

/**
 * Gives a try's credits back (an operator's refund from the person's history), once: the person's
 * credits and a 'refund' ledger row, and the reversal of the creator's earning, in one batch. The
 * refund's key derives from the try's, so a second refund of the same try changes nothing.
 */
export async function refundTry(d1: D1Database, ledgerId: number): Promise<RefundOutcome> {
  const db = orm(d1);
  const [tried] = await db
    .select({
      userId: creditLedger.userId,
      amount: creditLedger.amount,
      key: creditLedger.idempotencyKey,
      reference: creditLedger.reference,
      agentName: creditLedger.agentName,
      credentialId: creditLedger.credentialId,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.id, ledgerId), eq(creditLedger.kind, 'try')));
  if (!tried) return { refunded: false, reason: 'missing' };
  const credits = -tried.amount;
  if (credits <= 0) return { refunded: false, reason: 'free' };
  const refundKey = `refund:${tried.key}`;
  const [update, , , [after]] = await db.batch([
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${credits}`, consumed: sql`max(${users.consumed} - ${credits}, 0)` })
      .where(and(eq(users.id, tried.userId), keyUnused(db, refundKey))),
    ledgerRowAfterUpdate(db, {
      userId: tried.userId,
      kind: 'refund',
      amount: credits,
      // The agent's reference, so the agent's insights net the refund off its credits spent.
      reference: tried.reference ?? `ledger:${ledgerId}`,
      description: `Refund of a try of ${tried.agentName ?? 'an agent'}`,
      key: refundKey,
      // The try's credential when the try is of this month: a refund counts in its try's month only.
      credentialId: refundCredential(tried.credentialId, tried.createdAt),
    }),
    reversalAfterRefund(db, tried.key, refundKey),
    db.select({ balance: users.credits }).from(users).where(eq(users.id, tried.userId)),
  ]);
  if (!update.meta.changes) return { refunded: false, reason: 'already' };
  return { refunded: true, userId: tried.userId, credits, balance: after?.balance ?? 0 };
}

/**
 * Moves `credits` whole credits of the creator's available earnings into their spendable credits,
 * once per key, in one batch: the earnings row only when that much is available, the credits and
 * their ledger row only when it was written. Null when not enough was available (or the key was used).
 */
export async function moveEarningsToCredits(
  d1: D1Database,
  userId: number,
  credits: number,
  key: string,
): Promise<Balance | null> {
  const db = orm(d1);
  const ledgerKey = `earnings:${key}`;
  const [, update, , [after]] = await db.batch([
    takeAvailable(db, { creatorId: userId, cents: credits * CENTS_PER_CREDIT, key, kind: 'to_credits' }),
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${credits}` })
      .where(and(eq(users.id, userId), sql`changes() = 1`)),
    ledgerRowAfterUpdate(db, {
      userId,
      kind: 'earnings',
      amount: credits,
      reference: 'earnings',
      description: 'Earnings moved to credits',
      key: ledgerKey,
    }),
    db.select({ balance: users.credits, consumed: users.consumed }).from(users).where(eq(users.id, userId)),
  ]);
  return update.meta.changes ? (after ?? null) : null;
}

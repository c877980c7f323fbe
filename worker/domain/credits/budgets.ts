// Monthly spending limits of the credentials programs spend with, tokens and connected apps alike
// (docs/decisions/0042). What a credential spent this UTC calendar month is read from the ledger
// itself (its tries net of their refunds), so it can never disagree with the balances, and the
// limit is read in the debit's own statement, so an edit counts at once.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, gte, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { SPEND_NOTICE_LEVELS } from '#common/api-tokens.ts';
import { orm, type Db } from '#worker/db/client.ts';
import { apiTokens, budgetNotices, creditLedger } from '#worker/db/schema.ts';

/**
 * The first instant of the current UTC month, as the ledger writes created_at: the database's clock
 * stamps the rows, so it also says where the month starts.
 */
const monthStart = sql<string>`strftime('%Y-%m-01T00:00:00.000Z', 'now')`;
/** This UTC month as budget_notices names it ('YYYY-MM'). */
const thisMonth = sql<string>`strftime('%Y-%m', 'now')`;

/** The ledger rows that count toward a credential's month: its tries and their refunds, since the month began. */
const countedRows = (credential: SQL | SQLiteColumn) =>
  and(
    sql`${creditLedger.credentialId} = ${credential}`,
    inArray(creditLedger.kind, ['try', 'refund']),
    gte(creditLedger.createdAt, monthStart),
  );

/**
 * Credits spent: the rows' amounts negated (tries are negative). Never below zero, as a guard: a
 * refund names the credential only when its try is of the same month (refundCredential).
 */
const spent = sql<number>`max(0, -coalesce(sum(${creditLedger.amount}), 0))`;

/**
 * The credential a refund row names: its try's, when the try was made this UTC month (read in the
 * refund's own insert, on the database's clock like every created_at); none for an earlier month's
 * try. A refund thus counts in the month of its try: giving back last month's credits must not make
 * room in this month's limit, nor hide this month's spending from the owner.
 */
export const refundCredential = (credentialId: number | null, triedAt: string) =>
  credentialId === null ? null : sql<number | null>`CASE WHEN ${triedAt} >= ${monthStart} THEN ${credentialId} END`;

/** What `credential` spent this month, as a scalar subquery (served by credit_ledger_credential_created). */
const spentOf = (credential: SQL | SQLiteColumn) =>
  sql<number>`(SELECT ${spent} FROM ${creditLedger} WHERE ${countedRows(credential)})`;

/**
 * The guard a limited debit adds to its conditional update: no limit of `credentialId` that `amount`
 * would pass. NULL (no limit) compares as unknown and a credential that is gone has no row, so
 * neither refuses.
 */
export const withinLimit = (db: Db, credentialId: number, amount: number) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(apiTokens)
      .where(and(eq(apiTokens.id, credentialId), sql`${apiTokens.spendLimit} < ${amount} + ${spentOf(apiTokens.id)}`)),
  );

/** A credential's limit and what it spent this month: the figures a refusal and a notice name. */
export interface Budget {
  credentialId: number;
  name: string;
  kind: 'token' | 'app';
  /** Credits per UTC calendar month; null: no limit. */
  limit: number | null;
  spent: number;
}

/** The budget of `credentialId` (none when null), read in a debit's batch right after its update. */
export const budgetOf = (db: Db, credentialId: number | null) =>
  db
    .select({
      credentialId: apiTokens.id,
      name: apiTokens.name,
      kind: apiTokens.kind,
      limit: apiTokens.spendLimit,
      spent: spentOf(apiTokens.id),
    })
    .from(apiTokens)
    .where(credentialId === null ? sql`0` : eq(apiTokens.id, credentialId));

/** D1 binds at most 100 parameters per statement. */
const IDS_PER_QUERY = 90;

/**
 * What each of `credentialIds` spent this UTC calendar month, net of refunds (absent: nothing), in one
 * query for a page of credentials (a list of tokens or connected apps), never one per row.
 */
export async function spentThisMonth(d1: D1Database, credentialIds: number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  const db = orm(d1);
  for (let i = 0; i < credentialIds.length; i += IDS_PER_QUERY) {
    const ids = credentialIds.slice(i, i + IDS_PER_QUERY);
    const rows = await db
      .select({ id: creditLedger.credentialId, spent })
      .from(creditLedger)
      .where(
        and(
          inArray(creditLedger.credentialId, ids),
          inArray(creditLedger.kind, ['try', 'refund']),
          gte(creditLedger.createdAt, monthStart),
        ),
      )
      .groupBy(creditLedger.credentialId);
    for (const row of rows) if (row.id !== null) totals.set(row.id, row.spent);
  }
  return totals;
}

export type NoticeLevel = (typeof SPEND_NOTICE_LEVELS)[number];

/**
 * The notice levels a budget has reached: every level its spending is at or past, or all of them
 * when a try was refused by the limit (that counts as reaching it).
 */
export const levelsReached = (budget: Budget, refused: boolean): NoticeLevel[] =>
  budget.limit === null
    ? []
    : SPEND_NOTICE_LEVELS.filter((level) => refused || budget.spent * 100 >= level * budget.limit!);

/**
 * Claims this month's notices of `levels` for the credential: the levels whose row this call
 * inserted, so each (credential, month, level) is claimed once however many tries reach it at once.
 */
export async function claimNotices(d1: D1Database, credentialId: number, levels: NoticeLevel[]): Promise<number[]> {
  if (levels.length === 0) return [];
  const rows = await orm(d1)
    .insert(budgetNotices)
    .values(levels.map((level) => ({ credentialId, month: thisMonth, level })))
    .onConflictDoNothing()
    .returning({ level: budgetNotices.level });
  return rows.map((row) => row.level);
}

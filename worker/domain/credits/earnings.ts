// The creators' earnings ledger (docs/product.md#creators-and-earnings, docs/decisions/0029): rows that ride in the
// same D1 batch as the credit change they belong to, each guarded so it is written exactly once.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, lt, sql } from 'drizzle-orm';
import { CENTS_PER_CREDIT } from '#common/constants.ts';
import type { EarningsBalance } from '#common/types.ts';
import { orm, type Db } from '#worker/db/client.ts';
import { creatorEarnings, creditLedger, now } from '#worker/db/schema.ts';
import { earningsRow } from './rows';

/** Who earns from a try and on what terms (the env's CREATOR_SHARE and EARNINGS_HOLD_DAYS). */
export interface EarningTerms {
  /** Null for agents nobody created (seeded ones): the platform keeps the whole price. */
  creatorId: number | null;
  agentId: number;
  sharePercent: number;
  holdDays: number;
}

/** The creator's share of a price in whole cents (rounded down); the platform keeps the rest. */
export function splitPrice(
  credits: number,
  creatorId: number | null,
  sharePercent: number,
): { creatorCents: number; platformCents: number } {
  const priceCents = credits * CENTS_PER_CREDIT;
  const creatorCents = creatorId === null ? 0 : Math.floor((priceCents * sharePercent) / 100);
  return { creatorCents, platformCents: priceCents - creatorCents };
}

const earnKey = (tryKey: string) => `earn:${tryKey}`;
const reverseKey = (tryKey: string) => `reverse:${tryKey}`;
/** `now` in the migrations' timestamp form, moved by an SQLite modifier such as '+7 days'. */
const nowPlus = (modifier: string) => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${modifier})`;

/**
 * The earning of the try debited under `tryKey`, for the debit's batch: written only when that
 * ledger row exists and charged something (a free try earns nothing), once (its own unique key),
 * so a retry or a replay of the batch never earns twice.
 */
export function earningAfterDebit(db: Db, tryKey: string, credits: number, terms: EarningTerms) {
  const { creatorCents, platformCents } = splitPrice(credits, terms.creatorId, terms.sharePercent);
  return earningsRow(
    db,
    {
      creatorId: terms.creatorId,
      kind: 'earning',
      amountCents: creatorCents,
      platformCents,
      agentId: terms.agentId,
      tryKey,
      key: earnKey(tryKey),
      availableAt: nowPlus(`+${terms.holdDays} days`),
    },
    creditLedger,
    and(eq(creditLedger.idempotencyKey, tryKey), eq(creditLedger.kind, 'try'), lt(creditLedger.amount, 0)),
  );
}

/**
 * The reversal of a try's earning, for the refund's batch: written only when the refund's ledger row
 * (`refundKey`) exists, once. It keeps the earning's available_at, so it comes off the side of the
 * balance the earning is on (pending while held, available after).
 */
export function reversalAfterRefund(db: Db, tryKey: string, refundKey: string) {
  return earningsRow(
    db,
    {
      creatorId: creatorEarnings.creatorId,
      kind: 'reversal',
      amountCents: sql`-${creatorEarnings.amountCents}`,
      platformCents: sql`-${creatorEarnings.platformCents}`,
      agentId: creatorEarnings.agentId,
      tryKey: creatorEarnings.tryKey,
      key: reverseKey(tryKey),
      availableAt: creatorEarnings.availableAt,
    },
    creatorEarnings,
    and(
      eq(creatorEarnings.idempotencyKey, earnKey(tryKey)),
      sql`EXISTS (SELECT 1 FROM ${creditLedger} WHERE ${creditLedger.idempotencyKey} = ${refundKey})`,
    ),
  );
}

/** The creator's available earnings in cents, as an SQL expression (past the hold, less what left). */
const availableCentsSql = (creatorId: number) =>
  sql<number>`(SELECT coalesce(sum(${creatorEarnings.amountCents}), 0) FROM ${creatorEarnings} WHERE ${creatorEarnings.creatorId} = ${creatorId} AND ${creatorEarnings.availableAt} <= ${now})`;

/**
 * Takes `cents` off the creator's available earnings, as a 'to_credits' or a 'payout' row, for a
 * batch whose next statements give the money somewhere else (they run only when that row was
 * written): written only when that much is available and the key is new. The only guard of the
 * available balance: never below zero, however many ask at once (D1 runs one batch at a time).
 */
export function takeAvailable(
  db: Db,
  p: { creatorId: number; cents: number; key: string; kind: 'to_credits' | 'payout' },
) {
  return earningsRow(
    db,
    {
      creatorId: p.creatorId,
      kind: p.kind,
      amountCents: -p.cents,
      platformCents: 0,
      agentId: null,
      tryKey: null,
      key: p.key,
      availableAt: now,
    },
    sql`(SELECT 1)`,
    sql`${availableCentsSql(p.creatorId)} >= ${p.cents}`,
  );
}

/** The creator's four figures in cents and how many earnings rows they have, in one query. */
export async function earningsFigures(d1: D1Database, creatorId: number) {
  const held = sql`${creatorEarnings.availableAt} > ${now}`;
  const earned = sql`${creatorEarnings.kind} IN ('earning', 'reversal')`;
  const [row] = await orm(d1)
    .select({
      pendingCents: sql<number>`coalesce(sum(CASE WHEN ${held} AND ${earned} THEN ${creatorEarnings.amountCents} ELSE 0 END), 0)`,
      // Below zero when a refund reached earnings that had already left (owedCents in common/earnings.ts):
      // new earnings net it as they become available, and nothing can be taken (takeAvailable) until it is above.
      availableCents: sql<number>`coalesce(sum(CASE WHEN NOT (${held}) THEN ${creatorEarnings.amountCents} ELSE 0 END), 0)`,
      lifetimeCents: sql<number>`coalesce(sum(CASE WHEN ${earned} THEN ${creatorEarnings.amountCents} ELSE 0 END), 0)`,
      // A failed payout's 'payout_returned' row cancels its 'payout' row: pending and paid ones count.
      paidOutCents: sql<number>`coalesce(-sum(CASE WHEN ${creatorEarnings.kind} IN ('to_credits', 'payout', 'payout_returned') THEN ${creatorEarnings.amountCents} ELSE 0 END), 0)`,
      entries: sql<number>`count(*)`,
    })
    .from(creatorEarnings)
    .where(eq(creatorEarnings.creatorId, creatorId));
  return { pendingCents: 0, availableCents: 0, lifetimeCents: 0, paidOutCents: 0, entries: 0, ...row };
}

export async function getEarnings(
  d1: D1Database,
  creatorId: number,
  terms: { sharePercent: number; holdDays: number },
): Promise<EarningsBalance> {
  const { entries: _entries, ...figures } = await earningsFigures(d1, creatorId);
  return { ...figures, ...terms };
}

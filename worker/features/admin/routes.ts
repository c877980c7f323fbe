import { lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { GUARANTEED_MINIMUM_CREDITS } from '../../../common/constants';
import type { LedgerKind } from '../../../common/types';
import { orm } from '../../db/client';
import { creditLedger, now, users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { requireRole } from '../../middleware/session';
import { fail } from '../../lib/http';
import { refundTry } from '../../lib/ledger';
import { jsonBody } from '../../lib/validator';
import * as v from 'valibot';

export const TRY_NOT_FOUND = 'No try with that ledger id';
export const TRY_WAS_FREE = 'That try cost nothing: there is nothing to refund';
export const TRY_ALREADY_REFUNDED = 'That try was already refunded';
const refundSchema = v.object({ ledgerId: v.pipe(v.number(TRY_NOT_FOUND), v.integer(TRY_NOT_FOUND), v.minValue(1, TRY_NOT_FOUND)) });

export const adminRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'))
  // Support refunds a try from a person's history, once: credits back, the creator's earning reversed (docs/decisions/0029).
  .post('/refunds', jsonBody(refundSchema), async (c) => {
    const outcome = await refundTry(c.env.DB, c.req.valid('json').ledgerId);
    if (outcome.refunded) return c.json(outcome);
    if (outcome.reason === 'missing') return fail(c, 404, TRY_NOT_FOUND);
    return fail(c, 409, outcome.reason === 'free' ? TRY_WAS_FREE : TRY_ALREADY_REFUNDED);
  })
  .post('/ensure-minimum-credits', async (c) => {
  const db = orm(c.env.DB);
  const min = GUARANTEED_MINIMUM_CREDITS;
  const run = crypto.randomUUID();
  const short = lt(users.credits, min);
  // Ledger rows first (they read the old balances), then the balances, atomically in one batch.
  // insert … select names every column, in the table's order.
  const [ledger] = await db.batch([
    db.insert(creditLedger).select(
      db
        .select({
          id: sql<number>`NULL`.as('id'),
          userId: users.id,
          kind: sql<LedgerKind>`'admin_topup'`.as('kind'),
          amount: sql<number>`${min} - ${users.credits}`.as('amount'),
          balanceAfter: sql<number>`${min}`.as('balance_after'),
          consumedAfter: users.consumed,
          reference: sql<string | null>`NULL`.as('reference'),
          description: sql<string>`'Top-up to the guaranteed minimum'`.as('description'),
          idempotencyKey: sql<string>`'topup:' || ${users.id} || ':' || ${run}`.as('idempotency_key'),
          createdAt: sql<string>`${now}`.as('created_at'),
          agentName: sql<null>`NULL`.as('agent_name'),
        })
        .from(users)
        .where(short),
    ),
    db.update(users).set({ credits: min }).where(short),
  ]);
  return c.json({ totalUpdated: ledger.meta.changes ?? 0 });
});

import { Hono } from 'hono';
import { GUARANTEED_MINIMUM_CREDITS } from '../../../common/constants';
import type { AppEnv } from '../../env';
import { requireRole } from '../../middleware/session';

export const adminRoutes = new Hono<AppEnv>().use(requireRole('admin')).post('/ensure-minimum-credits', async (c) => {
  const db = c.env.DB;
  const min = GUARANTEED_MINIMUM_CREDITS;
  const run = crypto.randomUUID();
  // Ledger rows first (they read the old balances), then the balances, atomically in one batch.
  const [ledger] = await db.batch([
    db
      .prepare(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, description, idempotency_key)
         SELECT id, 'admin_topup', ?1 - credits, ?1, consumed, 'Top-up to the guaranteed minimum', 'topup:' || id || ':' || ?2
         FROM users WHERE credits < ?1`,
      )
      .bind(min, run),
    db.prepare('UPDATE users SET credits = ?1 WHERE credits < ?1').bind(min),
  ]);
  return c.json({ totalUpdated: ledger?.meta.changes ?? 0 });
});

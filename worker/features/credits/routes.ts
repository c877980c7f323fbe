import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { getBalance, listTransactions } from '../../lib/ledger';
import { requireUser } from '../../middleware/session';

export const creditsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/balance', async (c) => c.json(await getBalance(c.env.DB, c.var.user!.id)))
  .get('/transactions', async (c) => c.json(await listTransactions(c.env.DB, c.var.user!.id)));

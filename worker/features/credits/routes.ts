import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { getBalance, listTransactions } from '../../lib/ledger';
import { requireUser } from '../../middleware/session';
import { providerBalance } from '../provider/usage';

export const creditsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // Provider mode with provider tokens: the provider's usage summary is the balance (SPEC §7).
  .get('/balance', async (c) => c.json((await providerBalance(c)) ?? (await getBalance(c.env.DB, c.var.user!.id))))
  .get('/transactions', async (c) => c.json(await listTransactions(c.env.DB, c.var.user!.id)));

import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { fail, positiveInt } from '#worker/lib/http.ts';
import { getBalance, listTransactions } from '#worker/lib/ledger.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { providerBalance } from '#worker/features/provider/index.ts';
import { getReceipt } from './data';

export const RECEIPT_NOT_FOUND = 'Receipt not found';
export const INVALID_RECEIPT_ID = 'A receipt id is a positive whole number';

export const creditsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // Provider mode with provider tokens: the provider's usage summary is the balance (docs/product.md#provider).
  .get('/balance', async (c) => c.json((await providerBalance(c)) ?? (await getBalance(c.env.DB, c.var.user!.id))))
  .get('/transactions', async (c) => c.json(await listTransactions(c.env.DB, c.var.user!.id)))
  .get('/receipts/:id', async (c) => {
    const id = positiveInt(c.req.param('id'));
    if (!id) return fail(c, 400, INVALID_RECEIPT_ID);
    const receipt = await getReceipt(c.env.DB, c.var.user!.id, id);
    if (!receipt) return fail(c, 404, RECEIPT_NOT_FOUND);
    return c.json(receipt);
  });

import { Hono } from 'hono';
import * as v from 'valibot';
import { balanceSchema, receiptSchema, transactionSchema } from '#common/api-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { getBalance, listTransactions } from '#worker/domain/credits/index.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { positiveIntText, validated } from '#worker/lib/validator.ts';
import { ownList } from '#worker/lib/own-list.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { providerBalance } from '#worker/features/provider/index.ts';
import { getReceipt } from './data';

export const RECEIPT_NOT_FOUND = 'Receipt not found';
export const INVALID_RECEIPT_ID = 'A receipt id is a positive whole number';

export const creditsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // Provider mode with provider tokens: the provider's usage summary is the balance (docs/product.md#provider).
  .get(
    '/balance',
    route({
      tag: 'credits',
      summary: 'Your credit balance',
      access: 'signed-in',
      token: 'read',
      responses: { 200: json(balanceSchema, 'Credits left and spent') },
    }),
    async (c) => c.json((await providerBalance(c)) ?? (await getBalance(c.env.DB, c.var.user!.id))),
  )
  .get(
    '/transactions',
    ...ownList(
      { tag: 'credits', summary: 'Your credit history', token: 'read' },
      transactionSchema,
      'Newest first',
      listTransactions,
    ),
  )
  .get(
    '/receipts/:id',
    route({
      tag: 'credits',
      summary: 'A receipt of your purchase',
      access: 'signed-in',
      responses: { 200: json(receiptSchema, 'The receipt'), 404: error(RECEIPT_NOT_FOUND) },
    }),
    validated('param', v.object({ id: positiveIntText(INVALID_RECEIPT_ID) })),
    async (c) => {
      const { id } = c.req.valid('param');
      const receipt = await getReceipt(c.env.DB, c.var.user!.id, id);
      if (!receipt) return fail(c, 404, RECEIPT_NOT_FOUND);
      return c.json(receipt);
    },
  );

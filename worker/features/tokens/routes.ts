// The owner's personal API tokens (docs/decisions/0030): session only; bearerAuth refuses tokens here.
import { Hono } from 'hono';
import { createTokenSchema, TOKEN_MESSAGES, TOKENS_PER_USER_MAX } from '#common/api-tokens.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail, positiveInt } from '#worker/lib/http.ts';
import { jsonBody } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { activeTokenCount, createToken, listTokens, revokeToken } from './data';

export const tokensRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await listTokens(c.env.DB, c.var.user!.id)))
  .post('/', jsonBody(createTokenSchema), async (c) => {
    const userId = c.var.user!.id;
    if ((await activeTokenCount(c.env.DB, userId)) >= TOKENS_PER_USER_MAX) return fail(c, 409, TOKEN_MESSAGES.tooMany);
    return c.json(await createToken(c.env.DB, userId, c.req.valid('json')), 201);
  })
  .delete('/:id', async (c) => {
    const id = positiveInt(c.req.param('id'));
    if (!id || !(await revokeToken(c.env.DB, c.var.user!.id, id))) return fail(c, 404, TOKEN_MESSAGES.notFound);
    return c.json({ ok: true as const });
  });

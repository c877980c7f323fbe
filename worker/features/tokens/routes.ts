// The owner's personal API tokens (docs/decisions/0030): session only; bearerAuth refuses tokens here.
import { Hono } from 'hono';
import * as v from 'valibot';
import { createdTokenSchema, okSchema, tokenSummarySchema } from '#common/api-schemas.ts';
import { createTokenSchema, TOKEN_MESSAGES, TOKENS_PER_USER_MAX } from '#common/api-tokens.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { idParam, jsonBody } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { activeTokenCount, createToken, listTokens, revokeToken } from './data';

export const tokensRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    '/',
    route({ tag: 'tokens', summary: 'Your API tokens', description: 'Never the tokens themselves.', access: 'signed-in', responses: { 200: json(v.array(tokenSummarySchema), 'Your tokens') } }),
    async (c) => c.json(await listTokens(c.env.DB, c.var.user!.id)),
  )
  .post(
    '/',
    route({
      tag: 'tokens',
      summary: 'Make an API token',
      description: 'The token is in this answer only; keep it.',
      access: 'signed-in',
      responses: { 201: json(createdTokenSchema, 'The new token'), 409: error(TOKEN_MESSAGES.tooMany) },
    }),
    jsonBody(createTokenSchema),
    async (c) => {
      const userId = c.var.user!.id;
      if ((await activeTokenCount(c.env.DB, userId)) >= TOKENS_PER_USER_MAX) return fail(c, 409, TOKEN_MESSAGES.tooMany);
      return c.json(await createToken(c.env.DB, userId, c.req.valid('json')), 201);
    },
  )
  .delete(
    '/:id',
    route({ tag: 'tokens', summary: 'Revoke an API token', access: 'signed-in', responses: { 200: json(okSchema, 'Revoked, for good'), 404: error(TOKEN_MESSAGES.notFound) } }),
    idParam('id', TOKEN_MESSAGES.notFound),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await revokeToken(c.env.DB, c.var.user!.id, id))) return fail(c, 404, TOKEN_MESSAGES.notFound);
      return c.json({ ok: true as const });
    },
  );

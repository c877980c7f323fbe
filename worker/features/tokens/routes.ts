// The owner's personal API tokens (docs/decisions/0030): session only; bearerAuth refuses tokens here.
import { Hono } from 'hono';
import { createdTokenSchema, okSchema, tokenSummarySchema } from '#common/api-schemas.ts';
import { createTokenSchema, setSpendLimitSchema, TOKEN_MESSAGES, TOKENS_PER_USER_MAX } from '#common/api-tokens.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { idParam, jsonBody } from '#worker/lib/validator.ts';
import { ownList } from '#worker/lib/own-list.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { mailTokenCreated } from '#worker/features/auth/index.ts';
import { activeTokenCount, createToken, listCredentials, revokeCredential, setCredentialSpendLimit } from './data';

export const tokensRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    '/',
    ...ownList(
      {
        tag: 'tokens',
        summary: 'Your API tokens',
        description:
          'Never the tokens themselves; each with its monthly spending limit and what it spent this UTC month.',
      },
      tokenSummarySchema,
      'Your tokens',
      (d1, userId) => listCredentials(d1, userId, 'token'),
    ),
  )
  .post(
    '/',
    route({
      tag: 'tokens',
      summary: 'Make an API token',
      description:
        'The token is in this answer only; keep it. spendLimit caps the credits its tries may spend per UTC calendar month (null or absent: no limit).',
      access: 'signed-in',
      responses: { 201: json(createdTokenSchema, 'The new token'), 409: error(TOKEN_MESSAGES.tooMany) },
    }),
    jsonBody(createTokenSchema),
    async (c) => {
      const user = c.var.user!;
      if ((await activeTokenCount(c.env.DB, user.id)) >= TOKENS_PER_USER_MAX)
        return fail(c, 409, TOKEN_MESSAGES.tooMany);
      const created = await createToken(c.env.DB, user.id, c.req.valid('json'));
      // The owner hears of every token, so one made with a stolen session is noticed (docs/decisions/0038).
      await mailTokenCreated(c, user, created);
      return c.json(created, 201);
    },
  )
  .patch(
    '/:id',
    route({
      tag: 'tokens',
      summary: "Change an API token's monthly spending limit",
      description:
        'spendLimit: the credits its tries may spend per UTC calendar month, or null for no limit. It counts from the next try, against what the token already spent this month.',
      access: 'signed-in',
      responses: {
        200: json(tokenSummarySchema, 'The token with its new limit'),
        404: error(TOKEN_MESSAGES.notFound),
      },
    }),
    idParam('id', TOKEN_MESSAGES.notFound),
    jsonBody(setSpendLimitSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { spendLimit } = c.req.valid('json');
      const token = await setCredentialSpendLimit(c.env.DB, c.var.user!.id, 'token', id, spendLimit);
      if (!token) return fail(c, 404, TOKEN_MESSAGES.notFound);
      return c.json(token);
    },
  )
  .delete(
    '/:id',
    route({
      tag: 'tokens',
      summary: 'Revoke an API token',
      access: 'signed-in',
      responses: { 200: json(okSchema, 'Revoked, for good'), 404: error(TOKEN_MESSAGES.notFound) },
    }),
    idParam('id', TOKEN_MESSAGES.notFound),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await revokeCredential(c.env.DB, c.var.user!.id, 'token', id)))
        return fail(c, 404, TOKEN_MESSAGES.notFound);
      return c.json({ ok: true as const });
    },
  );

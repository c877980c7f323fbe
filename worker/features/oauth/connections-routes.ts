// Settings → Connected apps (docs/decisions/0042): the owner's apps, their monthly limits, revoking
// one. Session only: bearerAuth refuses tokens here (worker/features/tokens/policy.ts allow-lists).
import { Hono } from 'hono';
import { connectionSchema, okSchema } from '#common/api-schemas.ts';
import { setSpendLimitSchema, SPEND_LIMIT_MESSAGES } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES } from '#common/oauth.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { ownList } from '#worker/lib/own-list.ts';
import { idParam, jsonBody } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { listCredentials, setCredentialSpendLimit } from '#worker/features/tokens/index.ts';
import { endConnection } from './connections';

export const connectionsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    '/',
    ...ownList(
      {
        tag: 'apps',
        summary: 'Your connected apps',
        description: 'Newest first, with what each spent this month; never their tokens.',
      },
      connectionSchema,
      'Your connected apps',
      (d1, userId) => listCredentials(d1, userId, 'app'),
    ),
  )
  .patch(
    '/:id',
    route({
      tag: 'apps',
      summary: "Change a connected app's monthly spending limit",
      description: 'null: no limit. Its next try is held to the new limit.',
      access: 'signed-in',
      responses: {
        200: json(connectionSchema, 'The connected app, changed'),
        400: error(SPEND_LIMIT_MESSAGES.invalid),
        404: error(OAUTH_MESSAGES.notFound),
      },
    }),
    idParam('id', OAUTH_MESSAGES.notFound),
    jsonBody(setSpendLimitSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const changed = await setCredentialSpendLimit(
        c.env.DB,
        c.var.user!.id,
        'app',
        id,
        c.req.valid('json').spendLimit,
      );
      if (!changed) return fail(c, 404, OAUTH_MESSAGES.notFound);
      return c.json(changed, 200);
    },
  )
  .delete(
    '/:id',
    route({
      tag: 'apps',
      summary: 'Revoke a connected app',
      description:
        'At once: its tokens stop working and it cannot refresh them. It can only connect again with your consent.',
      access: 'signed-in',
      responses: { 200: json(okSchema, 'Revoked, for good'), 404: error(OAUTH_MESSAGES.notFound) },
    }),
    idParam('id', OAUTH_MESSAGES.notFound),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await endConnection(c.env, c.var.user!.id, id))) return fail(c, 404, OAUTH_MESSAGES.notFound);
      return c.json({ ok: true as const });
    },
  );

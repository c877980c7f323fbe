import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { log } from '#worker/lib/log.ts';
import { json, route } from '#worker/lib/openapi.ts';
import { healthSchema } from '#common/api-schemas.ts';

/**
 * GET /api/health: 200 when the worker can query D1 (with how long the round trip took), 503 when it
 * cannot. Never cached; for uptime checks and right after a deploy.
 */
export const healthRoutes = new Hono<AppEnv>().get(
  '/',
  route({
    tag: 'system',
    summary: 'Whether the worker can query the database',
    description: 'Never cached; for uptime checks and right after a deploy.',
    access: 'anyone',
    responses: {
      200: json(healthSchema, 'The database answered'),
      503: json(healthSchema, 'The database is unreachable'),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const started = Date.now();
    try {
      // Plain SQL on the binding: the check is about D1 answering, with nothing of drizzle's in between.
      await c.env.DB.prepare('SELECT 1 AS ok FROM users LIMIT 1').all();
      return c.json(
        { ok: true as const, db: 'ok' as const, dbMs: Date.now() - started, version: c.env.APP_VERSION ?? null },
        200,
      );
    } catch (error) {
      log('error', 'health check: D1 unreachable', { requestId: c.var.requestId, error });
      return c.json(
        {
          ok: false as const,
          db: 'unreachable' as const,
          message: 'The database is unreachable',
          error: 'The database is unreachable',
        },
        503,
      );
    }
  },
);

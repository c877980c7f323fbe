import { Hono } from 'hono';
import type { PublicConfig } from '#common/types.ts';
import { okSchema, publicConfigSchema } from '#common/api-schemas.ts';
import { appOrigin, paymentsMode, staffDomain, type AppEnv } from '#worker/env.ts';
import { json, route } from '#worker/lib/openapi.ts';

/** Non-secret settings the app needs to render the right controls. */
export const configRoutes = new Hono<AppEnv>()
  // The bare route: the same middleware as every call and no data work; benchmarks use it as the limit.
  .get(
    '/health',
    route({
      tag: 'system',
      summary: 'The bare route: answers ok with no data work',
      access: 'anyone',
      responses: { 200: json(okSchema, 'Always ok') },
    }),
    (c) => c.json({ ok: true as const }),
  )
  .get(
    '/',
    route({
      tag: 'system',
      summary: 'Non-secret settings the app needs',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(publicConfigSchema, 'The settings') },
    }),
    (c) => {
      const config: PublicConfig = {
        staffEmailDomain: staffDomain(c.env),
        googleEnabled: Boolean(c.env.GOOGLE_CLIENT_ID),
        paymentsMode: paymentsMode(c.env),
        providerMode: Boolean(c.env.PROVIDER_BASE_URL && c.env.PROVIDER_PRODUCT),
        version: c.env.APP_VERSION ?? 'dev',
        appOrigin: appOrigin(c.env),
      };
      return c.json(config);
    },
  );

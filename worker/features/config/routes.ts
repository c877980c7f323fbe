import { Hono } from 'hono';
import type { PublicConfig } from '#common/types.ts';
import { paymentsMode, staffDomain, type AppEnv } from '#worker/env.ts';

/** Non-secret settings the app needs to render the right controls. */
export const configRoutes = new Hono<AppEnv>()
  // The bare route: the same middleware as every call and no data work; benchmarks use it as the limit.
  .get('/health', (c) => c.json({ ok: true }))
  .get('/', (c) => {
  const config: PublicConfig = {
    staffEmailDomain: staffDomain(c.env),
    googleEnabled: Boolean(c.env.GOOGLE_CLIENT_ID),
    paymentsMode: paymentsMode(c.env),
    providerMode: Boolean(c.env.PROVIDER_BASE_URL && c.env.PROVIDER_PRODUCT),
    version: c.env.APP_VERSION ?? 'dev',
  };
  return c.json(config);
  });

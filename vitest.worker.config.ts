import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import react from '@vitejs/plugin-react';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// wrangler.toml serves ./dist as static assets; tests run without a built app.
mkdirSync(fileURLToPath(new URL('./dist', import.meta.url)), { recursive: true });

/** A free loopback port for the mail catcher worker/test/mail-setup.ts starts (its URL is a binding). */
const mailPort = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
process.env.WORKER_TEST_MAIL_PORT = String(mailPort);

export default defineConfig({
  // The worker imports the app's server renderer as #app-ssr: its source here, no build needed.
  resolve: {
    alias: {
      '#app-ssr': fileURLToPath(new URL('./app/entry-server.tsx', import.meta.url)),
      // As wrangler.toml bundles it (docs/decisions/0033).
      '@standard-community/standard-json': fileURLToPath(
        new URL('./worker/lib/standard-json-valibot.ts', import.meta.url),
      ),
    },
  },
  plugins: [
    react(),
    cloudflareTest(async () => ({
      main: './worker/index.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url))),
          STAFF_EMAIL_DOMAIN: 'example.cc',
          // Links are built from configuration, never from the request's Host (docs/decisions/0024).
          APP_ORIGIN: 'http://localhost',
          // admin@example.com and the fixture admins createUser makes (worker/test/fixtures.ts, ADMIN_FIXTURES).
          ADMIN_EMAILS: [
            'admin@example.com',
            ...Array.from({ length: 20 }, (_, i) => `admin-${i + 1}@example.com`),
          ].join(','),
          // Tests reset D1 between cases; the cache has its own tests (worker/lib/catalog-cache.test.ts).
          CATALOG_CACHE_SECONDS: '0',
          // docs/product.md#payments: tests run the sandbox checkout explicitly, as npm start does.
          PAYMENTS_MODE: 'sandbox',
          MAIL_API_URL: `http://127.0.0.1:${mailPort}`,
          MAIL_API_KEY: 'test-mail-key',
          MAIL_FROM: 'AgentMarket <no-reply@agentmarket.test>',
        },
      },
    })),
  ],
  test: {
    include: ['worker/**/*.test.ts'],
    // Run in Node by vitest.app.config.ts.
    exclude: ['worker/**/*.node.test.ts'],
    // A case that takes a second on a quiet machine took over five on a 2-core one shared with other
    // work (a fresh-clone run, 2026-11-26): the limit catches a hang, not a slow moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./worker/test/apply-migrations.ts'],
    // The worker logs one JSON line per request; tests that care read them through a spy.
    onConsoleLog: (log) => !log.includes('"msg":"request"'),
    // Node-side stand-ins for external services, started once for the whole run.
    globalSetup: [
      './worker/test/mail-setup.ts',
      './worker/test/oidc-mock-setup.ts',
      './worker/test/stripe-stand-in.ts',
      './worker/features/provider/stand-in.ts',
      './worker/features/listing-health/stand-in.ts',
    ],
  },
});

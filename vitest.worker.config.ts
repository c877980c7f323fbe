import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// wrangler.toml serves ./dist as static assets; tests run without a built app.
mkdirSync(fileURLToPath(new URL('./dist', import.meta.url)), { recursive: true });

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: './worker/index.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url))),
          STAFF_EMAIL_DOMAIN: 'example.cc',
          ADMIN_EMAILS: 'admin@example.com',
          // Tests reset D1 between cases; the cache has its own tests (worker/lib/catalog-cache.test.ts).
          CATALOG_CACHE_SECONDS: '0',
        },
      },
    })),
  ],
  test: {
    include: ['worker/**/*.test.ts'],
    setupFiles: ['./worker/test/apply-migrations.ts'],
    // The worker logs one JSON line per request; tests that care read them through a spy.
    onConsoleLog: (log) => !log.includes('"msg":"request"'),
    // Node-side stand-ins for external services, started once for the whole run.
    globalSetup: ['./worker/test/oidc-mock-setup.ts', './worker/test/stripe-stand-in.ts', './worker/features/provider/stand-in.ts'],
  },
});

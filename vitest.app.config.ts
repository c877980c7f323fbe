import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // Worker tests that need Node (*.node.test.ts) import the worker, which imports the app's server
  // renderer as #app-ssr: its source, as vitest.worker.config.ts does.
  resolve: {
    alias: {
      '#app-ssr': fileURLToPath(new URL('./app/entry-server.tsx', import.meta.url)),
      // Node has no workerd modules; the OAuth provider imports this one at load (docs/decisions/0042).
      'cloudflare:workers': fileURLToPath(new URL('./worker/test/cloudflare-workers-node.ts', import.meta.url)),
      // As wrangler.toml bundles it (docs/decisions/0033).
      '@standard-community/standard-json': fileURLToPath(
        new URL('./worker/lib/standard-json-valibot.ts', import.meta.url),
      ),
    },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'worker/**/*.node.test.ts', 'scripts/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['app/test/setup.ts'],
    restoreMocks: true,
    // Through vite, so the alias of cloudflare:workers above reaches its import.
    server: { deps: { inline: ['@cloudflare/workers-oauth-provider'] } },
  },
});

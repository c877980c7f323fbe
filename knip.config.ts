import type { KnipConfig } from 'knip';

// `npm run lint` runs knip: a file, export or dependency nothing uses fails it. Each ignore says why
// knip cannot see the use, or names dead code left for now.
const config: KnipConfig = {
  // The plugins find the rest: app/boot.ts (app/index.html), worker/index.ts (wrangler.toml's main),
  // e2e/**/*.spec.ts (playwright.config.ts) and the tests (the vitest configs).
  entry: [
    // Built by vite.ssr.config.ts; the worker imports it as #app-ssr.
    'app/entry-server.tsx',
    // Built by vite-plugin-pwa (injectManifest in vite.config.ts).
    'app/sw.ts',
    'scripts/*.mjs',
    'bench/*.mjs',
  ],
  // Wrong imports on purpose: scripts/lint-rules.test.mjs proves ESLint refuses them.
  ignore: ['eslint-fixtures/**'],
  ignoreFiles: [
    // The types of scripts/seed-data.mjs and scripts/lib/rollups.mjs, which TypeScript reads beside them.
    'scripts/seed-data.d.mts',
    'scripts/lib/rollups.d.mts',
    // wrangler.toml's alias for zod-openapi (docs/decisions/0033).
    'worker/lib/absent-module.ts',
  ],
  // Imported by the page bench/persist.mjs serves to the browser, not by Node.
  ignoreUnresolved: ['/persist.js'],
  // An api file exports its call, query options and hook together (README, app/features).
  ignoreExportsUsedInFile: true,
  vite: { config: ['vite.config.ts', 'vite.ssr.config.ts'] },
  vitest: { config: ['vitest.app.config.ts', 'vitest.worker.config.ts'] },
};

export default config;

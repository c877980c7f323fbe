#!/usr/bin/env node
// npm start: build the app, apply D1 migrations to the local database, seed it once, and serve the
// app and the API together on http://localhost:$PORT (default 8787).
// Configuration comes from the environment (see README's table); D1_PERSIST_TO moves the local
// database (default .wrangler/state); SKIP_BUILD=1 reuses an existing dist/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { configServing, serveLocal } from './lib/serve-local.mjs';
import { quietEnv, wrangler } from './lib/wrangler.mjs';
import { mailPortFor, startMailCatcher } from './mail-catcher.mjs';

const require = createRequire(import.meta.url);
const port = process.env.PORT || '8787';
const persistTo = process.env.D1_PERSIST_TO || '.wrangler/state';
const { version } = require('../package.json');
const distDir = process.env.DIST_DIR || 'dist';

// wrangler.toml serves ./dist; another folder gets a config of its own (asset routing and D1 kept).
const configArgs =
  path.resolve(distDir) === path.resolve('dist') ? [] : ['--config', configServing(distDir, `wrangler-${port}.toml`)];

/** The configuration variables (README's table), forwarded to the worker when set. */
const CONFIG_VARS = [
  'STAFF_EMAIL_DOMAIN',
  'ADMIN_EMAILS',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CONNECT_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER',
  'PROVIDER_BASE_URL',
  'PROVIDER_PRODUCT',
  'PROVIDER_LOGIN_PATH',
  'PROVIDER_COUNT_USAGE_PATH',
  'CATALOG_CACHE_SECONDS',
  // Off locally unless set (wrangler.toml sets it for staging and production); the scale bench's cache phase sets it.
  'EDGE_CACHE_SECONDS',
  'MAIL_API_URL',
  'MAIL_API_KEY',
  'MAIL_FROM',
  'PAYMENTS_MODE',
  'APP_ORIGIN',
  'CREATOR_SHARE',
  'EARNINGS_HOLD_DAYS',
  // Bench only: D1's rows per request in a header (docs/decisions/0048).
  'BENCH_D1_ROWS',
];

function step(label, fn) {
  const started = Date.now();
  process.stdout.write(`> ${label}\n`);
  fn();
  process.stdout.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
}

if (process.env.SKIP_BUILD !== '1' || !existsSync(path.join(distDir, 'index.html'))) {
  step('Building the app', () => {
    const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
    const result = spawnSync(
      process.execPath,
      [vite, 'build', '--logLevel', 'warn', '--outDir', path.resolve(distDir)],
      { stdio: 'inherit', env: quietEnv() },
    );
    if (result.status !== 0) process.exit(result.status ?? 1);
    // The server renderer the worker imports (#app-ssr in package.json): dist-ssr/, whatever DIST_DIR is.
    const ssr = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: quietEnv(),
    });
    if (ssr.status !== 0) process.exit(ssr.status ?? 1);
  });
}

step('Applying D1 migrations to the local database', () => {
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo, ...configArgs], { capture: true });
});

step('Seeding demo data (only into an empty database)', () => {
  const result = spawnSync(process.execPath, ['scripts/seed.mjs', '--if-empty', '--persist-to', persistTo], {
    stdio: 'inherit',
    env: configArgs.length ? { ...process.env, WRANGLER_CONFIG: configArgs[1] } : process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
});

// Local defaults (docs/product.md#payments and docs/decisions/0032): the test-mode checkout, and mail through the catcher
// beside the worker unless a real email API is configured. Production configuration sets neither.
process.env.PAYMENTS_MODE ??= 'sandbox';
let catcher = null;
if (!process.env.MAIL_API_URL) {
  catcher = await startMailCatcher({ port: mailPortFor(port), dir: process.env.MAIL_DIR || '.wrangler/mail' });
  process.env.MAIL_API_URL = catcher.url;
  process.env.MAIL_API_KEY ??= 'local-mail-catcher';
  console.log(`> Mail catcher on ${catcher.url}: every message is written to ${path.resolve(catcher.dir)}`);
}
// Links in mail, canonical URLs and the sitemap name this address, never a request's Host (docs/decisions/0024).
process.env.APP_ORIGIN ??= `http://localhost:${port}`;
process.env.MAIL_FROM ??= 'AgentMarket <no-reply@agentmarket.localhost>';

// Variables go through an env file rather than argv, so secrets do not show in the process list.
mkdirSync('.wrangler/tmp', { recursive: true });
const envFile = path.join('.wrangler', 'tmp', `start-${port}.env`);
const lines = [`APP_VERSION=${JSON.stringify(version)}`];
for (const name of CONFIG_VARS) {
  if (process.env[name] !== undefined) lines.push(`${name}=${JSON.stringify(process.env[name])}`);
}
writeFileSync(envFile, `${lines.join('\n')}\n`, { mode: 0o600 });

const server = await serveLocal({
  configFile: configArgs[1] ?? 'wrangler.toml',
  port,
  host: process.env.HOST || 'localhost',
  persistTo,
  envFile: path.resolve(envFile),
  logLevel: process.env.WRANGLER_LOG_LEVEL || 'info',
});
console.log(`> Serving app and API on http://localhost:${port}`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([server.dispose(), catcher?.close()]);
    process.exit(0);
  });
}

#!/usr/bin/env node
// npm run dev: the worker (wrangler dev, reloads on change) on $API_PORT (default 8787) and the
// Vite dev server with hot module reload on $PORT (default 5173), proxying /api to the worker.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { quietEnv, spawnWrangler, wrangler } from './lib/wrangler.mjs';
import { mailPortFor, startMailCatcher } from './mail-catcher.mjs';

const require = createRequire(import.meta.url);
const apiPort = process.env.API_PORT || '8787';
const persistTo = process.env.D1_PERSIST_TO || '.wrangler/state';

wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
spawnSync(process.execPath, ['scripts/seed.mjs', '--if-empty', '--persist-to', persistTo], { stdio: 'inherit' });

const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
// The worker imports the app's server renderer (#app-ssr): build it once, and again on changes.
spawnSync(process.execPath, [viteBin, 'build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: quietEnv(),
});
const ssrWatch = spawn(
  process.execPath,
  [viteBin, 'build', '--config', 'vite.ssr.config.ts', '--watch', '--logLevel', 'warn'],
  { stdio: 'inherit', env: quietEnv() },
);
// As npm start: the test-mode checkout and the local mail catcher (port API_PORT + 200), unless the
// environment names a real email API.
const catcher = process.env.MAIL_API_URL
  ? null
  : await startMailCatcher({ port: mailPortFor(apiPort), dir: process.env.MAIL_DIR || '.wrangler/mail' });
if (catcher) console.log(`> Mail catcher on ${catcher.url}: every message is written to ${path.resolve(catcher.dir)}`);
const vars = {
  PAYMENTS_MODE: process.env.PAYMENTS_MODE ?? 'sandbox',
  MAIL_API_URL: process.env.MAIL_API_URL ?? catcher.url,
  MAIL_FROM: process.env.MAIL_FROM ?? 'AgentMarket <no-reply@agentmarket.localhost>',
  // Links name the Vite server people open, never a request's Host (docs/decisions/0024).
  APP_ORIGIN: process.env.APP_ORIGIN ?? `http://localhost:${process.env.PORT || '5173'}`,
};
const worker = spawnWrangler([
  'dev',
  '--local',
  '--port',
  apiPort,
  '--persist-to',
  persistTo,
  '--show-interactive-dev-session=false',
  ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
]);
const vite = spawn(process.execPath, [viteBin], {
  stdio: 'inherit',
  env: quietEnv({ API_PORT: apiPort }),
});
const stop = () => {
  worker.kill();
  vite.kill();
  ssrWatch.kill();
  void catcher?.close();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
worker.on('exit', stop);
vite.on('exit', stop);

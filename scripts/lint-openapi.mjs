#!/usr/bin/env node
// npm run lint:openapi (part of npm test): Redocly CLI's `recommended` rules (redocly.yaml) on the
// document the worker SERVES at GET /api/openapi.json, with no error and no warning
// (docs/decisions/0040). The worker is bundled and served in workerd as `npm start` serves it
// (scripts/lib/serve-local.mjs), from the build npm test made (PREBUILT_DIST) when there is one, on a
// free loopback port with a throwaway database; the document needs neither the database nor the
// assets. Offline: Redocly's usage data and update check are off. The few places where a rule does not
// fit the API are listed, each with its reason, in .redocly.lint-ignore.yaml; an entry there that no
// longer matches a problem fails the run too, so the list stays exact.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { configServing, serveLocal } from './lib/serve-local.mjs';
import { quietEnv } from './lib/wrangler.mjs';

const require = createRequire(import.meta.url);
const redocly = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const REDOCLY_ENV = quietEnv({
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
});

// The worker bundles the app's server renderer (#app-ssr, dist-ssr/): npm test's build part made it;
// alone, it is built here (the document does not depend on it, the bundle does).
if (!existsSync('dist-ssr/entry-server.js')) {
  console.log('> Building the server renderer the worker bundles (dist-ssr/)');
  const ssr = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: quietEnv(),
  });
  if (ssr.status !== 0) process.exit(ssr.status ?? 1);
}
const prebuilt = process.env.PREBUILT_DIST;
let configFile = 'wrangler.toml';
if (prebuilt && existsSync(prebuilt)) configFile = configServing(prebuilt, 'wrangler-lint-openapi.toml');
else mkdirSync('dist', { recursive: true });

// A fixed place: .redocly.lint-ignore.yaml names the document by its path.
const state = path.join('.wrangler', 'tmp', 'lint-openapi');
rmSync(state, { recursive: true, force: true });
mkdirSync(state, { recursive: true });
const documentFile = path.join(state, 'openapi.json');

let served;
let server;
try {
  server = await serveLocal({
    configFile,
    port: 0,
    host: '127.0.0.1',
    persistTo: path.join(state, 'state'),
    logLevel: 'warn',
  });
  const res = await fetch(new URL('/api/openapi.json', server.url));
  if (res.status !== 200)
    throw new Error(`GET /api/openapi.json answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  served = await res.text();
} finally {
  await server?.dispose();
  // serveLocal's bundle of this process (a port of 0 names it by the process id).
  rmSync(path.join('.wrangler', 'tmp', `bundle-${process.pid}`), { recursive: true, force: true });
}
const document = JSON.parse(served);
// Indented, so that each problem's line and column point at something readable.
writeFileSync(documentFile, `${JSON.stringify(document, null, 2)}\n`);
console.log(
  `> GET /api/openapi.json: ${(served.length / 1024).toFixed(1)} KiB, ${Object.keys(document.paths).length} paths`,
);

const lint = (format) =>
  spawnSync(
    process.execPath,
    [redocly, 'lint', documentFile, '--config', 'redocly.yaml', '--format', format, '--max-problems', '1000'],
    {
      env: REDOCLY_ENV,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );

const result = lint('json');
let report;
try {
  report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
} catch {
  process.stderr.write(`${result.stdout}${result.stderr}`);
  console.error('redocly lint gave no JSON report');
  process.exit(1);
}
const { errors, warnings, ignored } = report.totals;
// Each '- ' line of the ignore file is one place a rule does not fit (its comments say why).
const listed = (readFileSync('.redocly.lint-ignore.yaml', 'utf8').match(/^\s+- /gm) ?? []).length;
if (errors || warnings) {
  // The same problems, readable, with the document's lines around each.
  const readable = lint('codeframe');
  process.stdout.write(readable.stdout);
  process.stderr.write(readable.stderr);
  console.error(
    `redocly lint of the served document (${documentFile}): ${errors} errors, ${warnings} warnings (want none of either)`,
  );
  process.exit(1);
}
if (ignored !== listed) {
  console.error(
    `.redocly.lint-ignore.yaml lists ${listed} problems but ${ignored} were found there: remove the entries that no longer match one`,
  );
  process.exit(1);
}
rmSync(state, { recursive: true, force: true });
console.log(
  `ok   redocly lint (recommended, redocly.yaml) of the served document: 0 errors, 0 warnings (${ignored} listed with their reasons in .redocly.lint-ignore.yaml)`,
);

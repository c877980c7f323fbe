#!/usr/bin/env node
// npm run check:deploy (part of npm test): what a deploy would refuse, found offline.
// - each deployed environment of wrangler.toml is free of local-only settings (sandbox checkout,
//   mail catcher, loopback endpoints) and has its D1 binding, its OAUTH_KV namespace, its page views'
//   queue and cron trigger;
// - `wrangler deploy --dry-run` bundles the production worker; its size is printed and must stay
//   under the Workers limit (3 MiB gzip on the Free plan, the smallest);
// - the bundle compiles no WebAssembly at run time (deployed Workers refuse it; workerd does not);
// - password hashing (worker/lib/password.ts's scrypt parameters) is measured in CPU time and must
//   stay within a budget far below the Paid plan's CPU limit (docs/decisions/0014).
import { spawnSync } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { configProblems, DEPLOY_ENVS, readDeployConfig } from './lib/deploy-config.mjs';
import { quietEnv, wrangler } from './lib/wrangler.mjs';

const GZIP_LIMIT = 3 * 1024 * 1024;
const HASH_CPU_BUDGET_MS = 1000;
const failures = [];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

// 1. Configuration of the deployed environments.
for (const env of DEPLOY_ENVS) {
  const config = readDeployConfig(env);
  const problems = [...configProblems(config), ...assetProblems(config.assets)];
  if (problems.length) failures.push(...problems.map((p) => `[env.${env}] ${p}`));
  else
    console.log(
      `ok   [env.${env}] has its own D1 database, OAuth KV and page views' queue, a cron trigger, no local-only setting, and answers a missing chunk 404`,
    );
}

/**
 * A build file that is not there (an old page's chunk, asked for during a deploy) must reach the
 * worker, which answers 404 with no-store: served by the assets it would get index.html (SPA
 * fallback) or a 404, either with /assets/*'s year-long immutable header from public/_headers.
 * scripts/lib/serve-local.test.mjs asks the asset router itself.
 */
function assetProblems(assets = {}) {
  const problems = [];
  if (assets.not_found_handling && assets.not_found_handling !== 'none') {
    problems.push(
      `assets.not_found_handling is "${assets.not_found_handling}": a missing chunk would not reach the worker`,
    );
  }
  // A negative rule ("!/assets/*") sends what it matches to the assets alone, there or not.
  const glob = (rule) => new RegExp(`^${rule.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
  const rules = Array.isArray(assets.run_worker_first) ? assets.run_worker_first : [];
  if (rules.some((rule) => rule.startsWith('!') && glob(rule.slice(1)).test('/assets/gone-abc123.js'))) {
    problems.push(
      'assets.run_worker_first sends /assets/* to the static assets alone: a missing chunk would not reach the worker',
    );
  }
  return problems;
}

// 2. The production bundle, made the way `wrangler deploy` makes it, without uploading.
// The assets folder must exist for wrangler to read the config; the bundle does not include it.
if (!existsSync('dist')) mkdirSync('dist', { recursive: true });
// The worker bundles the app's server renderer (#app-ssr, docs/decisions/0012): built fresh, so the
// size measured is this tree's. Within npm test it was built a moment ago by the build part.
if (process.env.PREBUILT_DIST && existsSync('dist-ssr/entry-server.js'))
  console.log('ok   the server renderer was built by this npm test run');
else {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const ssr = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: quietEnv(),
  });
  if (ssr.status !== 0) failures.push('the server renderer (vite.ssr.config.ts) did not build');
}
const outdir = mkdtempSync(path.join(os.tmpdir(), 'check-deploy-'));
try {
  wrangler(['deploy', '--env', 'production', '--dry-run', '--outdir', outdir], { capture: true });
  const files = readdirSync(outdir, { recursive: true })
    .map(String)
    .filter((f) => statSync(path.join(outdir, f)).isFile() && !f.endsWith('.map') && !f.endsWith('.md'));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(outdir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
    if (file.endsWith('.js') || file.endsWith('.mjs')) {
      const code = bytes.toString('utf8');
      // Any of these compiles WebAssembly from bytes at run time. (Importing a .wasm module is
      // fine: Cloudflare compiles it at upload; the bundle would then list it as its own file.)
      const pattern = /\bWebAssembly\s*\.\s*(compile|compileStreaming|instantiate|instantiateStreaming|Module)\s*\(/g;
      for (const match of code.matchAll(pattern)) {
        const at = code.slice(Math.max(0, match.index - 60), match.index + 80).replace(/\s+/g, ' ');
        failures.push(`${file} compiles WebAssembly at run time (WebAssembly.${match[1]}): …${at}…`);
      }
    }
  }
  const line = `worker bundle (production): ${kib(raw)}, gzip ${kib(gzip)} of the ${kib(GZIP_LIMIT)} limit, ${files.length} file(s)`;
  if (gzip > GZIP_LIMIT) failures.push(`${line}: over the limit`);
  else console.log(`ok   ${line}`);
} catch (error) {
  failures.push(`wrangler deploy --dry-run failed:\n${error.message}`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

// 3. Password hashing cost, with the parameters the worker uses.
const source = readFileSync('worker/lib/password.ts', 'utf8');
const params = source.match(/PARAMS\s*=\s*\{\s*N:\s*(\d+),\s*r:\s*(\d+),\s*p:\s*(\d+)/);
const keyLength = Number(source.match(/KEY_LENGTH\s*=\s*(\d+)/)?.[1] ?? 32);
if (!params) failures.push('worker/lib/password.ts: scrypt parameters not found (PARAMS = { N, r, p })');
else {
  const [N, r, p] = params.slice(1).map(Number);
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage();
    scryptSync('correct horse battery staple', 'sixteen byte salt', keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 });
    const used = process.cpuUsage(before);
    runs.push((used.user + used.system) / 1000);
  }
  const median = runs.sort((a, b) => a - b)[2];
  const line = `password hash scrypt N=${N} r=${r} p=${p}: ${median.toFixed(0)} ms CPU (median of 5, Node's OpenSSL), budget ${HASH_CPU_BUDGET_MS} ms`;
  if (median > HASH_CPU_BUDGET_MS) failures.push(`${line}: over budget`);
  else console.log(`ok   ${line}`);
}

if (failures.length) {
  console.error(`check:deploy failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}

// Runs the project's pinned wrangler quietly (no metrics, no network look-ups for request.cf).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const wranglerBin = path.join(path.dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js');

export const quietEnv = (extra = {}) => ({
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  ...extra,
});

/** Runs wrangler to completion; throws with its output when it fails. */
export function wrangler(args, { capture = false } = {}) {
  // start.mjs passes a derived config (another assets folder) down to the seeding step this way.
  const config =
    process.env.WRANGLER_CONFIG && !args.includes('--config') ? ['--config', process.env.WRANGLER_CONFIG] : [];
  const result = spawnSync(process.execPath, [wranglerBin, ...args, ...config], {
    env: quietEnv(),
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `wrangler ${args.join(' ')} failed (${result.status})\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
  return result.stdout ?? '';
}

/** Starts a long-running wrangler process (wrangler dev). */
export const spawnWrangler = (args, options = {}) =>
  spawn(process.execPath, [wranglerBin, ...args], { env: quietEnv(), stdio: 'inherit', ...options });

/** Runs one SQL query against the local D1 database and returns its rows. */
export function queryLocal(sql, persistTo) {
  const out = wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', sql], {
    capture: true,
  });
  const parsed = JSON.parse(out.slice(out.indexOf('[')));
  return parsed[0]?.results ?? [];
}

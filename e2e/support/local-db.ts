// Runs SQL against the e2e server's local D1 database (scripts/e2e-server.mjs keeps it under
// .wrangler/e2e-<port>/state), for states the product only reaches with time, such as earnings past
// their holding period.
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const PORT = process.env.E2E_PORT ?? '8799';
const require = createRequire(import.meta.url);
const wranglerBin = path.join(path.dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js');

/** Runs one statement with the project's own wrangler; throws with its output when it fails. */
export function executeLocal(sql: string): void {
  const result = spawnSync(
    process.execPath,
    [wranglerBin, 'd1', 'execute', 'DB', '--local', '--persist-to', `.wrangler/e2e-${PORT}/state`, '--command', sql],
    {
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_HIDE_BANNER: 'true',
      },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0)
    throw new Error(`wrangler d1 execute failed (${result.status})\n${result.stdout}${result.stderr}`);
}

// What the API benches share (bench/search.mjs, bench/insights.mjs): the worker served from a bench
// database as `npm start` serves it, nothing cached, and latency in interleaved rounds.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Starts the worker on `port` over `persistTo` with the catalogue cache off (unless `env` says
 * otherwise: a variable given as undefined is not passed at all); resolves once it answers.
 */
export async function startBenchServer({ port, persistTo, distDir, env = {} }) {
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      D1_PERSIST_TO: persistTo,
      DIST_DIR: distDir,
      SKIP_BUILD: '1',
      WRANGLER_LOG_LEVEL: 'error',
      CATALOG_CACHE_SECONDS: '0',
      ...env,
    },
  });
  process.on('exit', () => server.kill('SIGTERM'));
  for (const start = Date.now(); ;) {
    try {
      if ((await fetch(`${origin}/api/config/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - start > 300_000) throw new Error('the server did not come up');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { origin, stop: () => server.kill('SIGTERM') };
}

/**
 * `connections` (one by default), `rounds` rounds of `duration` s over every endpoint in turn, so a
 * noisy moment of a shared machine falls on one round of each rather than on all of one endpoint.
 * Returns every run.
 */
/** What a round reports of an autocannon result: its latency percentiles, throughput and failures. */
export const latencyFigures = (result) => ({
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  rps: Math.round(result.requests.average),
  errors: result.errors + result.non2xx,
});

export async function latencyRounds({ origin, endpoints, rounds, duration, connections = 1, headers = {}, log }) {
  const runs = endpoints.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    for (const [i, endpoint] of endpoints.entries()) {
      await fetch(`${origin}${endpoint.path}`, { headers }); // warm the isolate's caches
      const result = await autocannon({ url: `${origin}${endpoint.path}`, connections, duration, headers });
      const run = latencyFigures(result);
      runs[i].push(run);
      log(`round ${round}`, endpoint.name, `${connections} conn`, JSON.stringify(run));
    }
  }
  return runs;
}

/** Each endpoint's median round, every round's p99 and its ratio to the first endpoint (the bare route). */
export function latencyTable(endpoints, runs) {
  const bareP99 = median(runs[0].map((r) => r.p99));
  return endpoints.map((endpoint, i) => {
    const p99 = median(runs[i].map((r) => r.p99));
    return {
      endpoint: endpoint.name,
      p50: median(runs[i].map((r) => r.p50)),
      p99,
      'p99 each round': runs[i].map((r) => r.p99).join(', '),
      'p99 / bare': bareP99 ? Number((p99 / bareP99).toFixed(1)) : null,
      max: Math.max(...runs[i].map((r) => r.max)),
      rps: median(runs[i].map((r) => r.rps)),
      errors: runs[i].reduce((n, r) => n + r.errors, 0),
      budget: endpoint.budget,
    };
  });
}

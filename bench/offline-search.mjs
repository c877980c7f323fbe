// Offline search (app/lib/offline-search.ts, docs/decisions/0027): the time one search takes over a
// saved set of 10,000 agents, p50 and p95 over a mix of exact, prefix, misspelt, accented and
// many-word queries, each run as the search box runs it (every word, then any word). Node on this
// machine, after the index is built once (its build time is printed too). Budget: p95 under 30 ms.
// `npm run bench -- offline-search`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

export const OFFLINE_SEARCH_BUDGET_MS = 30;
const QUERIES = [
  'invoice',
  'invoce',
  'reconc',
  'invioce reconcilier',
  'cafe menu',
  'café',
  'legal',
  'lead',
  'swift ledger',
  'customer emails',
  'bookkeeping rules',
  'summarises meetings',
  'qqqqqq',
  'resme screner',
  'finance cash flow forecast',
  's',
];
const ROUNDS = 20;

async function bundle() {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    define: { __APP_VERSION__: JSON.stringify('bench') },
    build: {
      write: false,
      minify: false,
      lib: { entry: { search: 'app/lib/offline-search.ts', set: 'app/test/agent-set.ts' }, formats: ['es'] },
      rollupOptions: { output: { chunkFileNames: '[name].js' } },
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'offline-search-'));
  for (const chunk of (Array.isArray(result) ? result[0] : result).output)
    writeFileSync(join(dir, chunk.fileName), chunk.type === 'chunk' ? chunk.code : chunk.source);
  return dir;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runOfflineSearchBench({ log = console.log } = {}) {
  const dir = await bundle();
  try {
    const { buildOfflineIndex } = await import(pathToFileURL(join(dir, 'search.js')).href);
    const { agentSet } = await import(pathToFileURL(join(dir, 'set.js')).href);
    const agents = agentSet(10_000);
    const started = performance.now();
    const index = buildOfflineIndex(agents);
    const buildMs = performance.now() - started;
    const times = [];
    const cpuTimes = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of QUERIES) {
        const t = performance.now();
        const cpu = process.cpuUsage();
        index.search(q);
        const used = process.cpuUsage(cpu);
        times.push(performance.now() - t);
        cpuTimes.push((used.user + used.system) / 1000);
      }
    }
    cpuTimes.sort((a, b) => a - b);
    if (process.env.OFFLINE_SEARCH_DETAIL)
      for (const q of QUERIES) {
        const t = performance.now();
        for (let i = 0; i < 5; i++) index.search(q);
        log(`  ${q}: ${((performance.now() - t) / 5).toFixed(1)} ms`);
      }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const cpuP95 = percentile(cpuTimes, 95);
    log(`offline search, 10,000 agents: index built in ${buildMs.toFixed(0)} ms; ${times.length} searches`);
    log(
      `  wall clock: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms (budget p95 < ${OFFLINE_SEARCH_BUDGET_MS} ms: ${p95 < OFFLINE_SEARCH_BUDGET_MS ? 'holds' : 'misses'})`,
    );
    // On a machine shared with other work the wall clock also counts time spent waiting for a core;
    // the process's own CPU time is what one search costs.
    log(
      `  CPU time:   p50 ${percentile(cpuTimes, 50).toFixed(2)} ms, p95 ${cpuP95.toFixed(2)} ms (budget p95 < ${OFFLINE_SEARCH_BUDGET_MS} ms: ${cpuP95 < OFFLINE_SEARCH_BUDGET_MS ? 'holds' : 'misses'}); load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    );
    return { buildMs, p50, p95, cpuP95 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

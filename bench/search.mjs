// npm run bench -- search: the search part alone (docs/decisions/0013.
//  1. a local D1 with 100,000 agents and 500,000 reviews (override: --agents N --reviews N; --keep
//     reuses the database of the last run when it holds that many agents)
//  2. the worker served as `npm start` serves it, with the catalogue cache off
//     (CATALOG_CACHE_SECONDS=0): every request reaches D1
//  3. the relevance set (worker/features/agents/search-relevance.json): top-3 hit rate, each miss
//  4. the size of the search indexes (their FTS5 segments, stored text and lengths; docs/decisions/0026)
//  5. latency at 1 connection (autocannon): a rare term, a very common term, a part of a name, a
//     misspelt query and suggestions as you type (a prefix, a part of a name, a typo);
//     --rounds (3) interleaved rounds of --duration (5) s, median round
// Prints the figures and the budgets, and writes bench-results/search.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { queryLocal, wrangler } from '../scripts/lib/wrangler.mjs';
import { latencyRounds, latencyTable, startBenchServer } from './api-latency.mjs';

const { values: opts } = parseArgs({
  args: process.argv.slice(3),
  options: {
    agents: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '500000' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const ORIGIN = `http://localhost:${PORT}`;
const ROOT = '.wrangler/bench-search';
const persistTo = `${ROOT}/state`;
const duration = Number(opts.duration);
const rounds = Number(opts.rounds);
const BUDGETS = { relevanceTop3: 0.95, searchP99Ms: 30, suggestP99Ms: 15 };
const log = (...args) => console.log('[bench search]', ...args);

// 1. Data at scale.
let seeded = 0;
if (opts.keep) {
  try {
    seeded = queryLocal('SELECT count(*) AS n FROM agents', persistTo)[0]?.n ?? 0;
  } catch {
    seeded = 0;
  }
}
if (seeded < Number(opts.agents)) {
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const started = Date.now();
  log(`seeding ${opts.agents} agents and ${opts.reviews} reviews`);
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
  const seed = spawnSync(
    process.execPath,
    ['scripts/seed.mjs', '--persist-to', persistTo, '--agents', opts.agents, '--reviews', opts.reviews],
    { stdio: 'inherit' },
  );
  if (seed.status !== 0) process.exit(seed.status ?? 1);
  log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
} else {
  log(`reusing ${persistTo} (${seeded} agents)`);
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
}

// 4 (read before the server opens the database). The indexes' size: FTS5 keeps each index's segments in <name>_data, a copy of the text in
// <name>_content and each row's token counts in <name>_docsize (dbstat is not there on D1).
const indexSize = ['agents_fts', 'agents_title_fts'].map((name) => {
  const columns = queryLocal(`SELECT name FROM pragma_table_info('${name}_content') WHERE name <> 'id'`, persistTo).map(
    (c) => `COALESCE(length(CAST(${c.name} AS BLOB)), 0)`,
  );
  const [row] = queryLocal(
    `SELECT (SELECT sum(length(block)) FROM ${name}_data) AS segments, (SELECT sum(${columns.join(' + ')}) FROM ${name}_content) AS text,
      (SELECT sum(length(sz)) FROM ${name}_docsize) AS lengths, (SELECT count(*) FROM ${name}_data) AS blocks`,
    persistTo,
  );
  const mb = (bytes) => Number(((bytes ?? 0) / 1024 / 1024).toFixed(1));
  return {
    index: name,
    'segments MB': mb(row.segments),
    'text MB': mb(row.text),
    'lengths MB': mb(row.lengths),
    'total MB': mb(row.segments + row.text + row.lengths),
    blocks: row.blocks,
  };
});
const [names] = queryLocal(
  "SELECT count(*) AS terms, sum(term NOT GLOB '*[0-9]*') AS words FROM agents_title_fts_vocab",
  persistTo,
);
log(
  `index size: ${indexSize.map((i) => `${i.index} ${i['total MB']} MB`).join(', ')}; names and labels hold ${names.terms} terms, ${names.words} of them words (the vocabulary suggestions keep)`,
);

// 2. The worker, every read going to D1.
const { stop } = await startBenchServer({ port: PORT, persistTo, distDir: `${ROOT}/dist` });
const get = async (path) => {
  const res = await fetch(`${ORIGIN}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res;
};

// 3. Relevance.
const { queries } = JSON.parse(readFileSync('worker/features/agents/search-relevance.json', 'utf8'));
const relevance = [];
for (const { q, agent } of queries) {
  const res = await get(`/api/agents/search?q=${encodeURIComponent(q)}&limit=12`);
  const names = (await res.json()).map((a) => a.name);
  const rank = names.indexOf(agent) + 1;
  const corrected = res.headers.get('X-Search-Corrected');
  relevance.push({
    q,
    agent,
    rank: rank || null,
    top3: rank >= 1 && rank <= 3,
    corrected: corrected ? decodeURIComponent(corrected) : null,
    got: names.slice(0, 3).join(', '),
  });
}
const hitRate = relevance.filter((r) => r.top3).length / relevance.length;
for (const r of relevance)
  log(
    `${r.top3 ? 'hit ' : 'MISS'} #${r.rank ?? '-'} ${JSON.stringify(r.q)} → ${r.agent}${r.corrected ? ` (searched: ${r.corrected})` : ''}${r.top3 ? '' : ` [top 3: ${r.got}]`}`,
  );
log(`relevance: ${relevance.filter((r) => r.top3).length}/${relevance.length} top-3 = ${(hitRate * 100).toFixed(1)}%`);

// 5. Latency, one connection, nothing cached.
const rare = 'LedgerLens';
const common = 'teams';
const total = async (q) =>
  Number((await get(`/api/agents/search?q=${encodeURIComponent(q)}&limit=1`)).headers.get('X-Total-Count'));
const endpoints = [
  { name: 'bare route (for reference)', path: '/api/config/health', budget: null },
  { name: `search, rare term "${rare}"`, path: `/api/agents/search?q=${rare}&limit=24`, budget: BUDGETS.searchP99Ms },
  {
    name: `search, very common term "${common}"`,
    path: `/api/agents/search?q=${common}&limit=24`,
    budget: BUDGETS.searchP99Ms,
  },
  {
    name: 'search, two words "invoice chasing"',
    path: `/api/agents/search?q=${encodeURIComponent('invoice chasing')}&limit=24`,
    budget: null,
  },
  { name: 'search, part of names "scout"', path: '/api/agents/search?q=scout&limit=24', budget: BUDGETS.searchP99Ms },
  {
    name: 'search, misspelt "contrct reveiw"',
    path: `/api/agents/search?q=${encodeURIComponent('contrct reveiw')}&limit=24`,
    budget: null,
  },
  { name: 'suggest "le"', path: '/api/agents/suggest?q=le', budget: BUDGETS.suggestP99Ms },
  { name: 'suggest "ledg"', path: '/api/agents/suggest?q=ledg', budget: BUDGETS.suggestP99Ms },
  { name: 'suggest "smartpi"', path: '/api/agents/suggest?q=smartpi', budget: BUDGETS.suggestP99Ms },
  { name: 'suggest, part of names "scout"', path: '/api/agents/suggest?q=scout', budget: BUDGETS.suggestP99Ms },
  { name: 'suggest, typo "invoces"', path: '/api/agents/suggest?q=invoces', budget: BUDGETS.suggestP99Ms },
  {
    name: 'suggest, typo "lead scoutt"',
    path: `/api/agents/suggest?q=${encodeURIComponent('lead scoutt')}`,
    budget: BUDGETS.suggestP99Ms,
  },
];
log(`matches: "${rare}" ${await total(rare)}, "${common}" ${await total(common)} (ranked: at most the cap)`);
const runs = await latencyRounds({ origin: ORIGIN, endpoints, rounds, duration, log });
const latency = latencyTable(endpoints, runs);
stop();

const checks = [
  {
    budget: `relevance top-3 >= ${BUDGETS.relevanceTop3 * 100}% (${relevance.length} queries)`,
    actual: `${(hitRate * 100).toFixed(1)}%`,
    holds: hitRate >= BUDGETS.relevanceTop3,
  },
  ...latency
    .filter((r) => r.budget)
    .map((r) => ({
      budget: `${r.endpoint} p99 <= ${r.budget} ms (median round)`,
      actual: `${r.p99} ms`,
      holds: r.p99 <= r.budget && r.errors === 0,
    })),
];
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `\nSearch at ${opts.agents} agents and ${opts.reviews} reviews, 1 connection, catalogue cache off, median of ${rounds} rounds of ${duration} s (load average ${load}):`,
);
console.table(latency.map(({ budget: _budget, ...r }) => r));
console.log(`Index size (${names.terms} terms in names and labels, ${names.words} words):`);
console.table(indexSize);
console.table(checks.map((c) => ({ ...c, holds: c.holds ? 'holds' : 'MISSES' })));
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/search.json',
  JSON.stringify(
    {
      date: new Date().toISOString(),
      agents: opts.agents,
      reviews: opts.reviews,
      load,
      rounds,
      duration,
      relevance,
      hitRate,
      indexSize,
      nameTerms: names,
      latency,
      runs,
      checks,
    },
    null,
    2,
  ),
);
process.exit(0);

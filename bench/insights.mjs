// npm run bench -- insights: a creator's Insights at catalogue scale (docs/decisions/0029.
//  1. a local D1 with 100,000 agents (the demo catalogue plus generated ones) and 1,000,000 paid
//     tries by 2,000 people over the last 60 days, each with its earning, plus page views per hour
//     (override: --agents N --tries N; --keep reuses the database of the last run when it holds that
//     many tries). One agent of the demo creator is the hot one: --hot-share (10 %) of every try.
//  2. the worker served as `npm start` serves it, nothing cached
//  3. latency at 1 connection (autocannon), signed in as that creator: the hot agent's 30 days, its
//     90 days, a quiet agent's 30 days, beside the bare route; --rounds (3) interleaved rounds of
//     --duration (5) s, median round, every round printed
// Prints the figures and the budget (p99 within 50 ms), and writes bench-results/insights.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { queryLocal, wrangler } from '../scripts/lib/wrangler.mjs';
import { latencyRounds, latencyTable, startBenchServer } from './api-latency.mjs';

const { values: opts } = parseArgs({
  args: process.argv.slice(3),
  options: {
    agents: { type: 'string', default: '100000' },
    tries: { type: 'string', default: '1000000' },
    people: { type: 'string', default: '2000' },
    'hot-share': { type: 'string', default: '0.1' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 8791);
const ORIGIN = `http://localhost:${PORT}`;
const ROOT = '.wrangler/bench-insights';
const persistTo = `${ROOT}/state`;
const tries = Number(opts.tries);
const people = Number(opts.people);
const hotShare = Number(opts['hot-share']);
const BUDGET_P99_MS = 50;
const CREATOR = 'demo';
/** scripts/seed.mjs: every demo account's password. */
const DEMO_PASSWORD = 'demo-password';
const log = (...args) => console.log('[bench insights]', ...args);
const execute = (sql) => {
  const file = `${ROOT}/step.sql`;
  writeFileSync(file, sql);
  wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--yes', '--file', file], { capture: true });
};
/** A recursive CTE counting 1..n (D1 has no generate_series). */
const counting = (n) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;

// 1. Data at scale.
let held = 0;
if (opts.keep) {
  try {
    held =
      queryLocal("SELECT count(*) AS n FROM credit_ledger WHERE idempotency_key LIKE 'bench-try:%'", persistTo)[0]?.n ??
      0;
  } catch {
    held = 0;
  }
}
if (held < tries) {
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const started = Date.now();
  log(`seeding ${opts.agents} agents`);
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
  const seed = spawnSync(
    process.execPath,
    ['scripts/seed.mjs', '--persist-to', persistTo, '--agents', opts.agents, '--reviews', '20000'],
    { stdio: 'inherit' },
  );
  if (seed.status !== 0) process.exit(seed.status ?? 1);
  log(`adding ${people} people and ${tries} tries with their earnings`);
  // People who try: bench-only accounts (no password, nobody signs in as them).
  execute(
    `${counting(people)} INSERT INTO users (username, email, credits) SELECT 'bench_person_' || i, 'bench_person_' || i || '@example.com', 1000 FROM n;`,
  );
  // Tries, in chunks so no single statement holds the whole million. The hot agent is the demo
  // creator's first; the others are spread over every agent; times over the last 60 days.
  const CHUNK = 200_000;
  for (let from = 0; from < tries; from += CHUNK) {
    const count = Math.min(CHUNK, tries - from);
    execute(`
      ${counting(count)},
      hot(id) AS (SELECT min(a.id) FROM agents a JOIN users u ON u.id = a.creator_id WHERE u.username = '${CREATOR}'),
      span(agents, first_person, people) AS (SELECT (SELECT max(id) FROM agents), (SELECT min(id) FROM users WHERE username LIKE 'bench_person_%'), ${people}),
      t AS (
        SELECT ${from} + i AS k,
          CASE WHEN ((${from} + i) * 7919) % 1000 < ${Math.round(hotShare * 1000)} THEN (SELECT id FROM hot) ELSE 1 + ((${from} + i) * 104729) % (SELECT agents FROM span) END AS agent_id,
          (SELECT first_person FROM span) + ((${from} + i) * 31) % (SELECT people FROM span) AS user_id,
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${from} + i) * 2654435761) % 5184000) || ' seconds') AS at
        FROM n
      )
      INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key, created_at, agent_name)
      SELECT t.user_id, 'try', -a.credit_cost, 500, a.credit_cost, 'agent:' || a.id, 'Tried ' || a.name, 'bench-try:' || t.k, t.at, a.name
      FROM t JOIN agents a ON a.id = t.agent_id;`);
    log(`  tries ${from + count} / ${tries}`);
  }
  // Each paid try of a created agent earns its creator 80 % (in cents), as debitOnce writes it.
  execute(`
    INSERT INTO creator_earnings (creator_id, kind, amount_cents, platform_cents, agent_id, try_key, idempotency_key, available_at, created_at)
    SELECT a.creator_id, 'earning', -l.amount * 80, -l.amount * 20, a.id, l.idempotency_key, 'earn:' || l.idempotency_key,
      strftime('%Y-%m-%dT%H:%M:%fZ', l.created_at, '+7 days'), l.created_at
    FROM credit_ledger l JOIN agents a ON a.id = CAST(substr(l.reference, 7) AS INTEGER)
    WHERE l.idempotency_key LIKE 'bench-try:%' AND a.creator_id IS NOT NULL;`);
  // Page views: every hour of 60 days for the hot agent, a day's worth for others.
  execute(`
    ${counting(60 * 24)}
    INSERT INTO agent_views (agent_id, hour, views)
    SELECT (SELECT min(a.id) FROM agents a JOIN users u ON u.id = a.creator_id WHERE u.username = '${CREATOR}'),
      strftime('%Y-%m-%dT%H:00', 'now', '-' || i || ' hours'), 1 + i % 17 FROM n;`);
  log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
} else {
  log(`reusing ${persistTo} (${held} tries)`);
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
}
const [hot] = queryLocal(
  `SELECT a.id, a.name, (SELECT coalesce(sum(tries), 0) FROM agent_activity WHERE agent_id = a.id) AS tries
   FROM agents a JOIN users u ON u.id = a.creator_id WHERE u.username = '${CREATOR}' ORDER BY a.id LIMIT 1`,
  persistTo,
);
const [quiet] = queryLocal(
  `SELECT a.id, a.name, (SELECT coalesce(sum(tries), 0) FROM agent_activity WHERE agent_id = a.id) AS tries
   FROM agents a JOIN users u ON u.id = a.creator_id WHERE u.username = '${CREATOR}' ORDER BY a.id DESC LIMIT 1`,
  persistTo,
);
const [counts] = queryLocal(
  "SELECT (SELECT count(*) FROM agents) AS agents, (SELECT count(*) FROM credit_ledger WHERE kind = 'try') AS tries, (SELECT count(*) FROM creator_earnings) AS earnings",
  persistTo,
);
log(
  `${counts.agents} agents, ${counts.tries} tries, ${counts.earnings} earnings; hot agent ${hot.id} "${hot.name}" (${hot.tries} tries), quiet agent ${quiet.id} "${quiet.name}" (${quiet.tries} tries)`,
);

// 2. The worker, nothing cached.
const { stop } = await startBenchServer({ port: PORT, persistTo, distDir: `${ROOT}/dist` });
const signIn = await fetch(`${ORIGIN}/api/auth/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
  body: JSON.stringify({ username: CREATOR, password: DEMO_PASSWORD }),
});
if (!signIn.ok) throw new Error(`signing in as ${CREATOR}: ${signIn.status}`);
const cookie = (signIn.headers.get('Set-Cookie') ?? '').split(';')[0];
const get = async (path) => {
  const res = await fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res;
};
const hot30 = await (await get(`/api/agents/${hot.id}/insights?days=30&utcOffset=60`)).json();
log(
  `hot agent, 30 days: ${hot30.totals?.tries ?? '?'} tries by ${hot30.totals?.people ?? '?'} people (a check that the figures are there)`,
);

// 3. Latency.
const endpoints = [
  { name: 'bare route (for reference)', path: '/api/config/health', budget: null },
  {
    name: `insights, hot agent (${hot.tries} tries), 30 days`,
    path: `/api/agents/${hot.id}/insights?days=30&utcOffset=60`,
    budget: BUDGET_P99_MS,
  },
  {
    name: 'insights, hot agent, 90 days',
    path: `/api/agents/${hot.id}/insights?days=90&utcOffset=-300`,
    budget: BUDGET_P99_MS,
  },
  {
    name: `insights, quiet agent (${quiet.tries} tries), 30 days`,
    path: `/api/agents/${quiet.id}/insights?days=30&utcOffset=0`,
    budget: BUDGET_P99_MS,
  },
];
const runs = await latencyRounds({
  origin: ORIGIN,
  endpoints,
  rounds: Number(opts.rounds),
  duration: Number(opts.duration),
  headers: { Cookie: cookie },
  log,
});
const latency = latencyTable(endpoints, runs);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const checks = latency
  .filter((r) => r.budget)
  .map((r) => ({
    budget: `${r.endpoint} p99 <= ${r.budget} ms (median round)`,
    actual: `${r.p99} ms`,
    holds: r.p99 <= r.budget && r.errors === 0 ? 'holds' : 'MISSES',
  }));
console.log(
  `\nInsights at ${counts.agents} agents and ${counts.tries} tries, 1 connection, nothing cached, median of ${opts.rounds} rounds of ${opts.duration} s (load average ${load}):`,
);
console.table(latency.map(({ budget: _budget, ...r }) => r));
console.table(checks);
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/insights.json',
  JSON.stringify({ date: new Date().toISOString(), load, counts, hot, quiet, latency, runs, checks }, null, 2),
);
stop();
process.exit(0);

// npm run bench -- scale: the capacity model's simulation (docs/capacity.md, docs/decisions/0048).
//  1. a local D1 of its own (.wrangler/bench-scale) with the demo catalogue, then, in bulk SQL run by
//     D1 itself (recursive CTEs, INSERT … SELECT in chunks), --agents (1,000,000) agents whose names,
//     descriptions and code names use common words (the search indexes filled by their triggers),
//     --people (1,000,000) people, --reviews (500,000) reviews spread over agents plus
//     --popular-reviews (20,000) on one popular agent, and --ledger (10,000,000) ledger rows: a
//     sign-up grant per person, the rest tries spread over people and agents (their activity
//     counters kept by the ledger's triggers). --keep reuses the database when it holds as many.
//  2. the worker served as `npm start` serves it (edge cache off, the per-isolate catalogue cache as
//     shipped), with BENCH_D1_ROWS=1: each answer says in X-D1-Rows what D1's own meta counted
//  3. rows read and written per request, --samples (8) requests of each route of the model's mix
//  4. latency at 1 connection (autocannon) of each route beside the bare route, --rounds (3)
//     interleaved rounds of --duration (5) s, median round. Every visitor request asks a URL the
//     isolate has not kept (a random agent, word or page, or an `_` parameter the API ignores), so
//     the figures are D1's at scale, not the micro-cache's; one repeated URL shows a cache hit. Then
//     the whole mix at --rate (30) requests a second for --mix-duration (20) s on 4 connections.
//  5. the caches as production runs them: the edge cache on, --cache-requests (6,000) requests, visitors'
//     with a popularity skew, reviews and sign-ins at the model's ratio; the share each layer answered
//  6. the database's size, the model's monthly cost from the measured rows, and the budgets
// Prints it all, writes bench-results/scale.json and its section of docs/benchmarks.md (a run
// scaled down with --agents etc. writes bench-results/scale.md instead).
//   npm run bench -- scale --agents 50000 --people 50000 --ledger 500000   a quick check
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { OPERATOR_DAYS_SQL, RANK_SCORES_SQL, TRIES_TOTAL_SQL } from '../scripts/lib/rollups.mjs';
import { queryLocal, wrangler } from '../scripts/lib/wrangler.mjs';
import { generatedObjects, generatedTasks } from '../scripts/seed-data.mjs';
import { latencyFigures, latencyTable, median, startBenchServer } from './api-latency.mjs';
import { SCALE_SECTION } from './scale-section.mjs';

const FULL = { agents: 1_000_000, people: 1_000_000, ledger: 10_000_000 };
const { values: opts } = parseArgs({
  args: process.argv.slice(3),
  options: {
    agents: { type: 'string', default: String(FULL.agents) },
    people: { type: 'string', default: String(FULL.people) },
    ledger: { type: 'string', default: String(FULL.ledger) },
    reviews: { type: 'string', default: '500000' },
    'popular-reviews': { type: 'string', default: '20000' },
    samples: { type: 'string', default: '8' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '30' },
    'mix-duration': { type: 'string', default: '20' },
    'cache-requests': { type: 'string', default: '6000' },
    keep: { type: 'boolean', default: false },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 8792);
const ORIGIN = `http://localhost:${PORT}`;
const ROOT = '.wrangler/bench-scale';
const persistTo = `${ROOT}/state`;
const agentsWanted = Number(opts.agents);
const peopleWanted = Number(opts.people);
const ledgerWanted = Number(opts.ledger);
const reviewsWanted = Number(opts.reviews);
const popularReviews = Math.min(Number(opts['popular-reviews']), peopleWanted);
const samples = Number(opts.samples);
const full = agentsWanted >= FULL.agents && peopleWanted >= FULL.people && ledgerWanted >= FULL.ledger;
/** scripts/seed.mjs: every demo account's password. */
const DEMO_PASSWORD = 'demo-password';
/** The person who tries (a demo account), and the agent tried: a demo creator's, so the try earns. */
const TRIER = 'devon';
const TRIED_SLUG = 'listinglift';
/** The agent with many reviews: the demo's most tried one. */
const POPULAR_SLUG = 'leadscout-pro';
/** Rows per chunk of a bulk statement: each runs well inside D1's limits on a statement's time and memory. */
const CHUNK = 100_000;
const FILE_CHUNKS = 5;
// docs/capacity.md's budgets at 1,000,000 agents.
const BUDGETS = { searchP99Ms: 50, suggestP99Ms: 20, agentP99Ms: 20, tryP99Ms: 30, visitorRowsRead: 5000 };
/** A try's rows written are 'bounded' when no sample passes this (docs/capacity.md predicts about 17). */
const TRY_ROWS_WRITTEN_BOUND = 25;
/**
 * Rows a try writes once it has answered, which its X-D1-Rows header (made with the answer) cannot
 * count: the key's answer kept (worker/lib/idempotency.ts, `settleAfter`). Measured as the change it
 * made to the header's count: 22 when it was written before the answer, 21 since.
 */
const TRY_ROWS_AFTER_ANSWER = 1;
const log = (...args) => console.log('[bench scale]', ...args);
const seconds = (ms) => Math.round(ms / 1000);

const execute = (sql) => {
  const file = `${ROOT}/step.sql`;
  writeFileSync(file, sql);
  wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--yes', '--file', file], { capture: true });
};
/** A recursive CTE counting 1..n (D1 has no generate_series). */
const counting = (n) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;
/** The SQL picking the `index`-th word of `words` (a JSON array read by D1's json_extract). */
const word = (words, index) =>
  `json_extract('${JSON.stringify(words)}', '$[' || ((${index}) % ${words.length}) || ']')`;
/**
 * Runs `chunkSql(from, count)` for 0..total in chunks of CHUNK rows, FILE_CHUNKS statements to a
 * `wrangler d1 execute` (starting one takes seconds), logging progress.
 */
function inChunks(label, total, chunkSql) {
  const started = Date.now();
  for (let from = 0; from < total; from += CHUNK * FILE_CHUNKS) {
    const statements = [];
    for (let at = from; at < Math.min(total, from + CHUNK * FILE_CHUNKS); at += CHUNK) {
      statements.push(chunkSql(at, Math.min(CHUNK, total - at)));
    }
    execute(statements.join('\n'));
    log(`  ${label} ${Math.min(total, from + CHUNK * FILE_CHUNKS)} / ${total} (${seconds(Date.now() - started)} s)`);
  }
}

// Words of the generated catalogue: names as scripts/seed.mjs makes them, plus a code name from
// syllables (20 x 20 x 20 = 8,000 names, a rare word each: about 125 agents share one at 1,000,000).
const PREFIXES = ['Auto', 'Smart', 'Rapid', 'Deep', 'Clear', 'Bright', 'Swift', 'True', 'Nova', 'Prime'];
const NOUNS = ['Pilot', 'Scout', 'Lens', 'Forge', 'Sense', 'Desk', 'Mind', 'Stream', 'Guard', 'Craft'];
const SYLLABLES_1 = ['Zor', 'Vel', 'Kan', 'Mir', 'Tas', 'Bry', 'Quo', 'Fen', 'Lux', 'Dra'];
const SYLLABLES_1B = ['Oph', 'Gri', 'Hal', 'Jov', 'Nix', 'Pel', 'Rho', 'Sab', 'Tyr', 'Wen'];
const SYLLABLES_2 = [
  'a',
  'e',
  'i',
  'o',
  'u',
  'ai',
  'ea',
  'io',
  'ou',
  'ae',
  'ar',
  'en',
  'il',
  'or',
  'un',
  'al',
  'es',
  'ir',
  'om',
  'ul',
];
const SYLLABLES_3 = [
  'nex',
  'vin',
  'rak',
  'mos',
  'tel',
  'dun',
  'lis',
  'zar',
  'pex',
  'ros',
  'bis',
  'cor',
  'fal',
  'gon',
  'hux',
  'jet',
  'kol',
  'mar',
  'nov',
  'qin',
];
const SYLLABLES_FIRST = [...SYLLABLES_1, ...SYLLABLES_1B];
const TASKS = generatedTasks;
const OBJECTS = generatedObjects;
/** Words in every generated agent's text or in a tenth of it: the common words searched. */
const COMMON_WORDS = ['teams', 'reports', 'audit', 'digest', 'tickets', 'invoices', 'leads', 'contracts'];
const codeName = (i) =>
  `${SYLLABLES_FIRST[i % 20]}${SYLLABLES_2[Math.floor(i / 20) % 20]}${SYLLABLES_3[Math.floor(i / 400) % 20]}`;

// 1. Data at scale.
const heldCounts = () => {
  try {
    return queryLocal(
      'SELECT (SELECT count(*) FROM agents) AS agents, (SELECT count(*) FROM users) AS people, (SELECT count(*) FROM credit_ledger) AS ledger, (SELECT count(*) FROM ratings) AS reviews, (SELECT count(*) FROM agents_fts) AS fts',
      persistTo,
    )[0];
  } catch {
    return null;
  }
};
const generation = { seconds: null, steps: [] };
const held = opts.keep ? heldCounts() : null;
if (held && held.agents >= agentsWanted && held.people >= peopleWanted && held.ledger >= ledgerWanted) {
  log(`reusing ${persistTo}: ${JSON.stringify(held)}`);
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
} else {
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const started = Date.now();
  const step = (label, fn) => {
    const at = Date.now();
    log(label);
    fn();
    generation.steps.push({ step: label, seconds: seconds(Date.now() - at) });
  };
  step('migrations and the demo catalogue', () => {
    wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
    const seed = spawnSync(process.execPath, ['scripts/seed.mjs', '--persist-to', persistTo, '--reviews', '0'], {
      stdio: 'inherit',
    });
    if (seed.status !== 0) process.exit(seed.status ?? 1);
  });
  const [{ demoAgents, demoUsers }] = queryLocal(
    'SELECT (SELECT max(id) FROM agents) AS demoAgents, (SELECT max(id) FROM users) AS demoUsers',
    persistTo,
  );
  const generatedAgents = Math.max(0, agentsWanted - demoAgents);
  const generatedPeople = Math.max(0, peopleWanted - demoUsers);
  // People: bench-only accounts (no password: nobody signs in as them), created over two years.
  step(`${generatedPeople} people`, () =>
    inChunks('people', generatedPeople, (from, count) => {
      return `${counting(count)}
        INSERT INTO users (username, username_key, email, credits, consumed, created_at, email_verified_at)
        SELECT 'person' || (${from} + i), 'person' || (${from} + i), 'person' || (${from} + i) || '@example.com', 100, 0,
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${from} + i) * 7919) % 63072000) || ' seconds'), NULL
        FROM n;`;
    }),
  );
  // Agents: a department (and its category) each, names and texts from the words above; the
  // triggers fill both search indexes, the categories' counts and the rating prior as a listing does.
  step(`${generatedAgents} agents (the search indexes filled by their triggers)`, () =>
    inChunks('agents', generatedAgents, (from, count) => {
      const k = `(${demoAgents} + ${from} + i)`;
      return `${counting(count)},
        g AS (
          SELECT ${k} AS id,
            ${word(PREFIXES, `${k} * 7`)} || ${word(NOUNS, `${k} * 13 / 10`)} AS brand,
            ${word(SYLLABLES_FIRST, k)} || ${word(SYLLABLES_2, `${k} / 20`)} || ${word(SYLLABLES_3, `${k} / 400`)} AS code,
            ${word(TASKS, `${k} * 3`)} AS task, ${word(OBJECTS, `${k} * 11 / 7`)} AS object,
            1 + (${k} * 5) % (SELECT count(*) FROM departments) AS department_id
          FROM n
        )
        INSERT INTO agents (hoa_id, name, agent_code, slug, label, description, long_description, features, external_url,
          category_id, department_id, is_featured, is_trending, is_premium, credit_cost, credits, business_category,
          business_department, created_at, updated_at)
        SELECT 'hoa-' || g.id, g.brand || ' ' || g.code, 'AG-' || g.id, 'scale-agent-' || g.id, d.name,
          g.brand || ' ' || g.code || ' ' || g.task || ' ' || g.object || ' for ' || lower(d.name) || ' teams and reports what needs attention.',
          g.brand || ' connects to the tools your ' || lower(d.name) || ' team already uses, ' || g.task || ' ' || g.object || ' as they arrive and keeps a clear audit trail of every action it takes.',
          json_array('Works on ' || g.object, 'Daily digest by email', 'Role-based access', 'Audit log export'),
          'https://scale-agent-' || g.id || '.agents.example.com/app',
          d.category_id, d.id, g.id % 20 = 0, g.id % 23 = 0, g.id % 29 = 0, 1 + g.id % 40, 1 + g.id % 40,
          (SELECT name FROM categories WHERE id = d.category_id), d.name,
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((g.id * 104729) % 60480000) || ' seconds'),
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((g.id * 104729) % 60480000) || ' seconds')
        FROM g JOIN departments d ON d.id = g.department_id;`;
    }),
  );
  const [{ popularId, firstPerson, people, agents }] = queryLocal(
    `SELECT (SELECT id FROM agents WHERE slug = '${POPULAR_SLUG}') AS popularId, ${demoUsers} + 1 AS firstPerson,
      (SELECT count(*) FROM users) - ${demoUsers} AS people, (SELECT max(id) FROM agents) AS agents`,
    persistTo,
  );
  // Reviews: many on the popular agent (its histogram is the predicted 5,000-row read), one each on
  // others, by generated people; then every reviewed agent's average and count, as a review keeps them.
  step(`${popularReviews} reviews of the popular agent and ${reviewsWanted} others`, () => {
    const rating = (k) => `1 + ((${k}) * 2654435761 % 97) * 5 / 97`;
    inChunks('popular reviews', Math.min(popularReviews, people), (from, count) => {
      return `${counting(count)}
        INSERT OR IGNORE INTO ratings (agent_id, user_id, rating, comment, created_at, updated_at)
        SELECT ${popularId}, ${firstPerson} + ${from} + i - 1, ${rating(`${from} + i`)},
          CASE (${from} + i) % 4 WHEN 0 THEN NULL WHEN 1 THEN 'Saved our team hours every week.' WHEN 2 THEN 'Does exactly what it says.' ELSE 'Good, but the reports could be clearer.' END,
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${from} + i) * 7919) % 31536000) || ' seconds'),
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${from} + i) * 7919) % 31536000) || ' seconds')
        FROM n;`;
    });
    inChunks('reviews', reviewsWanted, (from, count) => {
      return `${counting(count)}
        INSERT OR IGNORE INTO ratings (agent_id, user_id, rating, comment, created_at, updated_at)
        SELECT 1 + ((${from} + i) * 104729) % ${agents}, ${firstPerson} + ((${from} + i) * 31) % ${people}, ${rating(`${from} + i`)},
          CASE (${from} + i) % 3 WHEN 0 THEN NULL WHEN 1 THEN 'Solid results, setup took a while.' ELSE 'Our go-to tool now.' END,
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${from} + i) * 7919) % 31536000) || ' seconds'),
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${from} + i) * 7919) % 31536000) || ' seconds')
        FROM n;`;
    });
    execute(`UPDATE agents SET
        average_rating = coalesce((SELECT round(avg(rating), 2) FROM ratings WHERE agent_id = agents.id AND hidden_at IS NULL), 0),
        vote_count = (SELECT count(*) FROM ratings WHERE agent_id = agents.id AND hidden_at IS NULL)
      WHERE id IN (SELECT DISTINCT agent_id FROM ratings);`);
    // Every stored damped average under the generated catalogue's prior.
    execute(RANK_SCORES_SQL);
  });
  // The ledger: a sign-up grant for each generated person, then tries spread over people and agents
  // over the last 90 days (the activity triggers keep agent_activity and agent_people as a try does).
  const grants = Math.min(people, ledgerWanted);
  const tries = Math.max(0, ledgerWanted - grants);
  step(`${grants} sign-up grants and ${tries} tries in the ledger`, () => {
    inChunks('grants', grants, (from, count) => {
      return `${counting(count)}
        INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, description, idempotency_key, created_at)
        SELECT u.id, 'signup', 100, 100, 0, 'Welcome credits', 'signup:' || u.id, u.created_at
        FROM n JOIN users u ON u.id = ${firstPerson} + ${from} + i - 1;`;
    });
    inChunks('tries', tries, (from, count) => {
      return `${counting(count)},
        t AS (
          SELECT ${from} + i AS k, 1 + ((${from} + i) * 104729) % ${agents} AS agent_id,
            ${firstPerson} + ((${from} + i) * 31) % ${people} AS user_id,
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (((${from} + i) * 2654435761) % 7776000) || ' seconds') AS at
          FROM n
        )
        INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key, created_at, agent_name)
        SELECT t.user_id, 'try', -a.credit_cost, 50, a.credit_cost, 'agent:' || a.id, 'Tried agent #' || a.id, 'scale-try:' || t.k, t.at, a.name
        FROM t JOIN agents a ON a.id = t.agent_id;`;
    });
  });
  // Each agent's tries of the closed quarters.
  execute(TRIES_TOTAL_SQL);
  // The person who tries in the bench has credits for every try it makes.
  execute(`UPDATE users SET credits = 1000000000 WHERE username = '${TRIER}';`);
  generation.seconds = seconds(Date.now() - started);
  log(`generated in ${generation.seconds} s`);
}
// The ledgers' rows in the operators' days, as the hourly job leaves them (a database kept from before
// migration 0033 has them all after its marks).
execute(OPERATOR_DAYS_SQL);
const [counts] = queryLocal(
  `SELECT (SELECT count(*) FROM agents) AS agents, (SELECT count(*) FROM users) AS people,
    (SELECT count(*) FROM credit_ledger) AS ledger, (SELECT count(*) FROM ratings) AS reviews,
    (SELECT count(*) FROM agent_people) AS agentPeople, (SELECT count(*) FROM agent_activity) AS agentActivity`,
  persistTo,
);
const [popular] = queryLocal(
  `SELECT id, name, (SELECT count(*) FROM ratings WHERE agent_id = agents.id) AS reviews FROM agents WHERE slug = '${POPULAR_SLUG}'`,
  persistTo,
);
const [tried] = queryLocal(`SELECT id, name, credit_cost AS cost FROM agents WHERE slug = '${TRIED_SLUG}'`, persistTo);
const [{ maxAgent }] = queryLocal('SELECT max(id) AS maxAgent FROM agents', persistTo);
log(`${JSON.stringify(counts)}; popular agent ${popular.id} (${popular.reviews} reviews); tries of agent ${tried.id}`);

// 5a. The database's size, read before the server opens it: the sqlite file (and its journal) as
// workerd keeps it, and SQLite's own count of pages.
const d1Dir = path.join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
const fileBytes = readdirSync(d1Dir)
  .filter((f) => !f.startsWith('metadata.') && (f.endsWith('.sqlite') || f.endsWith('.sqlite-wal')))
  .reduce((sum, f) => sum + statSync(path.join(d1Dir, f)).size, 0);
// D1 refuses PRAGMA page_count here; the file's header holds the same figures (page size at byte 16,
// the count of pages at byte 28, both big-endian).
const sqliteFile = readdirSync(d1Dir).find((f) => f.endsWith('.sqlite') && !f.startsWith('metadata.'));
const header = sqliteFile ? Buffer.alloc(100) : null;
if (header) {
  const fd = openSync(path.join(d1Dir, sqliteFile), 'r');
  readSync(fd, header, 0, 100, 0);
  closeSync(fd);
}
const pageBytes = header
  ? (header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16)) * header.readUInt32BE(28)
  : null;
const gb = (bytes) => (bytes === null ? null : Number((bytes / 1024 ** 3).toFixed(2)));
const size = { fileGB: gb(fileBytes), pagesGB: gb(pageBytes) };
log(`database: ${size.fileGB} GB on disk, ${size.pagesGB ?? '?'} GB in pages`);

// 2. The worker: edge cache off (as `npm start`), the per-isolate cache as shipped, rows counted.
// The app built afresh into an assets folder of its own (the first start below builds it, as `npm
// start` does), so an agent's page is rendered by the server as a visitor gets it. The server
// renderer goes to the repository's dist-ssr/, as with every `npm start`.
const distDir = `${ROOT}/dist`;
rmSync(distDir, { recursive: true, force: true });
const { stop } = await startBenchServer({
  port: PORT,
  persistTo,
  distDir,
  // The demo's admin is an admin only where ADMIN_EMAILS names it (as the end-to-end server does).
  env: {
    CATALOG_CACHE_SECONDS: undefined,
    EDGE_CACHE_SECONDS: undefined,
    BENCH_D1_ROWS: '1',
    ADMIN_EMAILS: 'admin@example.cc',
  },
});
/** A demo account's session cookie (every demo account has DEMO_PASSWORD). */
const signInAs = async (username) => {
  const res = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in as ${username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
};
const cookie = await signInAs(TRIER);
/** The demo's operator (scripts/seed-data.mjs): the totals are an admin's. */
const adminCookie = await signInAs('admin');

// The model's mix (docs/capacity.md): each route with how its requests vary, what the model calls it
// and its share of a peak second. Every visitor path differs per request (see the header).
let serial = 0;
const buster = () => `_=${Date.now().toString(36)}${(serial++).toString(36)}`;
const randomInt = (n) => 1 + Math.floor(Math.random() * n);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** The offset of a random page of 1 to `pages` of `size` (the API pages by limit and offset). */
const pageOffset = (pages, size) => (randomInt(pages) - 1) * size;
const prefixOf = (w) => w.slice(0, 2 + Math.floor(Math.random() * 3)).toLowerCase();
const routes = [
  { name: 'bare route (for reference)', kind: null, visitor: true, next: () => '/api/config/health' },
  {
    // What a visitor's page view costs on an edge-cache miss: the page rendered by the server with
    // its data (the agent, its reviews, changes, usage and similar agents), in the HTML.
    name: 'agent page, server-rendered (GET /agents/{random id})',
    kind: 'page view',
    visitor: true,
    next: () => `/agents/${randomInt(maxAgent)}`,
  },
  {
    // The running app's read of an agent (a tap from a list once the app has started).
    name: 'agent page data (GET /api/agents/{random id})',
    kind: 'catalogue read',
    visitor: true,
    budget: BUDGETS.agentP99Ms,
    next: () => `/api/agents/${randomInt(maxAgent)}`,
  },
  {
    name: 'search, a rare word (a code name, ~125 matches at 1M)',
    kind: 'search',
    visitor: true,
    budget: BUDGETS.searchP99Ms,
    next: () => `/api/agents/search?q=${codeName(randomInt(8000))}&limit=24`,
  },
  {
    name: `search, a common word (${COMMON_WORDS.slice(0, 3).join(', ')}, …)`,
    kind: 'search',
    visitor: true,
    budget: BUDGETS.searchP99Ms,
    next: () => `/api/agents/search?q=${pick(COMMON_WORDS)}&limit=24&${buster()}`,
  },
  {
    name: 'suggestions (a 2-4 letter prefix)',
    kind: 'suggestion',
    visitor: true,
    budget: BUDGETS.suggestP99Ms,
    next: () =>
      `/api/agents/suggest?q=${prefixOf(pick([...PREFIXES, ...NOUNS, ...SYLLABLES_FIRST, ...COMMON_WORDS]))}&${buster()}`,
  },
  {
    name: 'list, popular (a random page of 1-50)',
    kind: 'catalogue read',
    visitor: true,
    next: () => `/api/agents?sort=popular&limit=24&offset=${pageOffset(50, 24)}&${buster()}`,
  },
  {
    name: 'list, a category newest (a random page of 1-20)',
    kind: 'catalogue read',
    visitor: true,
    next: () => `/api/agents/category/${randomInt(15)}?sort=newest&limit=24&offset=${pageOffset(20, 24)}&${buster()}`,
  },
  {
    name: `reviews of the popular agent (${popular.reviews}), a random page of 1-20`,
    kind: 'catalogue read',
    visitor: true,
    next: () => `/api/agents/${popular.id}/ratings?limit=10&offset=${pageOffset(20, 10)}&${buster()}`,
  },
  {
    name: `reviews of the popular agent, most helpful first (the panel's order), a random page of 1-20`,
    kind: 'catalogue read',
    visitor: true,
    next: () => `/api/agents/${popular.id}/ratings?sort=helpful&limit=10&offset=${pageOffset(20, 10)}&${buster()}`,
  },
  {
    // Not in the model's mix (the home page's 'Top Performing' asks it, behind the edge cache): the
    // stored damped average and its index (migration 0028, docs/decisions/0050) keep it to a page.
    name: 'list, highest rated (a random page of 1-5)',
    kind: null,
    visitor: true,
    rowsChecked: true,
    next: () => `/api/agents?sort=rating&limit=24&offset=${pageOffset(5, 24)}&${buster()}`,
  },
  {
    name: 'list, a department most reviewed (a random page of 1-5)',
    kind: null,
    visitor: true,
    rowsChecked: true,
    next: () =>
      `/api/agents?departmentId=${randomInt(14)}&sort=reviews&limit=24&offset=${pageOffset(5, 24)}&${buster()}`,
  },
  {
    name: `review histogram of the popular agent (${popular.reviews})`,
    kind: 'catalogue read',
    visitor: true,
    next: () => `/api/agents/${popular.id}/ratings/summary?${buster()}`,
  },
  {
    name: 'search, a common word, one URL repeated (the micro-cache hit, for reference)',
    kind: null,
    visitor: true,
    next: () => '/api/agents/search?q=teams&limit=24',
  },
  {
    name: `a signed-in try (POST /api/agents/${tried.id}/try)`,
    kind: 'try',
    visitor: false,
    budget: BUDGETS.tryP99Ms,
    method: 'POST',
    next: () => `/api/agents/${tried.id}/try`,
  },
  {
    // An operator's look at the money (docs/decisions/0056): the days the hourly job rolled up and the
    // ledgers' rows since (the tries above); it read every row of the 30 days before.
    name: "operators' totals, the last 30 days (an admin's)",
    kind: null,
    visitor: false,
    untimed: true,
    headers: () => ({ Cookie: adminCookie }),
    next: () => '/api/admin/totals',
  },
];
const tryHeaders = () => ({
  Cookie: cookie,
  Origin: ORIGIN,
  'Content-Type': 'application/json',
  'Idempotency-Key': `scale-${Date.now()}-${serial++}`,
});
const send = (route) =>
  fetch(
    `${ORIGIN}${route.next()}`,
    route.method === 'POST' ? { method: 'POST', headers: tryHeaders(), body: '{}' } : { headers: route.headers?.() },
  );
const rowsOf = (res) => {
  const m = /read=(\d+); written=(\d+); queries=(\d+)/.exec(res.headers.get('X-D1-Rows') ?? '');
  return m ? { read: Number(m[1]), written: Number(m[2]), queries: Number(m[3]) } : null;
};

// 3. Rows per request, from D1's meta.
const rows = [];
for (const route of routes) {
  const seen = [];
  for (let i = 0; i < samples; i++) {
    const res = await send(route);
    if (!res.ok) throw new Error(`${route.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const counted = rowsOf(res);
    if (!counted) throw new Error(`${route.name}: no X-D1-Rows header (is BENCH_D1_ROWS forwarded?)`);
    if (route.kind === 'try') counted.written += TRY_ROWS_AFTER_ANSWER;
    seen.push(counted);
  }
  const read = seen.map((r) => r.read);
  const written = seen.map((r) => r.written);
  rows.push({
    route: route.name,
    'rows read (median)': median(read),
    'rows read (max)': Math.max(...read),
    'rows written (median)': median(written),
    'rows written (max)': Math.max(...written),
    'rows written (min)': Math.min(...written),
    queries: median(seen.map((r) => r.queries)),
  });
  log('rows', route.name, JSON.stringify(seen.map((r) => `${r.read}/${r.written}`)));
}

// 4. Latency, one connection, interleaved rounds (as bench/api-latency.mjs, with a path per request).
const autocannonRequest = (route) => ({
  method: route.method ?? 'GET',
  setupRequest: (req) => ({
    ...req,
    path: route.next(),
    ...(route.method === 'POST' ? { headers: tryHeaders(), body: '{}' } : {}),
  }),
});
const rounds = Number(opts.rounds);
const duration = Number(opts.duration);
const timed = routes.filter((route) => !route.untimed);
const runs = timed.map(() => []);
for (let round = 1; round <= rounds; round++) {
  for (const [i, route] of timed.entries()) {
    const result = await autocannon({ url: ORIGIN, connections: 1, duration, requests: [autocannonRequest(route)] });
    const run = latencyFigures(result);
    runs[i].push(run);
    log(`round ${round}`, route.name, JSON.stringify(run));
  }
}
const latency = latencyTable(timed, runs);

// The whole mix at once, in the model's peak shares (docs/capacity.md), at a rate this machine takes.
const SHARES = { 'page view': 70, 'catalogue read': 140, search: 23, suggestion: 93, try: 300 };
const weighted = routes
  .filter((r) => r.kind)
  .map((r) => ({ route: r, weight: SHARES[r.kind] / routes.filter((o) => o.kind === r.kind).length }));
const totalWeight = weighted.reduce((sum, w) => sum + w.weight, 0);
const pickWeighted = () => {
  let x = Math.random() * totalWeight;
  for (const w of weighted) if ((x -= w.weight) <= 0) return w.route;
  return weighted[0].route;
};
const mixResult = await autocannon({
  url: ORIGIN,
  connections: 4,
  overallRate: Number(opts.rate),
  duration: Number(opts['mix-duration']),
  requests: [
    {
      setupRequest: (req) => {
        const route = pickWeighted();
        return route.method === 'POST'
          ? { ...req, method: 'POST', path: route.next(), headers: tryHeaders(), body: '{}' }
          : { ...req, method: 'GET', path: route.next(), headers: {}, body: undefined };
      },
    },
  ],
});
const mix = {
  'rate asked': Number(opts.rate),
  rps: Math.round(mixResult.requests.average),
  p50: mixResult.latency.p50,
  p99: mixResult.latency.p99,
  max: mixResult.latency.max,
  errors: mixResult.errors + mixResult.non2xx,
};
log('mix', JSON.stringify(mix));
stop();

// 4b. The caches as staging and production run them (docs/decisions/0046): the edge cache on
// (EDGE_CACHE_SECONDS 60), the per-isolate cache behind it, visitors asking URLs with a popularity
// skew (Zipf, s = 1: the k-th agent, word, prefix or page asked 1/k as often as the first), and
// reviews and sign-ins at the model's peak ratio to visitors' reads (0.6 and 7 a second beside 326;
// a review makes new keys for its agent, docs/decisions/0051). Which layer answered each visitor
// request, the rows D1 read for it, and the rows a review and a sign-in read and wrote.
const zipf = (n) => {
  // The CDF once per size; then a binary search per draw.
  const cdf = (zipf.cdfs ??= new Map()).get(n) ?? new Float64Array(n);
  if (!zipf.cdfs.has(n)) {
    let sum = 0;
    for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1);
    for (let k = 0; k < n; k++) cdf[k] /= sum;
    zipf.cdfs.set(n, cdf);
  }
  const x = Math.random();
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
};
const words = [...COMMON_WORDS, ...Array.from({ length: 8000 }, (_, i) => codeName(i + 1))];
const prefixes = [...new Set(words.flatMap((w) => [2, 3, 4].map((n) => w.slice(0, n).toLowerCase())))];
const skewed = {
  'page view': () => `/agents/${zipf(maxAgent)}`,
  'catalogue read': () =>
    pick([
      () => `/api/agents/${zipf(maxAgent)}`,
      () => `/api/agents?sort=popular&limit=24&offset=${(zipf(50) - 1) * 24}`,
      () => `/api/agents/category/${zipf(15)}?sort=newest&limit=24&offset=${(zipf(20) - 1) * 24}`,
      () => `/api/agents/${zipf(maxAgent)}/ratings?limit=10`,
      () => `/api/agents/${zipf(maxAgent)}/ratings/summary`,
    ])(),
  search: () => `/api/agents/search?q=${words[zipf(words.length) - 1]}&limit=24`,
  suggestion: () => `/api/agents/suggest?q=${prefixes[zipf(prefixes.length) - 1]}`,
};
const VISITOR_SHARES = Object.entries(SHARES).filter(([kind]) => kind !== 'try');
const visitorWeight = VISITOR_SHARES.reduce((sum, [, w]) => sum + w, 0);
// The model's peak a second beside the visitors' reads (docs/capacity.md): 0.6 reviews, 7 sign-ins.
const REVIEW_EVERY = Math.round(visitorWeight / 0.6);
const SIGN_IN_EVERY = Math.round(visitorWeight / 7);
const cacheRequests = Number(opts['cache-requests']);
/** The rows each review and each sign-in of the cache phase read and wrote. */
const writes = { review: [], 'sign-in': [] };

/** One run of the cache phase on a server with these caches; what answered the visitors. */
async function cachePhase(setup, env) {
  const server = await startBenchServer({ port: PORT, persistTo, distDir, env: { ...env, BENCH_D1_ROWS: '1' } });
  const layers = { edge: 0, isolate: 0, d1: 0 };
  const d1Rows = [];
  const counts = { review: 0, 'sign-in': 0 };
  let errors = 0;
  let asked = 0;
  const started = Date.now();
  const signedWrite = async (kind, path, body, headers = {}) => {
    const res = await fetch(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    const counted = rowsOf(res);
    if (!res.ok || !counted) return void errors++;
    counts[kind]++;
    writes[kind].push(counted);
  };
  // Anywhere in the catalogue (the demo agents, first in the skew, include the reviewer's own).
  const review = () =>
    signedWrite(
      'review',
      '/api/ratings',
      { agentId: randomInt(maxAgent), rating: randomInt(5), comment: 'Asked by the scale bench.' },
      { Cookie: cookie },
    );
  const signInAgain = () => signedWrite('sign-in', '/api/auth/login', { username: TRIER, password: DEMO_PASSWORD });
  const visit = async () => {
    let x = Math.random() * visitorWeight;
    const [kind] = VISITOR_SHARES.find(([, w]) => (x -= w) <= 0) ?? VISITOR_SHARES[0];
    const res = await fetch(`${ORIGIN}${skewed[kind]()}`);
    await res.arrayBuffer();
    if (!res.ok) return void errors++;
    const layer =
      res.headers.get('X-Edge-Cache') === 'hit' ? 'edge' : res.headers.get('X-Cache') === 'hit' ? 'isolate' : 'd1';
    layers[layer]++;
    // A hit too: it read the versions (one row, two for an agent's answer, docs/decisions/0051).
    d1Rows.push(rowsOf(res)?.read ?? 0);
  };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (asked < cacheRequests) {
        asked++;
        await (asked % REVIEW_EVERY === 0 ? review() : asked % SIGN_IN_EVERY === 0 ? signInAgain() : visit());
      }
    }),
  );
  server.stop();
  const visits = layers.edge + layers.isolate + layers.d1;
  const share = (n) => `${((100 * n) / Math.max(visits, 1)).toFixed(1)} %`;
  const result = {
    caches: setup,
    'visitor requests': visits,
    'edge cache': share(layers.edge),
    'per-isolate cache': share(layers.isolate),
    D1: share(layers.d1),
    'rows read per visitor request': Number((d1Rows.reduce((a, b) => a + b, 0) / Math.max(visits, 1)).toFixed(1)),
    reviews: counts.review,
    'sign-ins': counts['sign-in'],
    errors,
    seconds: seconds(Date.now() - started),
  };
  log('caches', JSON.stringify(result));
  // Let the port go before the next server takes it.
  await new Promise((r) => setTimeout(r, 2000));
  return result;
}

// Staging's and production's (the edge cache; the per-isolate cache is off behind it,
// docs/decisions/0051), and `npm start`'s (the per-isolate cache alone).
const caches = [
  await cachePhase('edge (60 s), as staging and production', { EDGE_CACHE_SECONDS: '60' }),
  await cachePhase('per-isolate (10 s) alone, as npm start', {
    EDGE_CACHE_SECONDS: undefined,
    CATALOG_CACHE_SECONDS: undefined,
  }),
];

// 5b. The model's monthly cost from the measured rows (docs/capacity.md's volumes and prices). The
// kinds not replayed keep the model's predicted rows.
const rowsFor = (kind) => rows.filter((r, i) => routes[i].kind === kind);
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const measured = (kind, column) => mean(rowsFor(kind).map((r) => r[column]));
const EDGE_HIT_SHARE = 0.6;
const volumes = [
  // A page view rendered on an edge-cache miss; a hit reads the versions (two rows for an agent's page).
  {
    kind: 'page views',
    monthly: 60e6,
    read: (1 - EDGE_HIT_SHARE) * measured('page view', 'rows read (median)') + 2 * EDGE_HIT_SHARE,
    written: 0,
  },
  { kind: 'app catalogue reads', monthly: 120e6, read: measured('catalogue read', 'rows read (median)'), written: 0 },
  {
    kind: 'searches (rare and common alike)',
    monthly: 20e6,
    read: measured('search', 'rows read (median)'),
    written: 0,
  },
  { kind: 'suggestions', monthly: 80e6, read: measured('suggestion', 'rows read (median)'), written: 0 },
  {
    kind: 'tries',
    monthly: 259e6,
    read: measured('try', 'rows read (median)'),
    written: measured('try', 'rows written (median)'),
  },
  // Measured in the cache phase (4b) when it ran them; the model's prediction otherwise.
  ...[
    ['reviews', 'review', 0.52e6, 10, 8],
    ['sign-ins', 'sign-in', 6e6, 5, 3],
  ].map(([kind, key, monthly, read, written]) =>
    writes[key].length
      ? {
          kind,
          monthly,
          read: median(writes[key].map((r) => r.read)),
          written: median(writes[key].map((r) => r.written)),
        }
      : { kind: `${kind} (predicted)`, monthly, read, written },
  ),
  { kind: 'purchases (predicted)', monthly: 0.6e6, read: 10, written: 10 },
];
const readsMonthly = volumes.reduce((sum, v) => sum + v.monthly * v.read, 0);
const writesMonthly = volumes.reduce((sum, v) => sum + v.monthly * v.written, 0);
const requestsMonthly = volumes.reduce((sum, v) => sum + v.monthly, 0);
const CPU_MS_PER_REQUEST = 5;
const dollars = (n) => Math.round(n);
const cost = {
  'D1 rows read': {
    volume: `${(readsMonthly / 1e9).toFixed(1)} billion`,
    $: dollars((Math.max(0, readsMonthly - 25e9) / 1e6) * 0.001),
  },
  'D1 rows written (all in one D1, as the code is)': {
    volume: `${(writesMonthly / 1e6).toFixed(0)} M`,
    $: dollars((Math.max(0, writesMonthly - 50e6) / 1e6) * 1.0),
  },
  'Workers requests': {
    volume: `${(requestsMonthly / 1e6).toFixed(0)} M`,
    $: dollars((Math.max(0, requestsMonthly - 10e6) / 1e6) * 0.3),
  },
  'Workers CPU (5 ms a request, as docs/capacity.md)': {
    volume: `${((requestsMonthly * CPU_MS_PER_REQUEST) / 1e6).toFixed(0)} M ms`,
    $: dollars((Math.max(0, requestsMonthly * CPU_MS_PER_REQUEST - 30e6) / 1e6) * 0.02),
  },
};
const costTotal = Object.values(cost).reduce((sum, c) => sum + c.$, 0);

// Budgets.
const latencyByName = new Map(latency.map((r) => [r.endpoint, r]));
const checks = [];
for (const route of routes.filter((r) => r.budget)) {
  const r = latencyByName.get(route.name);
  checks.push({
    budget: `${route.name} p99 <= ${route.budget} ms (median round)`,
    actual: `${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`,
    holds: r.p99 <= route.budget && r.errors === 0 ? 'holds' : 'MISSES',
  });
}
for (const [i, route] of routes.entries()) {
  if (!route.visitor || (!route.kind && !route.rowsChecked)) continue;
  const max = rows[i]['rows read (max)'];
  checks.push({
    budget: `${route.name} reads <= ${BUDGETS.visitorRowsRead} rows`,
    actual: `${max} rows (max of ${samples})`,
    holds: max <= BUDGETS.visitorRowsRead ? 'holds' : 'MISSES',
  });
}
const tryRows = rows[routes.findIndex((r) => r.kind === 'try')];
checks.push({
  budget: `a try writes a bounded number of rows (<= ${TRY_ROWS_WRITTEN_BOUND}; predicted about 17)`,
  actual: `${tryRows['rows written (min)']}-${tryRows['rows written (max)']} rows written, ${tryRows['rows read (median)']} read, at ${counts.ledger} ledger rows`,
  holds: tryRows['rows written (max)'] <= TRY_ROWS_WRITTEN_BOUND ? 'holds' : 'MISSES',
});

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const date = new Date().toISOString();
const latencyRows = latency.map(({ budget: _budget, ...r }) => r);
const costRows = [
  ...Object.entries(cost).map(([item, c]) => ({ item, volume: c.volume, $: c.$ })),
  { item: 'total of these', volume: '', $: costTotal },
];
const volumeRows = volumes.map((v) => ({
  kind: v.kind,
  'a month': `${v.monthly / 1e6} M`,
  'rows read each': Number(v.read.toFixed(1)),
  'rows written each': Number(v.written.toFixed(1)),
}));
console.log(
  `\nScale at ${counts.agents} agents, ${counts.people} people, ${counts.ledger} ledger rows, ${counts.reviews} reviews (load average ${load}):`,
);
console.log(`Database: ${size.fileGB} GB on disk, ${size.pagesGB ?? '?'} GB in SQLite pages.`);
console.table(rows);
console.table(latencyRows);
console.log('The whole mix:');
console.table([mix]);
console.log('The caches, visitors with a popularity skew:');
console.table(caches);
console.table(volumeRows);
console.table(costRows);
console.table(checks);

// Written down: JSON always; the section of docs/benchmarks.md for a full run.
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/scale.json',
  JSON.stringify(
    {
      date,
      load,
      options: opts,
      counts,
      generation,
      size,
      popular,
      tried,
      rows,
      latency,
      runs,
      mix,
      caches,
      volumes: volumeRows,
      cost: costRows,
      checks,
    },
    null,
    2,
  ),
);
const table = (list, columns) =>
  [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...list.map((r) => `| ${columns.map((c) => r[c] ?? '').join(' | ')} |`),
  ].join('\n');
const section = `${SCALE_SECTION[0]}
## Scale (\`npm run bench -- scale\`)

The capacity model's simulation (docs/capacity.md, docs/decisions/0048), run ${date} on this 2-core
machine (load average ${load}): ${counts.agents} agents, ${counts.people} people, ${counts.ledger} ledger
rows, ${counts.reviews} reviews (${popular.reviews} of them on one popular agent), ${
  generation.seconds === null
    ? 'generated in bulk SQL by an earlier run (--keep)'
    : `generated in bulk SQL
in ${generation.seconds} s`
}. The database: ${size.fileGB} GB on disk, ${size.pagesGB ?? '?'} GB in
SQLite's pages. Rows are D1's own \`meta\` summed per request (X-D1-Rows, BENCH_D1_ROWS=1), ${samples}
requests of each route; every visitor request asks a URL the per-isolate cache has not kept.

### Rows per request

${table(rows, Object.keys(rows[0]))}

### Latency (1 connection, median of ${rounds} rounds of ${duration} s, interleaved with the bare route; ms)

${table(latencyRows, ['endpoint', 'p50', 'p99', 'p99 each round', 'p99 / bare', 'max', 'rps', 'errors'])}

The whole mix in the model's peak shares at ${mix['rate asked']} requests a second on 4 connections:
p50 ${mix.p50} ms, p99 ${mix.p99} ms, ${mix.rps} requests a second, ${mix.errors} errors.

### The caches (visitors with a popularity skew)

${cacheRequests} requests on 4 connections in each setup: visitors' URLs with a popularity skew (Zipf,
s = 1), with reviews and sign-ins among them at the model's peak ratio (a review makes new keys for
its agent, docs/decisions/0051). The first setup is staging's and production's.

${table(caches, Object.keys(caches[0]))}

### The model's month from these rows

${table(volumeRows, ['kind', 'a month', 'rows read each', 'rows written each'])}

${table(costRows, ['item', 'volume', '$'])}

### Budgets

${table(checks, ['budget', 'actual', 'holds'])}
${SCALE_SECTION[1]}`;
const out = full ? 'docs/benchmarks.md' : 'bench-results/scale.md';
const text = existsSync(out) && out === 'docs/benchmarks.md' ? readFileSync(out, 'utf8') : '';
const between = new RegExp(`${SCALE_SECTION[0]}[\\s\\S]*?${SCALE_SECTION[1]}`);
let next;
if (between.test(text)) next = text.replace(between, () => section);
else if (text.includes('<!-- bench run -->'))
  next = text.replace('<!-- bench run -->', () => `${section}\n\n<!-- bench run -->`);
else next = text ? `${text}\n${section}\n` : `${section}\n`;
writeFileSync(out, next);
log(
  `written to bench-results/scale.json and ${out}${full ? '' : ' (scaled down: docs/benchmarks.md is left as it was)'}`,
);
process.exit(0);

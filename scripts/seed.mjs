#!/usr/bin/env node
// Seeds the local D1 database with the demo catalogue, or with a large generated one for benchmarks.
//   npm run seed                                   demo data (refuses if the database has data)
//   npm run seed -- --if-empty                     demo data only when the database is empty
//   npm run seed -- --agents 10000 --reviews 50000 --reset   a large catalogue (demo data included)
// --persist-to DIR picks the local database folder (default .wrangler/state, as wrangler dev uses).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from './lib/password.mjs';
import * as demo from './seed-data.mjs';
import { OPERATOR_DAYS_SQL, RANK_SCORES_SQL, TRIES_TOTAL_SQL } from './lib/rollups.mjs';
import { queryLocal, wrangler } from './lib/wrangler.mjs';

const { values: opts } = parseArgs({
  options: {
    'persist-to': { type: 'string', default: '.wrangler/state' },
    'if-empty': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    agents: { type: 'string' },
    reviews: { type: 'string' },
    'sql-only': { type: 'string' },
  },
});

const DEMO_PASSWORD = 'demo-password';
const DAY = 24 * 60 * 60 * 1000;
const QUARTER = 15 * 60 * 1000;
const NOW = Date.now();

const q = (value) => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return `'${String(value).replaceAll("'", "''")}'`;
};
const iso = (daysAgo, jitterMs = 0) => new Date(NOW - daysAgo * DAY - jitterMs).toISOString();
// The earnings terms a local run has: worker/env.ts's defaults of CREATOR_SHARE and EARNINGS_HOLD_DAYS.
const CREATOR_SHARE = 80;
const EARNINGS_HOLD_DAYS = 7;
/** A try's price split as splitPrice in worker/domain/credits/earnings.ts splits it (1 credit = 100 cents). */
const splitPrice = (credits) => {
  const creatorCents = Math.floor((credits * 100 * CREATOR_SHARE) / 100);
  return { creatorCents, platformCents: credits * 100 - creatorCents };
};

/** Multi-row INSERTs kept under D1's 100 KB statement limit (and at most `chunk` rows each). */
function inserts(table, columns, rows, chunk = 500, maxBytes = 90_000) {
  const out = [];
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n`;
  let values = [];
  let size = head.length;
  const flush = () => {
    if (values.length) out.push(`${head}${values.join(',\n')};`);
    values = [];
    size = head.length;
  };
  for (const row of rows) {
    const value = `(${row.map(q).join(', ')})`;
    if (values.length >= chunk || size + value.length + 2 > maxBytes) flush();
    values.push(value);
    size += value.length + 2;
  }
  flush();
  return out;
}

/** Deterministic pseudo-random numbers, so a generated catalogue is the same every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buildSql({ agentTotal, reviewTotal }) {
  const sql = [];
  const categoryId = new Map(demo.categories.map((c, i) => [c.name, i + 1]));
  const departmentId = new Map(demo.departments.map((d, i) => [d.name, i + 1]));

  sql.push(
    ...inserts(
      'categories',
      ['id', 'name', 'description', 'icon', 'is_main_category'],
      demo.categories.map((c, i) => [i + 1, c.name, c.description, c.icon, c.isMainCategory]),
    ),
    ...inserts(
      'departments',
      ['id', 'name', 'description', 'category_id'],
      demo.departments.map((d, i) => [i + 1, d.name, d.description, categoryId.get(d.categoryName) ?? null]),
    ),
  );

  // Users: the demo accounts, plus reviewers for a generated catalogue.
  const users = demo.users.map((u, i) => ({
    ...u,
    id: i + 1,
    hash: hashPassword(DEMO_PASSWORD),
    daysAgo: 420 - i * 7,
  }));
  const syntheticUsers = reviewTotal > 0 ? Math.max(200, Math.ceil(reviewTotal / 40)) : 0;
  const sharedHash = syntheticUsers ? hashPassword(DEMO_PASSWORD) : null;
  for (let i = 0; i < syntheticUsers; i++) {
    users.push({
      id: users.length + 1,
      username: `member${i + 1}`,
      email: `member${i + 1}@example.com`,
      role: 'user',
      hash: sharedHash,
      daysAgo: 300,
    });
  }
  const userId = new Map(users.map((u) => [u.username, u.id]));
  sql.push(
    ...inserts(
      'users',
      // Demo addresses count as confirmed, so README's demo logins keep their roles (docs/product.md#roles).
      [
        'id',
        'username',
        'username_key',
        'email',
        'password_hash',
        'role',
        'credits',
        'consumed',
        'created_at',
        'email_verified_at',
        'display_name',
        'bio',
        'website',
      ],
      users.map((u) => [
        u.id,
        u.username,
        u.username.normalize('NFKC').toLowerCase(),
        u.email,
        u.hash,
        u.role,
        100,
        0,
        iso(u.daysAgo),
        iso(u.daysAgo),
        u.displayName ?? null,
        u.bio ?? null,
        u.website ?? null,
      ]),
    ),
    // Every account's balance is backed by its sign-up grant in the ledger.
    ...inserts(
      'credit_ledger',
      ['user_id', 'kind', 'amount', 'balance_after', 'consumed_after', 'description', 'idempotency_key', 'created_at'],
      users.map((u) => [u.id, 'signup', 100, 100, 0, 'Welcome credits', `signup:${u.id}`, iso(u.daysAgo)]),
    ),
  );

  // Agents: the curated catalogue first, then generated ones up to the requested total.
  const agents = demo.agents.map((a, i) => ({
    id: i + 1,
    hoaId: `hoa-${String(i + 1).padStart(5, '0')}`,
    name: a.name,
    agentCode: a.agentCode,
    slug: a.slug,
    label: a.label,
    description: a.description,
    longDescription: a.longDescription,
    features: JSON.stringify(a.features),
    videoUrl: a.videoUrl,
    imageUrl: a.image,
    externalUrl: a.externalUrl,
    categoryId: categoryId.get(a.categoryName),
    departmentId: departmentId.get(a.departmentName) ?? 0,
    creatorId: a.creatorUsername ? userId.get(a.creatorUsername) : null,
    isFeatured: a.isFeatured,
    isTrending: a.isTrending,
    isPremium: a.isPremium,
    creditCost: a.creditCost,
    categoryName: a.categoryName,
    departmentName: a.departmentName,
    createdAt: iso(a.createdDaysAgo),
  }));
  const rand = prng(20261122);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const prefixes = [
    'Auto',
    'Smart',
    'Rapid',
    'Deep',
    'Clear',
    'Bright',
    'Swift',
    'True',
    'Nova',
    'Prime',
    'Meta',
    'Flow',
    'Signal',
    'Atlas',
    'Echo',
  ];
  const nouns = [
    'Pilot',
    'Scout',
    'Lens',
    'Forge',
    'Sense',
    'Desk',
    'Mind',
    'Stream',
    'Guard',
    'Craft',
    'Bridge',
    'Pulse',
    'Works',
    'Loop',
    'Sync',
  ];
  const tasks = demo.generatedTasks;
  const objects = demo.generatedObjects;
  const images = demo.agents.map((a) => a.image).filter(Boolean);
  for (let i = agents.length; i < agentTotal; i++) {
    const dept = pick(demo.departments);
    const name = `${pick(prefixes)}${pick(nouns)} ${dept.name.split(' ')[0]} ${i + 1}`;
    const task = pick(tasks);
    const object = pick(objects);
    agents.push({
      id: i + 1,
      hoaId: `hoa-${String(i + 1).padStart(5, '0')}`,
      name,
      agentCode: `AG-${i + 1}`,
      slug: `agent-${i + 1}`,
      label: dept.name,
      description: `${name} ${task} ${object} for ${dept.name.toLowerCase()} teams and reports what needs attention.`,
      longDescription: `${name} connects to the tools your ${dept.name.toLowerCase()} team already uses, ${task} ${object} as they arrive and keeps a clear audit trail of every action it takes.`,
      features: JSON.stringify([
        `Works on ${object}`,
        'Daily digest by email',
        'Role-based access',
        'Audit log export',
      ]),
      videoUrl: null,
      imageUrl: pick(images),
      externalUrl: `https://agent-${i + 1}.agents.example.com/app`,
      categoryId: categoryId.get(dept.categoryName),
      departmentId: departmentId.get(dept.name),
      creatorId: null,
      isFeatured: rand() < 0.05,
      isTrending: rand() < 0.05,
      isPremium: rand() < 0.05,
      creditCost: 1 + Math.floor(rand() * 40),
      categoryName: dept.categoryName,
      departmentName: dept.name,
      createdAt: iso(Math.floor(rand() * 700), Math.floor(rand() * DAY)),
    });
  }
  sql.push(
    ...inserts(
      'agents',
      [
        'id',
        'hoa_id',
        'name',
        'agent_code',
        'slug',
        'label',
        'description',
        'long_description',
        'features',
        'video_url',
        'image_url',
        'external_url',
        'category_id',
        'department_id',
        'creator_id',
        'is_featured',
        'is_trending',
        'is_premium',
        'credit_cost',
        'credits',
        'business_category',
        'business_department',
        'created_at',
        'updated_at',
      ],
      agents.map((a) => [
        a.id,
        a.hoaId,
        a.name,
        a.agentCode,
        a.slug,
        a.label,
        a.description,
        a.longDescription,
        a.features,
        a.videoUrl,
        a.imageUrl,
        a.externalUrl,
        a.categoryId,
        a.departmentId,
        a.creatorId,
        a.isFeatured,
        a.isTrending,
        a.isPremium,
        a.creditCost,
        a.creditCost,
        a.categoryName,
        a.departmentName,
        a.createdAt,
        a.createdAt,
      ]),
    ),
  );

  // Reviews: the curated ones, then generated ones (one per user and agent).
  const agentBySlug = new Map(agents.map((a) => [a.slug, a.id]));
  const seen = new Set();
  const reviews = demo.reviews.map((r) => {
    const agentId = agentBySlug.get(r.agentSlug);
    const uid = userId.get(r.username);
    seen.add(`${agentId}:${uid}`);
    return [agentId, uid, r.rating, r.comment, iso(r.daysAgo), iso(r.daysAgo)];
  });
  const comments = [
    'Saved our team hours every week.',
    'Solid results, setup took a while.',
    'Does exactly what it says.',
    'Good, but the reports could be clearer.',
    null,
    'Our go-to tool now.',
    'Missed a few edge cases.',
    null,
  ];
  let attempts = 0;
  while (reviews.length < Math.max(reviewTotal, demo.reviews.length) && attempts < reviewTotal * 5) {
    attempts++;
    const agentId = 1 + Math.floor(rand() * agents.length);
    const uid = users[Math.floor(rand() * users.length)].id;
    const key = `${agentId}:${uid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rating = Math.min(5, Math.max(1, Math.round(3.9 + (rand() - 0.4) * 3)));
    const when = iso(Math.floor(rand() * 365));
    reviews.push([agentId, uid, rating, pick(comments), when, when]);
  }
  sql.push(...inserts('ratings', ['agent_id', 'user_id', 'rating', 'comment', 'created_at', 'updated_at'], reviews));
  // Ratings and vote counts are true aggregates of the reviews.
  sql.push(`UPDATE agents SET
    average_rating = COALESCE((SELECT avg(rating) FROM ratings WHERE agent_id = agents.id), 0),
    vote_count = (SELECT count(*) FROM ratings WHERE agent_id = agents.id);`);
  // Listing health as the hourly check would have left it (docs/decisions/0043), for the screenshots.
  // The seeded addresses are example.com names the check never asks, so a local run stays offline.
  const checkedAt = iso(0, 20 * 60_000);
  for (const [slug, status, since] of [
    ['leadscout-pro', 'up', iso(12)],
    ['listinglift', 'slow', iso(0, 3 * 60 * 60_000)],
    ['surveysift', 'down', iso(1, 2 * 60 * 60_000)],
  ]) {
    sql.push(
      `UPDATE agents SET health_status = ${q(status)}, health_since = ${q(since)}, health_checked_at = ${q(checkedAt)} WHERE slug = ${q(slug)};`,
    );
  }

  // Usage (docs/decisions/0043): 45 days of tries of the curated agents, as the ledger's trigger would
  // have counted them in agent_activity (no credit_ledger rows: the demo balances stay as they are), and
  // recent_tries as the hourly refresh leaves it (worker/features/maintenance/usage.ts). Each try of a
  // creator's agent also earns its creator, as earningAfterDebit in worker/domain/credits/earnings.ts
  // writes it, so the console, insights and Earnings show what the tries made.
  const activity = new Map();
  agents.slice(0, demo.agents.length).forEach((a, i) => {
    const perDay = demo.triesPerDay[demo.agents[i].slug] ?? 2;
    for (let day = 0; day < 45 && perDay > 0; day++) {
      const tries = Math.round(perDay * (0.4 + rand() * 1.2));
      if (!tries) continue;
      const at = Math.floor((NOW - day * DAY - rand() * DAY) / QUARTER) * QUARTER;
      const key = `${a.id}|${new Date(at).toISOString().slice(0, 16)}`;
      const row = activity.get(key) ?? { agentId: a.id, creatorId: a.creatorId, price: a.creditCost, at, tries: 0 };
      row.tries += tries;
      activity.set(key, row);
    }
  });
  const earnings = [];
  for (const [key, r] of activity) {
    if (!r.creatorId) continue;
    const { creatorCents, platformCents } = splitPrice(r.price);
    for (let n = 0; n < r.tries; n++) {
      // Inside its quarter, so the earnings trigger adds it to that quarter's activity row.
      const at = r.at + Math.min(n, 899) * 1000;
      const tryKey = `try:seed:${key.replace('|', ':')}:${n}`;
      earnings.push([
        r.creatorId,
        'earning',
        creatorCents,
        platformCents,
        r.agentId,
        tryKey,
        `earn:${tryKey}`,
        new Date(at + EARNINGS_HOLD_DAYS * DAY).toISOString(),
        new Date(at).toISOString(),
      ]);
    }
  }
  sql.push(
    ...inserts(
      'agent_activity',
      ['agent_id', 'quarter', 'tries', 'credits_spent'],
      [...activity].map(([key, r]) => [r.agentId, key.split('|')[1], r.tries, r.tries * r.price]),
    ),
    // After the activity rows: the creator_earnings_agent_activity trigger adds each to its quarter.
    ...inserts(
      'creator_earnings',
      [
        'creator_id',
        'kind',
        'amount_cents',
        'platform_cents',
        'agent_id',
        'try_key',
        'idempotency_key',
        'available_at',
        'created_at',
      ],
      earnings,
    ),
    `UPDATE agents SET recent_tries = (SELECT coalesce(sum(tries), 0) FROM agent_activity
       WHERE agent_id = agents.id AND quarter >= ${q(new Date(Math.floor((NOW - 30 * DAY) / QUARTER) * QUARTER).toISOString().slice(0, 16))});`,
    TRIES_TOTAL_SQL,
  );
  // 'What's new' notes, and each agent's time of its latest one.
  sql.push(
    ...inserts(
      'agent_changes',
      ['agent_id', 'note', 'created_at'],
      demo.changes.map((c) => [agentBySlug.get(c.agentSlug), c.note, iso(c.daysAgo)]),
    ),
    'UPDATE agents SET whats_new_at = (SELECT max(created_at) FROM agent_changes WHERE agent_id = agents.id);',
  );

  sql.push(
    ...inserts(
      'proposals',
      ['name', 'description', 'proposer_name', 'proposer_email', 'created_at'],
      demo.proposals.map((p, i) => [p.name, p.description, p.proposerName, p.proposerEmail, iso(3 + i * 4)]),
    ),
  );
  // The stored damped averages under the seeded catalogue's prior: the migration computed them over an empty table.
  sql.push(RANK_SCORES_SQL);
  // The ledgers' rows in the operators' days, as the hourly job would have added them.
  sql.push(OPERATOR_DAYS_SQL);
  return { sql: sql.join('\n'), counts: { agents: agents.length, reviews: reviews.length, users: users.length } };
}

// Every table the migrations make that holds data, rows that point at others first (search_synonyms is
// the migrations' own data; the search index follows its tables through triggers).
const RESET_SQL = [
  'review_helpful',
  'review_replies',
  'moderation_actions',
  'reports',
  'saved_agents',
  'agent_views',
  'agent_changes',
  'agent_activity',
  'operator_days',
  'payouts',
  'payout_accounts',
  'creator_earnings',
  'api_tokens',
  'idempotency_keys',
  'follows',
  'email_tokens',
  'oauth_states',
  'auth_throttle',
  'checkout_sessions',
  'credit_ledger',
  'proposals',
  'ratings',
  'sessions',
  'agents',
  'departments',
  'categories',
  'users',
]
  .map((t) => `DELETE FROM ${t};`)
  // The ids start again at 1, and the operators' days with them.
  .concat('DELETE FROM sqlite_sequence;', 'UPDATE operator_rollup SET ledger_through = 0, earnings_through = 0;')
  .join('\n');

const persistTo = opts['persist-to'];
const agentTotal = Number(opts.agents ?? 0);
const reviewTotal = Number(opts.reviews ?? 0);
if (!Number.isInteger(agentTotal) || agentTotal < 0 || !Number.isInteger(reviewTotal) || reviewTotal < 0) {
  console.error('--agents and --reviews take whole numbers');
  process.exit(2);
}

const { sql, counts } = buildSql({ agentTotal, reviewTotal });
if (opts['sql-only']) {
  writeFileSync(opts['sql-only'], sql);
  console.log(`Wrote ${opts['sql-only']}`);
  process.exit(0);
}

const existing =
  queryLocal('SELECT (SELECT count(*) FROM categories) + (SELECT count(*) FROM users) AS n', persistTo)[0]?.n ?? 0;
if (existing > 0 && !opts.reset) {
  if (opts['if-empty']) {
    console.log('Database already has data; not seeding.');
    process.exit(0);
  }
  console.error('The database already has data. Pass --reset to replace it, or --if-empty to skip.');
  process.exit(1);
}

mkdirSync(path.join('.wrangler', 'tmp'), { recursive: true });
const file = path.join('.wrangler', 'tmp', `seed-${process.pid}.sql`);
writeFileSync(file, `${existing > 0 ? `${RESET_SQL}\n` : ''}${sql}\n`);
wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--yes', '--file', file], { capture: true });
console.log(
  `Seeded ${counts.agents} agents, ${counts.reviews} reviews and ${counts.users} users (demo password: ${DEMO_PASSWORD}).`,
);

// Reads bounded whatever the catalogue's size (migrations 0027, 0028 and 0030, docs/capacity.md):
// D1 bills the rows a query walks, so these tests count them as D1 reports them (meta.rows_read) on
// a catalogue where the unbounded queries walked thousands, and check that the counters the
// triggers keep agree with the counts they replace after every kind of write.
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_SORTS } from '#common/types.ts';
import worker from '#worker/index.ts';
import { hashPassword } from '#worker/lib/password.ts';
import { listAgents } from '#worker/features/agents/data.ts';
import { PRIOR_SQL } from '#worker/features/agents/ranking.ts';
import { refreshRankScores } from '#worker/features/maintenance/rank-scores.ts';
import { browserRequest, countOf, createUser, db, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { listRatings, ratingSummary } from '#worker/features/ratings/data.ts';
import { clearSuggestCache, suggest } from '#worker/features/agents/suggest.ts';

/** The database, and the rows D1 said its batches read since the last `take()`. */
function metered() {
  let rows = 0;
  const d1 = new Proxy(db(), {
    get(target, key, receiver) {
      if (key !== 'batch') return Reflect.get(target, key, receiver) as unknown;
      return async (statements: D1PreparedStatement[]) => {
        const results = await target.batch(statements);
        for (const r of results) rows += r.meta.rows_read ?? 0;
        return results;
      };
    },
  }) as D1Database;
  return { d1, take: () => [rows, (rows = 0)][0]! };
}

/** The rows D1 read for a request through the worker as deployed, from its X-D1-Rows (BENCH_D1_ROWS, docs/decisions/0048). */
async function rowsReadBy(request: Request): Promise<{ status: number; read: number; written: number; body: unknown }> {
  const res = await worker.fetch(request, { ...env, BENCH_D1_ROWS: '1' }, createExecutionContext());
  const counted = /read=(\d+); written=(\d+); queries=(\d+)/.exec(res.headers.get('X-D1-Rows') ?? '');
  expect(counted, 'X-D1-Rows').not.toBeNull();
  const [read, written, queries] = counted!.slice(1).map(Number);
  expect(queries).toBeGreaterThan(0);
  return { status: res.status, read: read!, written: written!, body: await res.json() };
}

const OTHERS = 2000;
const REVIEWS = 600;
const POPULAR = 4000;

beforeAll(async () => {
  await seedCatalog();
  // 2,000 agents of category 1 (department 1), all newer and more popular than the 30 of category 3
  // (department 3) asked for below; every unbounded query walked past them.
  await db().batch([
    db().prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${OTHERS})
       INSERT INTO agents (id, name, description, category_id, department_id, average_rating, vote_count, created_at)
       SELECT 1000 + i, 'Bulk ' || i, 'A bulk agent.', 1, 1, 4, 10 + i % 7,
         strftime('%Y-%m-%dT%H:%M:%fZ', '2026-06-01', '+' || i || ' minutes') FROM n`,
    ),
    db().prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
       INSERT INTO agents (id, name, description, category_id, department_id, average_rating, vote_count, created_at)
       SELECT 3000 + i, 'Legal ' || i, 'A legal agent.', 3, 3, 2, i % 3,
         strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes') FROM n`,
    ),
    // One popular agent with 600 reviews by 600 people, a third of them marked helpful once.
    db().prepare(
      `INSERT INTO agents (id, name, description, category_id, department_id) VALUES (${POPULAR}, 'Popular', 'Much reviewed.', 2, 2)`,
    ),
    db().prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${REVIEWS})
       INSERT INTO users (id, username, email) SELECT 10000 + i, 'reader' || i, 'reader' || i || '@example.com' FROM n`,
    ),
    db().prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${REVIEWS})
       INSERT INTO ratings (agent_id, user_id, rating, comment, created_at, updated_at)
       SELECT ${POPULAR}, 10000 + i, 1 + i % 5, CASE WHEN i % 2 THEN 'Useful.' END,
         strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes'),
         strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes') FROM n`,
    ),
    db().prepare(
      `INSERT INTO review_helpful (rating_id, user_id) SELECT id, 1 FROM ratings WHERE agent_id = ${POPULAR} AND id % 3 = 0`,
    ),
  ]);
  // The stored damped averages under the prior these agents moved, as the hourly refresh leaves them.
  await refreshRankScores(db());
});

const POPULARITY = '(average_rating * MAX(vote_count, 1)) DESC, id DESC';
const NEWEST = 'created_at DESC, id DESC';
// The damped average computed whole, as every rating sort did before migration 0028 stored it.
const DAMPED = `(vote_count * average_rating + 5 * ${PRIOR_SQL}) / (vote_count + 5)`;
const RATED = `${DAMPED} DESC, vote_count DESC, id DESC`;
const REVIEWED = `vote_count DESC, ${DAMPED} DESC, id DESC`;

describe('a public list reads its page, not the catalogue', () => {
  it.each([
    ['every agent, popular', {}, '1', POPULARITY],
    ['every agent, newest, page 3', { sort: 'newest' as const, offset: 20 }, '1', NEWEST],
    ['a category, newest', { categoryId: 3, sort: 'newest' as const }, 'category_id = 3', NEWEST],
    ['a category, popular', { categoryId: 3, sort: 'popular' as const }, 'category_id = 3', POPULARITY],
    ['a department, newest', { departmentId: 3, sort: 'newest' as const }, 'department_id = 3', NEWEST],
    ['a department, popular, page 2', { departmentId: 3, offset: 10 }, 'department_id = 3', POPULARITY],
    ['every agent, popular, page 51', { offset: 500 }, '1', POPULARITY],
    ['every agent, highest rated', { sort: 'rating' as const }, '1', RATED],
    [
      'a category, highest rated, page 2',
      { categoryId: 3, sort: 'rating' as const, offset: 10 },
      'category_id = 3',
      RATED,
    ],
    ['every agent, most reviewed', { sort: 'reviews' as const }, '1', REVIEWED],
    ['a department, most reviewed', { departmentId: 3, sort: 'reviews' as const }, 'department_id = 3', REVIEWED],
  ])('%s: the right page and total, rows read bounded by the page', async (_, params, where, order) => {
    const { d1, take } = metered();
    const page = await listAgents(d1, { limit: 10, ...params });
    const rows = take();
    const shown = `FROM agents WHERE hidden_at IS NULL AND ${where}`;
    const expected = await db()
      .prepare(`SELECT id ${shown} ORDER BY ${order} LIMIT 10 OFFSET ${'offset' in params ? params.offset : 0}`)
      .all<{ id: number }>();
    expect(page.agents.map((a) => a.id)).toEqual(expected.results.map((r) => r.id));
    expect(page.agents).toHaveLength(10);
    expect(page.total).toBe(await countOf(`SELECT count(*) AS n ${shown}`));
    // Ten agents with their category, department and creator, and the counters: a few dozen rows;
    // a later page walks the index past the agents before it (a row each), but reads none of them
    // whole (with their joins, three rows each).
    const skipped = 'offset' in params ? params.offset : 0;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(150 + 1.5 * skipped);
  });
});

const REVIEW_ORDERS = {
  helpful: `(SELECT count(*) FROM review_helpful h WHERE h.rating_id = r.id) DESC, (comment IS NOT NULL) DESC, updated_at DESC, id DESC`,
  newest: 'updated_at DESC, id DESC',
  highest: 'rating DESC, updated_at DESC, id DESC',
  lowest: 'rating ASC, updated_at DESC, id DESC',
};

describe("a popular agent's reviews read a page, not every review", () => {
  it.each(REVIEW_SORTS)('sorted %s: the right page of 10 and the total, under 150 rows', async (sort) => {
    const { d1, take } = metered();
    const page = await listRatings(d1, POPULAR, { sort, limit: 10, offset: 20 });
    const rows = take();
    const expected = await db()
      .prepare(
        `SELECT id FROM ratings r WHERE agent_id = ? AND hidden_at IS NULL ORDER BY ${REVIEW_ORDERS[sort]} LIMIT 10 OFFSET 20`,
      )
      .bind(POPULAR)
      .all<{ id: number }>();
    expect(page.items.map((r) => r.id)).toEqual(expected.results.map((r) => r.id));
    expect(page.total).toBe(REVIEWS);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(150);
  });

  it("'Tried it' reads one row per review, however long its author's ledger", async () => {
    // The newest review's author tried the agent once and others 3,000 times (migration 0030).
    const author = 10000 + REVIEWS;
    await db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3001)
         INSERT INTO credit_ledger (user_id, kind, amount, balance_after, reference, idempotency_key)
         SELECT ?1, 'try', -1, 0, 'agent:' || CASE WHEN i = 1 THEN ?2 ELSE 1 + i % 3 END, 'bulk-try:' || i FROM n`,
      )
      .bind(author, POPULAR)
      .run();
    const { d1, take } = metered();
    const page = await listRatings(d1, POPULAR, { sort: 'newest', limit: 10 });
    expect(take()).toBeLessThan(150);
    expect(page.items.map((r) => [r.userId, r.triedIt])).toContainEqual([author, true]);
    expect(page.items.filter((r) => r.triedIt)).toHaveLength(1);
  });

  it('the histogram and average read the five counters', async () => {
    const { d1, take } = metered();
    const summary = await ratingSummary(d1, POPULAR, null);
    expect(take()).toBeLessThan(20);
    expect(summary.counts).toEqual([120, 120, 120, 120, 120]);
    expect(summary.total).toBe(REVIEWS);
    expect(summary.average).toBe(3);
  });
});

describe('a sign-in reads its account, not every session', () => {
  it('with thousands of sessions of other people, live and expired; X-D1-Rows counts what D1 read', async () => {
    const password = 'secret-pass-1';
    const user = await createUser({ verified: true });
    await db()
      .prepare('UPDATE users SET password_hash = ? WHERE id = ?')
      .bind(await hashPassword(password), user.id)
      .run();
    await db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
         INSERT INTO sessions (token_hash, user_id, expires_at) SELECT 'bulk-session-' || i, 10001 + i % ${REVIEWS},
           CASE WHEN i % 2 THEN 0 ELSE 9999999999999 END FROM n`,
      )
      .run();
    const { status, read, written } = await rowsReadBy(
      browserRequest('/api/auth/login', { json: { username: user.username, password } }),
    );
    expect(status).toBe(200);
    expect(written).toBeGreaterThan(0);
    // Expired sessions are the hourly prune's: sweeping them here read all 3,000.
    expect(read).toBeLessThan(300);
    expect(await countOf('SELECT count(*) AS n FROM sessions WHERE token_hash LIKE ?', 'bulk-session-%')).toBe(3000);
  });
});

describe("a creator's page reads counters, not every try and follow", () => {
  it('a creator with 3,000 tries of their agent and 600 followers', async () => {
    const creator = await createUser();
    await db().batch([
      db()
        .prepare(
          `INSERT INTO agents (id, name, description, category_id, creator_id) VALUES (5000, 'Much tried', 'Tried a lot.', 1, ?)`,
        )
        .bind(creator.id),
      db().prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
           INSERT INTO credit_ledger (user_id, kind, amount, balance_after, reference, idempotency_key)
           SELECT 10001 + i % ${REVIEWS}, 'try', -1, 0, 'agent:5000', 'creator-try:' || i FROM n`,
      ),
      db()
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${REVIEWS})
           INSERT INTO follows (follower_id, creator_id) SELECT 10000 + i, ? FROM n`,
        )
        .bind(creator.id),
    ]);
    const page = await rowsReadBy(browserRequest(`/api/creators/${creator.username}`));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totals: { agents: 1, tries: 3000, followers: REVIEWS } });
    // Counting the ledger and the follows read 3,600 rows and more.
    expect(page.read).toBeLessThan(100);
    const follow = await rowsReadBy(browserRequest(`/api/creators/${creator.username}/follow`));
    expect(follow.body).toEqual({ following: false, followers: REVIEWS });
    expect(follow.read).toBeLessThan(20);
  });
});

describe("a suggestion reads the names' vocabulary only for a word it may correct", () => {
  /** The database, and the SQL of every statement prepared on it. */
  const recorded = () => {
    const statements: string[] = [];
    const d1 = new Proxy(db(), {
      get(target, key, receiver) {
        if (key !== 'prepare') return Reflect.get(target, key, receiver) as unknown;
        return (query: string) => (statements.push(query), target.prepare(query));
      },
    }) as D1Database;
    return { d1, statements };
  };
  const readsVocabulary = (statements: string[]) => statements.some((q) => q.includes('agents_title_fts_vocab'));

  it('a prefix of 2-4 letters: answered without it (every term of the index, thousands of rows at scale)', async () => {
    await db()
      .prepare(
        `INSERT INTO agents (id, name, description, category_id, department_id) VALUES (6001, 'LeadScout Lite', 'x', 1, 1)`,
      )
      .run();
    clearSuggestCache();
    const { d1, statements } = recorded();
    expect((await suggest(d1, 'lead')).map((s) => s.name)).toContain('LeadScout Lite');
    expect(readsVocabulary(statements)).toBe(false);
  });

  it('a misspelt word of 5 letters or more: read, and the typo forgiven', async () => {
    clearSuggestCache();
    const { d1, statements } = recorded();
    expect((await suggest(d1, 'leadscot')).map((s) => s.name)).toContain('LeadScout Lite');
    expect(readsVocabulary(statements)).toBe(true);
  });
});

describe('the counters follow every write', () => {
  const shownTotals = async () =>
    (
      await db()
        .prepare(
          `SELECT c.category_id, c.department_id, c.n, (SELECT count(*) FROM agents a WHERE a.hidden_at IS NULL
             AND coalesce(a.category_id, 0) = c.category_id AND coalesce(a.department_id, 0) = c.department_id) AS counted
           FROM shown_agent_counts c`,
        )
        .all<{ n: number; counted: number }>()
    ).results;
  const starCounts = async (agentId: number) =>
    (
      await db()
        .prepare(
          `SELECT s.rating, s.n, (SELECT count(*) FROM ratings r WHERE r.agent_id = s.agent_id AND r.rating = s.rating
             AND r.hidden_at IS NULL) AS counted FROM agent_star_counts s WHERE s.agent_id = ?`,
        )
        .bind(agentId)
        .all<{ n: number; counted: number }>()
    ).results;

  it('shown agents: listed, hidden, restored, moved while hidden and shown, deleted', async () => {
    const run = (sql: string) => db().prepare(sql).run();
    await run(
      `INSERT INTO agents (id, name, description, category_id, department_id) VALUES
       (5001, 'Mover', 'x', 2, 2), (5002, 'Stays', 'x', 2, 2), (5003, 'Hidden', 'x', 3, 3)`,
    );
    await run(`UPDATE agents SET hidden_at = '2026-11-30T00:00:00.000Z' WHERE id IN (5003, 1001)`);
    await run('UPDATE agents SET category_id = 3, department_id = 3 WHERE id = 5001');
    await run('UPDATE agents SET category_id = 1 WHERE id = 5003');
    await run('UPDATE agents SET hidden_at = NULL WHERE id = 5003');
    await run('UPDATE agents SET department_id = 1 WHERE id = 5003');
    await run('DELETE FROM agents WHERE id IN (1002, 5002)');
    const totals = await shownTotals();
    expect(totals.length).toBeGreaterThan(3);
    for (const row of totals) expect(row.n).toBe(row.counted);
    expect((await listAgents(db(), {})).total).toBe(
      await countOf('SELECT count(*) AS n FROM agents WHERE hidden_at IS NULL'),
    );
  });

  it('stars and helpful marks: reviewed, edited, hidden, restored, marked, unmarked, deleted', async () => {
    const run = (sql: string) => db().prepare(sql).run();
    await run(`UPDATE ratings SET rating = 5 WHERE agent_id = ${POPULAR} AND user_id BETWEEN 10001 AND 10010`);
    await run(
      `UPDATE ratings SET hidden_at = '2026-11-30T00:00:00.000Z' WHERE agent_id = ${POPULAR} AND user_id BETWEEN 10005 AND 10020`,
    );
    await run(`UPDATE ratings SET hidden_at = NULL, rating = 1 WHERE agent_id = ${POPULAR} AND user_id = 10006`);
    await run(`DELETE FROM ratings WHERE agent_id = ${POPULAR} AND user_id IN (10030, 10031, 10007)`);
    await run(`DELETE FROM review_helpful WHERE rating_id IN (SELECT id FROM ratings WHERE user_id = 10003)`);
    await run(
      `INSERT INTO review_helpful (rating_id, user_id) SELECT id, 2 FROM ratings WHERE user_id IN (10003, 10004)`,
    );
    for (const row of await starCounts(POPULAR)) expect(row.n).toBe(row.counted);
    expect(
      await countOf(
        `SELECT count(*) AS n FROM ratings r WHERE r.helpful_count <> (SELECT count(*) FROM review_helpful h WHERE h.rating_id = r.id)`,
      ),
    ).toBe(0);
    // The agent goes, and its counters with it.
    await run(`DELETE FROM agents WHERE id = ${POPULAR}`);
    expect(await countOf(`SELECT count(*) AS n FROM agent_star_counts WHERE agent_id = ${POPULAR}`)).toBe(0);
  });
});

describe('a try writes a bounded number of rows', () => {
  it("a person's second try of an agent this quarter, with an Idempotency-Key: 16 rows before its answer", async () => {
    const creator = await createUser();
    const payer = await createUser();
    const cookie = await signIn(payer.id);
    await db()
      .prepare(
        `INSERT INTO agents (id, name, description, category_id, creator_id) VALUES (5100, 'Tried', 'Tried twice.', 1, ?)`,
      )
      .bind(creator.id)
      .run();
    const tryIt = (key: string) =>
      rowsReadBy(
        browserRequest('/api/agents/5100/try', { method: 'POST', cookie, headers: { 'Idempotency-Key': key } }),
      );
    expect((await tryIt('bounded-try-1')).status).toBe(200);
    const second = await tryIt('bounded-try-2');
    expect(second.status).toBe(200);
    // D1 counts every row and index entry: the balance (1); the key claimed (2: the row, its key);
    // the ledger row (4: the row, its autoincrement, its key and the (user, id) index; the
    // credential's is partial, and a session's try has none) and the two counters its triggers keep
    // (agent_activity 1, agent_people 2); the creator's earning (5 and the activity counter 1).
    // Migration 0032 took the three indexes no query read (21 before), and migration 0033 the two
    // the operators' totals read before they were rolled up by day (18 before).
    // The key's answer, kept once the try has answered, is one row more (docs/decisions/0002).
    expect(second.written).toBe(16);
  });
});

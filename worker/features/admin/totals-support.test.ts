// The operators' daily totals and support's refunds from a person's history (docs/decisions/0029,
// docs/decisions/0029): the totals equal the ledgers' sums, and no money appears or vanishes.
import { createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '#worker/index.ts';
import {
  call,
  client,
  createUser,
  csvText,
  db,
  okBody,
  seedCatalog,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';
import { STATEMENT_SQL } from '#worker/features/earnings/statements.ts';
import { meteredDb } from '#worker/test/metered-db.ts';
import { OPERATOR_DAYS_SQL } from '../../../scripts/lib/rollups.mjs';
import { rollUpOperatorDays, TOTALS_SQL } from './totals';

vi.setConfig({ testTimeout: 60_000 });

let adminCookie: string;
let creatorCookie: string;
let buyer: { id: number; username: string; email: string };
let buyerCookie: string;
let agentId: number;

const one = async <T>(query: string, ...binds: unknown[]) =>
  (await db()
    .prepare(query)
    .bind(...binds)
    .first<T>())!;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  await seedCatalog();
  // The seeded accounts hold credits no ledger row granted: the money identity starts from accounts made here.
  await db().prepare('UPDATE users SET credits = 0 WHERE id IN (1, 2)').run();
  adminCookie = await signIn((await createUser({ role: 'admin', email: 'admin@example.com', credits: 0 })).id);
  const creator = await createUser({ credits: 0 });
  creatorCookie = await signIn(creator.id);
  agentId = (await db()
    .prepare(
      `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES ('Totaller', 'An agent that earns its creator money.', 1, 1, ?, 3) RETURNING id`,
    )
    .bind(creator.id)
    .first<{ id: number }>())!.id;
  buyer = await createUser({ username: 'support_case', email: 'Support.Case@example.com' });
  buyerCookie = await signIn(buyer.id);
  // A purchase through the sandbox checkout: credits sold.
  const checkout = await client(buyerCookie).payments['create-checkout'].$post({ json: { amount: 50 } });
  const id = (await untypedBody.checkout(checkout)).url.split('/').pop()!;
  expect((await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie: buyerCookie })).status).toBe(
    200,
  );
  // Three paid tries of the creator's agent, one of a seeded agent (the platform keeps it all).
  for (let i = 0; i < 3; i++)
    expect((await call(`/api/agents/${agentId}/try`, { method: 'POST', cookie: buyerCookie })).status).toBe(200);
  expect((await call('/api/agents/2/try', { method: 'POST', cookie: buyerCookie })).status).toBe(200);
});

/** Credits sold + grants = people's credits + creators' earnings + platform share + paid out (cents). */
async function moneyIdentity() {
  const inflow = await one<{ s: number }>(
    "SELECT coalesce(sum(amount), 0) * 100 AS s FROM credit_ledger WHERE kind IN ('signup', 'purchase', 'admin_topup')",
  );
  const credits = await one<{ s: number }>('SELECT coalesce(sum(credits), 0) * 100 AS s FROM users');
  const e = await one<{ creators: number; platform: number; paid: number }>(
    "SELECT coalesce(sum(amount_cents), 0) AS creators, coalesce(sum(platform_cents), 0) AS platform, -coalesce(sum(CASE WHEN kind IN ('payout', 'payout_returned') THEN amount_cents END), 0) AS paid FROM creator_earnings",
  );
  return { inflow: inflow.s, held: credits.s + e.creators + e.platform + e.paid };
}

const totals = async (query = '') => {
  const res = await call(`/api/admin/totals${query}`, { cookie: adminCookie });
  expect(res.status).toBe(200);
  return untypedBody.operatorTotals(res);
};

describe('support: find a person, read their history, refund a try once', () => {
  it('finds people by the start of a username or email, any case; refuses too short a search', async () => {
    for (const q of ['support_case', 'SUPPORT_C', 'support.case@example.com', 'Support.Ca']) {
      const res = await client(adminCookie).admin.people.$get({ query: { q } });
      expect(res.status, q).toBe(200);
      expect(await res.json(), q).toEqual([
        {
          id: buyer.id,
          username: 'support_case',
          email: 'Support.Case@example.com',
          role: 'user',
          credits: expect.any(Number),
        },
      ]);
    }
    expect(await (await call('/api/admin/people?q=nobody-here', { cookie: adminCookie })).json()).toEqual([]);
    for (const q of ['', 'a', '%20x%20']) {
      const res = await call(`/api/admin/people?q=${q}`, { cookie: adminCookie });
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'Search for a username or an email address of 2 to 254 characters',
      });
    }
    expect((await call('/api/admin/people', { cookie: adminCookie })).status).toBe(400);
  });

  it("shows the history with each try's refund state; a refund flips it, a second is refused with the API's message", async () => {
    const history = async () => {
      const res = await client(adminCookie).admin.people[':id'].transactions.$get({ param: { id: String(buyer.id) } });
      expect(res.status).toBe(200);
      return okBody(res);
    };
    const before = await history();
    expect(before.person).toMatchObject({ id: buyer.id, username: 'support_case' });
    const tries = before.transactions.filter((t) => t.kind === 'try');
    expect(tries).toHaveLength(4);
    expect(tries.every((t) => !t.refunded)).toBe(true);
    const target = tries.find((t) => t.agent?.name === 'Totaller')!;

    const refund = await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: target.id } });
    expect(refund.status).toBe(200);
    const after = await history();
    expect(after.transactions.find((t) => t.id === target.id)).toMatchObject({ refunded: true });
    expect(after.transactions.filter((t) => t.kind === 'try' && t.refunded)).toHaveLength(1);
    expect(after.transactions[0]).toMatchObject({ kind: 'refund', amount: 3 });

    const again = await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: target.id } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: 'That try was already refunded',
      error: 'That try was already refunded',
    });
    expect((await history()).person.credits).toBe(after.person.credits);
  });

  it('404 for an unknown person, 400 for a bad id', async () => {
    expect((await call('/api/admin/people/999999/transactions', { cookie: adminCookie })).status).toBe(404);
    for (const id of ['0', 'abc', '-1', '1.5'])
      expect((await call(`/api/admin/people/${id}/transactions`, { cookie: adminCookie })).status, id).toBe(400);
  });
});

describe('GET /api/admin/totals', () => {
  it("one row per UTC day, zeros included; today's row equals the ledgers' sums, and the money identity holds after the refund", async () => {
    // Everything so far happened today; moving earnings into credits and a top-up add the other figures.
    await db().prepare("UPDATE creator_earnings SET available_at = '2000-01-01T00:00:00.000Z'").run();
    expect((await call('/api/earnings/to-credits', { cookie: creatorCookie, json: {} })).status).toBe(200);
    const t = await totals();
    expect(t.days).toHaveLength(30);
    expect(t.to).toBe(today());
    expect(t.days.at(-1)!.date).toBe(today());
    expect(t.days[0]).toEqual({
      date: t.from,
      creditsSold: 0,
      creditsGranted: 0,
      creditsSpent: 0,
      creditsRefunded: 0,
      creatorsShareCents: 0,
      platformShareCents: 0,
      movedToCreditsCents: 0,
      paidOutCents: 0,
    });
    const day = t.days.at(-1)!;
    const sum = (q: string) => one<{ s: number }>(q).then((r) => r.s ?? 0);
    expect(day).toEqual({
      date: today(),
      creditsSold: 50,
      creditsGranted: await sum("SELECT sum(amount) AS s FROM credit_ledger WHERE kind IN ('signup', 'admin_topup')"),
      // Three tries of 3 credits and one of 12, one 3-credit try refunded.
      creditsSpent: 3 * 3 + 12 - 3,
      creditsRefunded: 3,
      creatorsShareCents: 2 * 240,
      platformShareCents: 2 * 60 + 1200,
      movedToCreditsCents: 400,
      paidOutCents: 0,
    });
    // The buyer's sign-up grant; the admin and the creator started with none.
    expect(day.creditsGranted).toBe(100);
    expect(t.totals).toEqual(Object.fromEntries(Object.entries(day).filter(([k]) => k !== 'date')));
    // Spending splits exactly between creators and the platform.
    expect(day.creditsSpent * 100).toBe(day.creatorsShareCents + day.platformShareCents);
    // People's credits follow from the totals alone: in, less spent, plus earnings moved in.
    expect((day.creditsSold + day.creditsGranted - day.creditsSpent) * 100 + day.movedToCreditsCents).toBe(
      await sum('SELECT sum(credits) * 100 AS s FROM users'),
    );
    const { inflow, held } = await moneyIdentity();
    expect(held).toBe(inflow);
    expect((day.creditsSold + day.creditsGranted) * 100).toBe(inflow);
  });

  it('takes a range: from and to included, days before any data as zeros', async () => {
    const t = await totals('?from=2026-01-30&to=2026-02-02');
    expect(t.days.map((d) => d.date)).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
    expect(t.totals.creditsSold).toBe(0);
    expect((await totals('?from=2026-01-01')).days).toHaveLength(30);
    expect((await totals(`?from=${today()}&to=${today()}`)).days).toHaveLength(1);
  });

  it('the same figures as a CSV download', async () => {
    const res = await call(`/api/admin/totals?from=${today()}&to=${today()}&format=csv`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="totals-${today()}-to-${today()}.csv"`);
    const t = await totals(`?from=${today()}&to=${today()}`);
    const d = t.days[0]!;
    expect(await csvText(res)).toBe(
      '\uFEFF' +
        "Date (UTC),Credits sold,Credits granted,Credits spent,Credits refunded,Creators' share (USD),Platform share (USD),Moved to credits (USD),Paid out (USD)\r\n" +
        `${today()},50,${d.creditsGranted},18,3,4.80,13.20,4.00,0.00\r\n` +
        `Total,50,${d.creditsGranted},18,3,4.80,13.20,4.00,0.00\r\n`,
    );
  });

  it('refuses bad dates, reversed and too long ranges and unknown formats with a clear message', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'from and to are days written YYYY-MM-DD, for example 2026-11-26'],
      ['?to=26-11-01', 'from and to are days written YYYY-MM-DD, for example 2026-11-26'],
      ['?from=2026-11-02&to=2026-11-01', 'from must not be after to'],
      ['?from=2025-01-01&to=2026-01-02', 'A range is at most 366 days'],
      ['?format=xml', 'format is json or csv'],
    ];
    for (const [query, message] of cases) {
      const res = await call(`/api/admin/totals${query}`, { cookie: adminCookie });
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toEqual({ message, error: message });
    }
    expect((await call('/api/admin/totals?from=2024-01-01&to=2024-12-31', { cookie: adminCookie })).status).toBe(200);
  });

  it('is for admins only: 401 for visitors, 403 for users and staff, CSV included', async () => {
    for (const path of [
      '/api/admin/totals',
      '/api/admin/totals?format=csv',
      '/api/admin/people?q=support',
      `/api/admin/people/${buyer.id}/transactions`,
    ]) {
      expect((await call(path)).status, path).toBe(401);
      expect((await call(path, { cookie: buyerCookie })).status, path).toBe(403);
      expect((await call(path, { cookie: await signIn((await createUser({ role: 'staff' })).id) })).status, path).toBe(
        403,
      );
    }
  });
});

describe("the hourly roll-up of the operators' days", () => {
  const marks = () =>
    one<{ ledger: number; earnings: number }>(
      'SELECT ledger_through AS ledger, earnings_through AS earnings FROM operator_rollup WHERE id = 1',
    );
  const lastIds = () =>
    one<{ ledger: number; earnings: number }>(
      'SELECT (SELECT max(id) FROM credit_ledger) AS ledger, (SELECT max(id) FROM creator_earnings) AS earnings',
    );
  const ledgerSums = () =>
    one<{ spent: number; creators: number }>(
      `SELECT (SELECT -sum(amount) FROM credit_ledger WHERE kind IN ('try', 'refund')) AS spent,
              (SELECT sum(amount_cents) FROM creator_earnings WHERE kind IN ('earning', 'reversal')) AS creators`,
    );

  it('moves rows into their days a window at a time without changing a figure; a row written after is counted once', async () => {
    const before = await totals();
    expect(await marks()).toEqual({ ledger: 0, earnings: 0 });
    // One window of two rows of each ledger: the mark moves to the second row's id.
    const partial = await rollUpOperatorDays(db(), { window: 2, rounds: 1 });
    const second = (table: string) => one<{ id: number }>(`SELECT id FROM ${table} ORDER BY id LIMIT 1 OFFSET 1`);
    expect(partial).toEqual({
      ledgerThrough: (await second('credit_ledger')).id,
      earningsThrough: (await second('creator_earnings')).id,
    });
    expect(await totals()).toEqual(before);
    // The rest, in windows of two: the marks reach each ledger's last row.
    const whole = await rollUpOperatorDays(db(), { window: 2, rounds: 100 });
    const last = await lastIds();
    expect(whole).toEqual({ ledgerThrough: last.ledger, earningsThrough: last.earnings });
    expect(await totals()).toEqual(before);
    const day = await one<{ spent: number }>('SELECT credits_spent AS spent FROM operator_days WHERE day = ?', today());
    expect(day.spent).toBe(before.days.at(-1)!.creditsSpent);
    // A try after the roll-up: counted from the ledger, once; rolled up, still once.
    expect((await call(`/api/agents/${agentId}/try`, { method: 'POST', cookie: buyerCookie })).status).toBe(200);
    const after = await totals();
    expect(after.totals.creditsSpent).toBe(before.totals.creditsSpent + 3);
    expect(after.totals.creatorsShareCents).toBe(before.totals.creatorsShareCents + 240);
    await rollUpOperatorDays(db());
    expect(await totals()).toEqual(after);
    const sums = await ledgerSums();
    expect([after.totals.creditsSpent, after.totals.creatorsShareCents]).toEqual([sums.spent, sums.creators]);
  });

  it('runs in the hourly cron and logs where each ledger was counted to', async () => {
    // A try since the last run: its rows are after both marks.
    expect((await call(`/api/agents/${agentId}/try`, { method: 'POST', cookie: buyerCookie })).status).toBe(200);
    expect(await marks()).not.toEqual(await lastIds());
    const lines: string[] = [];
    vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(line));
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '17 * * * *' }), env);
    vi.restoreAllMocks();
    const last = await lastIds();
    expect(await marks()).toEqual(last);
    expect(lines.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ msg: 'operator days', ledgerThrough: last.ledger, earningsThrough: last.earnings }),
    );
  });

  it('walks past a gap in the ids, and two runs at once add no row twice', async () => {
    // A gap far wider than a window (rows deleted with their account would leave one).
    const { ledger } = await lastIds();
    await db()
      .prepare(
        `INSERT INTO credit_ledger (id, user_id, kind, amount, balance_after, idempotency_key) VALUES (?, ?, 'admin_topup', 0, 0, 'gap')`,
      )
      .bind(ledger + 100_000, buyer.id)
      .run();
    for (let i = 0; i < 4; i++)
      expect((await call(`/api/agents/${agentId}/try`, { method: 'POST', cookie: buyerCookie })).status).toBe(200);
    const before = await totals();
    const runs = await Promise.all([
      rollUpOperatorDays(db(), { window: 1, rounds: 50 }),
      rollUpOperatorDays(db(), { window: 1, rounds: 50 }),
    ]);
    const last = await lastIds();
    // Of each ledger, the first run to find the mark moved stops there; the other walks to the end.
    expect(runs.map((r) => r.ledgerThrough)).toContain(last.ledger);
    expect(runs.map((r) => r.earningsThrough)).toContain(last.earnings);
    expect(await marks()).toEqual(last);
    expect(await totals()).toEqual(before);
    const sums = await ledgerSums();
    expect([before.totals.creditsSpent, before.totals.creatorsShareCents]).toEqual([sums.spent, sums.creators]);
  });
  it('reads at most about a window of rows a statement, and a run takes at most its rounds', async () => {
    const rows = 3000;
    await db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
         INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key)
         SELECT ?1, 'admin_topup', 1, 0, 'bulk-' || i FROM n`,
      )
      .bind(buyer.id)
      .run();
    const before = await totals();
    const { ledger: from } = await marks();
    const { d1, most, ran } = meteredDb();
    // Four windows of 250: a thousand of the rows; the rest waits for the next run.
    const run = await rollUpOperatorDays(d1, { window: 250, rounds: 4 });
    // A read of each mark, and two statements a window: at most 1 + 2 x 4 of each ledger.
    expect(ran()).toBeLessThanOrEqual(2 * (1 + 2 * 4));
    expect(
      await one<{ n: number }>(
        'SELECT count(*) AS n FROM credit_ledger WHERE id > ?1 AND id <= ?2',
        from,
        run.ledgerThrough,
      ),
    ).toEqual({ n: 1000 });
    // The window's rows and its bound's (found by an offset, read for the range's both ends): one
    // statement over the rows since the mark read all 3,000.
    expect(most()).toBeLessThanOrEqual(3 * 250 + 10);
    expect(await totals()).toEqual(before);
    expect((await rollUpOperatorDays(db())).ledgerThrough).toBe((await lastIds()).ledger);
    expect(await totals()).toEqual(before);
    expect(before.totals.creditsGranted).toBe(
      (await one<{ s: number }>("SELECT sum(amount) AS s FROM credit_ledger WHERE kind IN ('signup', 'admin_topup')"))
        .s,
    );
  });
  it('adds each row to its own UTC day, whatever the order the rows were written in', async () => {
    await rollUpOperatorDays(db());
    const purchase = (at: string, amount: number, key: string) =>
      db()
        .prepare(
          `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key, created_at) VALUES (?, 'purchase', ?, 0, ?, ?)`,
        )
        .bind(buyer.id, amount, key, at);
    // Written in this order: the 5th, the 3rd, the 5th again and the 4th of January, each day's edge.
    await db().batch([
      purchase('2026-01-05T00:00:00.000Z', 7, 'days-1'),
      purchase('2026-01-03T23:59:59.999Z', 11, 'days-2'),
      purchase('2026-01-05T23:59:59.999Z', 13, 'days-3'),
      purchase('2026-01-04T12:00:00.000Z', 17, 'days-4'),
    ]);
    const sold = async () => (await totals('?from=2026-01-02&to=2026-01-06')).days.map((d) => [d.date, d.creditsSold]);
    const expected = [
      ['2026-01-02', 0],
      ['2026-01-03', 11],
      ['2026-01-04', 17],
      ['2026-01-05', 20],
      ['2026-01-06', 0],
    ];
    expect(await sold()).toEqual(expected);
    // Windows of three straddle the days.
    await rollUpOperatorDays(db(), { window: 3, rounds: 10 });
    expect(await sold()).toEqual(expected);
    const rolled = await db()
      .prepare("SELECT day, credits_sold AS sold FROM operator_days WHERE day LIKE '2026-01-0%' ORDER BY day")
      .all<{ day: string; sold: number }>();
    expect(rolled.results.map((r) => [r.day, r.sold])).toEqual(expected.filter(([, n]) => n));
  });

  it("migration 0033's fill, and the bulk SQL of the seed and the scale bench, leave the days the job leaves", async () => {
    await rollUpOperatorDays(db());
    const days = async () => (await db().prepare('SELECT * FROM operator_days ORDER BY day').all()).results;
    const byJob = await days();
    expect(byJob.length).toBeGreaterThan(0);
    await db().batch([
      db().prepare('DELETE FROM operator_days'),
      db().prepare('UPDATE operator_rollup SET ledger_through = 0, earnings_through = 0'),
    ]);
    await db().batch(
      OPERATOR_DAYS_SQL.split(';')
        .filter((statement) => statement.trim())
        .map((statement) => db().prepare(statement)),
    );
    expect(await days()).toEqual(byJob);
    expect(await marks()).toEqual(await lastIds());
    // The migration run again over a database with these rows, as on one older than it.
    await db().batch([db().prepare('DROP TABLE operator_days'), db().prepare('DROP TABLE operator_rollup')]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0033'))!;
    await db().batch(migration.queries.map((statement) => db().prepare(statement)));
    expect(await days()).toEqual(byJob);
    expect(await marks()).toEqual(await lastIds());
  });
});

describe('query plans', () => {
  /** SQLite's plan of a query: one line per step ('SEARCH … USING INDEX …', 'SCAN …', temp B-trees). */
  const plan = async (query: string, ...binds: unknown[]) =>
    (
      await db()
        .prepare(`EXPLAIN QUERY PLAN ${query}`)
        .bind(...binds)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);

  it('the totals and the statements each read one range of one index or of ids, never a whole table', async () => {
    const cases: [string, string[], string][] = [
      [
        TOTALS_SQL.days,
        ['2026-01-01', '2026-01-31'],
        'SEARCH operator_days USING INDEX sqlite_autoindex_operator_days_1 (day>? AND day<?)',
      ],
      // The rows since the roll-up's mark: a range of ids, never the ledger's history.
      [TOTALS_SQL.ledger, ['2026-01-01', '2026-02-01'], 'SEARCH credit_ledger USING INTEGER PRIMARY KEY (rowid>?)'],
      [
        TOTALS_SQL.earnings,
        ['2026-01-01', '2026-02-01'],
        'SEARCH creator_earnings USING INTEGER PRIMARY KEY (rowid>?)',
      ],
      [
        STATEMENT_SQL.months,
        ['1'],
        'SEARCH creator_earnings USING COVERING INDEX creator_earnings_creator_created (creator_id=?)',
      ],
      [
        STATEMENT_SQL.opening,
        ['1', '2026-01-01'],
        'SEARCH creator_earnings USING INDEX creator_earnings_creator_created (creator_id=? AND created_at<?)',
      ],
      [
        STATEMENT_SQL.rows,
        ['1', '2026-01-01', '2026-02-01'],
        'SEARCH e USING INDEX creator_earnings_creator_created (creator_id=? AND created_at>? AND created_at<?)',
      ],
    ];
    for (const [query, binds, range] of cases) {
      const steps = await plan(query, ...binds);
      expect(steps, query).toContain(range);
      // The window function's own pass over the month's rows ('SCAN (subquery-N)') reads no table.
      expect(
        steps.filter((s) => s.startsWith('SCAN') && !s.startsWith('SCAN (subquery')),
        query,
      ).toEqual([]);
    }
  });
});

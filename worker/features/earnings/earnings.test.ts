// Creators earn from paid tries (docs/decisions/0029): the share rides in the debit's batch,
// refunds reverse it, available earnings move into credits, and no money appears or vanishes.
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Under a loaded machine a test here makes dozens of requests; the 500-try test sets its own.
vi.setConfig({ testTimeout: 60_000 });
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '#worker/app.ts';
import {
  browserRequest,
  call,
  client,
  createUser,
  db,
  okBody,
  seedCatalog,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';
import { pageViewsQueue } from '#worker/test/page-views.ts';

let creator: { id: number };
let creatorCookie: string;
let agentId: number;
let admin: { id: number };
let adminCookie: string;

beforeAll(async () => {
  await seedCatalog();
  // The seeded accounts hold credits no ledger row granted: the money identity starts from accounts made here.
  await db().prepare('UPDATE users SET credits = 0 WHERE id IN (1, 2)').run();
  creator = await createUser({ credits: 0 });
  creatorCookie = await signIn(creator.id);
  admin = await createUser({ email: 'admin@example.com', role: 'admin', credits: 0 });
  adminCookie = await signIn(admin.id);
  const row = await db()
    .prepare(
      `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES ('Earner', 'An agent that earns its creator money.', 1, 1, ?, 3) RETURNING id`,
    )
    .bind(creator.id)
    .first<{ id: number }>();
  agentId = row!.id;
});

const tryAgent = (id: number, cookie: string, key?: string) =>
  call(`/api/agents/${id}/try`, {
    method: 'POST',
    cookie,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

const one = async <T>(query: string, ...binds: unknown[]) =>
  (await db()
    .prepare(query)
    .bind(...binds)
    .first<T>())!;

/** Credits sold + grants = people's credits + creators' earnings + the platform's share (all in cents). */
async function moneyIdentity() {
  const inflow = await one<{ s: number }>(
    "SELECT coalesce(sum(amount), 0) * 100 AS s FROM credit_ledger WHERE kind IN ('signup', 'purchase', 'admin_topup')",
  );
  const credits = await one<{ s: number }>('SELECT coalesce(sum(credits), 0) * 100 AS s FROM users');
  const earnings = await one<{ creators: number; platform: number }>(
    'SELECT coalesce(sum(amount_cents), 0) AS creators, coalesce(sum(platform_cents), 0) AS platform FROM creator_earnings',
  );
  return { inflow: inflow.s, held: credits.s + earnings.creators + earnings.platform };
}

const earnings = async (cookie: string) => okBody(await client(cookie).earnings.$get());
/** Ends the holding period of everything the creator earned so far. */
const releaseHeld = () => db().prepare("UPDATE creator_earnings SET available_at = '2000-01-01T00:00:00.000Z'").run();

describe('earnings from paid tries', () => {
  it('a paid try earns the creator 80 % in cents and the platform the rest, in the debit batch; replays earn nothing more', async () => {
    const buyer = await createUser();
    const cookie = await signIn(buyer.id);
    const key = 'earn-key-0001';
    const answers = await Promise.all([1, 2, 3].map(() => tryAgent(agentId, cookie, key)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await db()
      .prepare('SELECT kind, amount_cents, platform_cents, agent_id FROM creator_earnings WHERE try_key = ?')
      .bind(`try:${buyer.id}:${key}`)
      .all();
    expect(rows.results).toEqual([{ kind: 'earning', amount_cents: 240, platform_cents: 60, agent_id: agentId }]);
    expect(await earnings(creatorCookie)).toMatchObject({
      pendingCents: 240,
      availableCents: 0,
      lifetimeCents: 240,
      paidOutCents: 0,
      sharePercent: 80,
      holdDays: 7,
    });
    const { inflow, held } = await moneyIdentity();
    expect(held).toBe(inflow);
  });

  it("the creator's own try is free and earns nothing", async () => {
    const before = await one<{ n: number }>('SELECT count(*) AS n FROM creator_earnings');
    const res = await tryAgent(agentId, creatorCookie);
    expect(res.status).toBe(200);
    expect((await untypedBody.tryResult(res)).consumed).toBe(0);
    expect((await one<{ n: number }>('SELECT count(*) AS n FROM creator_earnings')).n).toBe(before.n);
  });

  it('a try of an agent nobody created gives the platform the whole price', async () => {
    const buyer = await createUser();
    const res = await tryAgent(2, await signIn(buyer.id));
    expect(res.status).toBe(200);
    const row = await one<{ creator_id: number | null; amount_cents: number; platform_cents: number }>(
      'SELECT creator_id, amount_cents, platform_cents FROM creator_earnings WHERE agent_id = 2',
    );
    expect(row).toEqual({ creator_id: null, amount_cents: 0, platform_cents: 1200 });
  });

  it('500 concurrent tries of one agent by 50 people: every success earns once and the money identity holds', async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser({ credits: 27 })));
    const cookies = await Promise.all(buyers.map((b) => signIn(b.id)));
    const before = await earnings(creatorCookie);
    // Each has 27 credits for 3-credit tries: 9 of their 10 succeed, the 10th is short (402).
    const started = Date.now();
    const answers = await Promise.all(
      cookies.flatMap((cookie) => Array.from({ length: 10 }, () => tryAgent(agentId, cookie))),
    );
    console.info(`500 concurrent tries answered in ${Date.now() - started} ms`);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(450);
    expect(statuses.filter((s) => s === 402)).toHaveLength(50);
    const after = await earnings(creatorCookie);
    expect(after.pendingCents - before.pendingCents).toBe(450 * 240);
    const { inflow, held } = await moneyIdentity();
    expect(held).toBe(inflow);
  }, 600_000);
});

describe('POST /api/admin/refunds', () => {
  it("gives the credits back and reverses the creator's earning in one batch, once", async () => {
    const buyer = await createUser();
    const cookie = await signIn(buyer.id);
    expect((await tryAgent(agentId, cookie)).status).toBe(200);
    const tried = await one<{ id: number }>(
      "SELECT id FROM credit_ledger WHERE user_id = ? AND kind = 'try'",
      buyer.id,
    );
    const before = await earnings(creatorCookie);

    const res = await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: tried.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ refunded: true, userId: buyer.id, credits: 3, balance: 100 });
    const after = await earnings(creatorCookie);
    expect(before.pendingCents - after.pendingCents).toBe(240);
    expect(before.lifetimeCents - after.lifetimeCents).toBe(240);
    const { inflow, held } = await moneyIdentity();
    expect(held).toBe(inflow);

    // Twice at once and once more later: still one refund.
    const again = await Promise.all(
      [1, 2].map(() => call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: tried.id } })),
    );
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expect(await again[0]!.json()).toMatchObject({ message: 'That try was already refunded' });
    expect((await one<{ credits: number }>('SELECT credits FROM users WHERE id = ?', buyer.id)).credits).toBe(100);
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM creator_earnings WHERE kind = 'reversal' AND try_key LIKE ?",
          `try:${buyer.id}:%`,
        )
      ).n,
    ).toBe(1);
  });

  it('refuses a free try (409), an unknown one (404), bad input (400), people who are not admins (403) and visitors (401)', async () => {
    const own = await one<{ id: number }>(
      "SELECT id FROM credit_ledger WHERE user_id = ? AND kind = 'try'",
      creator.id,
    );
    expect((await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: own.id } })).status).toBe(409);
    expect((await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: 999_999 } })).status).toBe(404);
    expect((await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: 'x' } })).status).toBe(400);
    expect((await call('/api/admin/refunds', { cookie: creatorCookie, json: { ledgerId: own.id } })).status).toBe(403);
    expect((await call('/api/admin/refunds', { json: { ledgerId: own.id } })).status).toBe(401);
  });
});

describe('GET /api/earnings and POST /api/earnings/to-credits', () => {
  it('needs a session', async () => {
    expect((await call('/api/earnings')).status).toBe(401);
    expect((await call('/api/earnings/to-credits', { json: {} })).status).toBe(401);
  });

  it('refuses when nothing is available yet (409) and bad amounts (400)', async () => {
    const fresh = await createUser();
    const cookie = await signIn(fresh.id);
    expect(await earnings(cookie)).toMatchObject({
      pendingCents: 0,
      availableCents: 0,
      lifetimeCents: 0,
      paidOutCents: 0,
    });
    const res = await call('/api/earnings/to-credits', { cookie, json: {} });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'Less than one credit of your earnings is available yet' });
    expect((await call('/api/earnings/to-credits', { cookie, json: { credits: 0 } })).status).toBe(400);
    expect((await call('/api/earnings/to-credits', { cookie, json: { credits: 1.5 } })).status).toBe(400);
  });

  it('20 requests at once cannot move more than is available; whole credits move, cents stay', async () => {
    await releaseHeld();
    const balance = await earnings(creatorCookie);
    expect(balance.pendingCents).toBe(0);
    const whole = Math.floor(balance.availableCents / 100);
    expect(whole).toBeGreaterThan(20);
    const ask = Math.ceil(whole / 3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('/api/earnings/to-credits', {
          cookie: creatorCookie,
          json: { credits: ask },
          headers: { 'Idempotency-Key': `move-key-${i}-0001` },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const moved = Math.floor(whole / ask);
    expect(statuses.filter((s) => s === 200)).toHaveLength(moved);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - moved);
    const after = await earnings(creatorCookie);
    expect(after.availableCents).toBe(balance.availableCents - moved * ask * 100);
    expect(after.availableCents).toBeGreaterThanOrEqual(0);
    expect(after.paidOutCents).toBe(moved * ask * 100);
    expect((await one<{ credits: number }>('SELECT credits FROM users WHERE id = ?', creator.id)).credits).toBe(
      moved * ask,
    );
    const { inflow, held } = await moneyIdentity();
    expect(held).toBe(inflow);

    // The rest, all at once; one key repeated answers the same and moves once.
    const key = { 'Idempotency-Key': 'move-rest-0001' };
    const rest = await Promise.all(
      [1, 2].map(() => call('/api/earnings/to-credits', { cookie: creatorCookie, json: {}, headers: key })),
    );
    expect(rest.map((r) => r.status)).toEqual([200, 200]);
    const bodies = await Promise.all(rest.map((r) => r.json()));
    expect(bodies[0]).toEqual(bodies[1]);
    const final = await earnings(creatorCookie);
    expect(final.availableCents).toBeLessThan(100);
    expect(final.availableCents).toBeGreaterThanOrEqual(0);
    const last = await moneyIdentity();
    expect(last.held).toBe(last.inflow);
  });
});

describe('GET /api/agents/:id/insights', () => {
  /** Page views go through the PAGE_VIEWS queue (docs/decisions/0047): kept here, delivered before reading. */
  const pageViews = pageViewsQueue();
  async function view(id: number, cookie?: string) {
    const ctx = createExecutionContext();
    const res = await app.fetch(
      browserRequest(`/api/agents/${id}/views`, { method: 'POST', cookie }),
      pageViews.bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('gives the creator one row per day of their calendar, zeros included, with tries, people, credits, earnings, views and rating', async () => {
    // A confirmed address: it reviews below (docs/decisions/0025).
    const buyer = await createUser({ verified: true });
    const cookie = await signIn(buyer.id);
    expect((await tryAgent(agentId, cookie)).status).toBe(200);
    expect((await view(agentId)).status).toBe(204);
    expect((await view(agentId)).status).toBe(204);
    // A signed-in reader's view counts; the creator's own visit is answered alike and not counted.
    expect((await view(agentId, cookie)).status).toBe(204);
    expect((await view(agentId, creatorCookie)).status).toBe(204);
    await pageViews.deliver();
    expect(
      (await call('/api/ratings', { cookie, json: { agentId, rating: 4, comment: 'Did what it said.' } })).status,
    ).toBeLessThan(300);

    const res = await client(creatorCookie).agents[':id'].insights.$get({
      param: { id: String(agentId) },
      query: { days: '30', utcOffset: '120' },
    });
    expect(res.status).toBe(200);
    const body = await okBody(res);
    expect(body.agent).toEqual({ id: agentId, name: 'Earner' });
    expect(body.days).toHaveLength(30);
    const today = new Date(Date.now() + 120 * 60_000).toISOString().slice(0, 10);
    expect(body.days.at(-1)!.date).toBe(today);
    expect(body.days[0]!).toEqual({
      date: body.days[0]!.date,
      tries: 0,
      creditsSpent: 0,
      earningsCents: 0,
      views: 0,
      rating: null,
    });
    const last = body.days.at(-1)!;
    // Everything in this file happened today: 3 keyed + 450 + refunded 1 + this one, refunds netted off credits.
    expect(last.tries).toBe(1 + 450 + 1 + 1 + 1);
    expect(last.creditsSpent).toBe((1 + 450 + 1) * 3);
    expect(last.earningsCents).toBe((1 + 450 + 1) * 240);
    expect(last.views).toBe(3);
    expect(last.rating).toBe(4);
    expect(body.totals).toMatchObject({ tries: last.tries, views: 3, earningsCents: last.earningsCents });
    expect(body.totals.people).toBe(1 + 50 + 1 + 1 + 1);
    expect(body.reviews).toEqual([
      expect.objectContaining({ rating: 4, comment: 'Did what it said.', username: buyer.username }),
    ]);
  });

  it("keeps each try on the creator's own day in a half-hour time zone, and the summed figures equal the ledger's", async () => {
    const row = await db()
      .prepare(
        `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES ('Night Owl', 'An agent tried around midnight in India.', 1, 1, ?, 5) RETURNING id`,
      )
      .bind(creator.id)
      .first<{ id: number }>();
    const owl = row!.id;
    const buyer = await createUser();
    // 18:40 UTC three days ago is 00:10 the next day at UTC+5:30; 18:20 UTC is 23:50 the same day.
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const insertTry = (at: string, key: string) =>
      db()
        .prepare(
          `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key, created_at, agent_name)
           VALUES (?, 'try', -5, 0, 5, ?, 'Tried Night Owl', ?, ?, 'Night Owl')`,
        )
        .bind(buyer.id, `agent:${owl}`, key, at)
        .run();
    await insertTry(`${day}T18:20:00.000Z`, 'owl-before-midnight');
    await insertTry(`${day}T18:40:00.000Z`, 'owl-after-midnight');
    // A try of long ago arriving last does not make the buyer's latest try older.
    await insertTry(new Date(Date.now() - 45 * 86_400_000).toISOString(), 'owl-buyer-long-ago');
    // Someone who tried only before the window is not among its people.
    const earlier = await createUser();
    await db()
      .prepare(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key, created_at, agent_name)
         VALUES (?, 'try', -5, 0, 5, ?, 'Tried Night Owl', 'owl-long-ago', ?, 'Night Owl')`,
      )
      .bind(earlier.id, `agent:${owl}`, new Date(Date.now() - 40 * 86_400_000).toISOString())
      .run();
    const body = await okBody(
      await client(creatorCookie).agents[':id'].insights.$get({
        param: { id: String(owl) },
        query: { days: '30', utcOffset: '330' },
      }),
    );
    const on = (date: string) => body.days.find((d) => d.date === date)!;
    expect([on(day).tries, on(next).tries]).toEqual([1, 1]);
    expect([on(day).creditsSpent, on(next).creditsSpent]).toEqual([5, 5]);
    expect(body.totals).toMatchObject({ tries: 2, people: 1, creditsSpent: 10 });

    // What the triggers keep equals what the ledger and the earnings hold, for every agent.
    const kept = await db()
      .prepare(
        'SELECT agent_id, sum(tries) AS tries, sum(credits_spent) AS spent, sum(earnings_cents) AS cents FROM agent_activity GROUP BY agent_id ORDER BY agent_id',
      )
      .all();
    const fromLedger = await db()
      .prepare(
        `SELECT a.id AS agent_id,
           (SELECT count(*) FROM credit_ledger WHERE reference = 'agent:' || a.id AND kind = 'try') AS tries,
           (SELECT coalesce(-sum(amount), 0) FROM credit_ledger WHERE reference = 'agent:' || a.id AND kind IN ('try', 'refund')) AS spent,
           (SELECT coalesce(sum(amount_cents), 0) FROM creator_earnings WHERE agent_id = a.id AND kind IN ('earning', 'reversal')) AS cents
         FROM agents a WHERE a.id IN (SELECT agent_id FROM agent_activity) ORDER BY a.id`,
      )
      .all();
    expect(kept.results.length).toBeGreaterThan(1);
    expect(kept.results).toEqual(fromLedger.results);
    // And each person's latest try of each agent, whatever order the tries arrived in.
    const people = await db()
      .prepare(
        'SELECT agent_id, count(*) AS n, max(last_tried_at) AS last FROM agent_people GROUP BY agent_id ORDER BY agent_id',
      )
      .all();
    const peopleFromLedger = await db()
      .prepare(
        `SELECT CAST(substr(reference, 7) AS INTEGER) AS agent_id, count(DISTINCT user_id) AS n, max(created_at) AS last FROM credit_ledger
         WHERE kind = 'try' AND reference LIKE 'agent:%' AND CAST(substr(reference, 7) AS INTEGER) IN (SELECT id FROM agents) GROUP BY 1 ORDER BY 1`,
      )
      .all();
    expect(people.results).toEqual(peopleFromLedger.results);
  });

  it('403 for anyone but the creator, 404 for a missing agent, 400 for bad days or offsets, 401 for visitors', async () => {
    const stranger = await createUser();
    const cookie = await signIn(stranger.id);
    const forbidden = await call(`/api/agents/${agentId}/insights`, { cookie });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ message: 'Only the creator of this agent can see its insights' });
    expect((await call('/api/agents/999999/insights', { cookie })).status).toBe(404);
    expect((await call(`/api/agents/${agentId}/insights?days=0`, { cookie: creatorCookie })).status).toBe(400);
    expect((await call(`/api/agents/${agentId}/insights?days=91`, { cookie: creatorCookie })).status).toBe(400);
    expect((await call(`/api/agents/${agentId}/insights?utcOffset=abc`, { cookie: creatorCookie })).status).toBe(400);
    expect((await call(`/api/agents/${agentId}/insights?utcOffset=900`, { cookie: creatorCookie })).status).toBe(400);
    expect((await call(`/api/agents/${agentId}/insights`)).status).toBe(401);
    expect((await call('/api/agents/999999/views', { method: 'POST' })).status).toBe(204);
  });
});

// Every route as visitor, user A, user B, staff and admin: who may read or change what.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, db, seedCatalog, signIn } from './fixtures';

type Who = 'visitor' | 'a' | 'b' | 'staff' | 'admin';
const WHO: Who[] = ['visitor', 'a', 'b', 'staff', 'admin'];
const cookies: Partial<Record<Who, string>> = {};
const ids: Record<string, number> = {};
let sandboxOfA = '';

const agentBody = { name: 'Matrix Agent', description: 'An agent for the authorization matrix.', categoryId: 1, creditCost: 2 };

beforeAll(async () => {
  await seedCatalog();
  for (const who of ['a', 'b', 'staff', 'admin'] as const) {
    const user = await createUser({ username: `matrix_${who}`, role: who === 'staff' ? 'staff' : who === 'admin' ? 'admin' : 'user' });
    ids[who] = user.id;
    cookies[who] = await signIn(user.id);
  }
  const res = await call('/api/payments/create-checkout', { json: { amount: 50 }, cookie: cookies.a });
  sandboxOfA = ((await res.json()) as { url: string }).url.split('/').pop()!;
});

/** A fresh agent of A's per check, so deletes do not affect later rows. */
async function agentOfA() {
  const res = await call('/api/agents', { json: agentBody, cookie: cookies.a });
  return ((await res.json()) as { id: number }).id;
}

interface Row {
  route: string;
  run: (cookie: string | undefined) => Promise<Response>;
  expect: Record<Who, number>;
}

const rows: Row[] = [
  { route: 'GET /api/auth/session', run: (cookie) => call('/api/auth/session', { cookie }), expect: { visitor: 401, a: 200, b: 200, staff: 200, admin: 200 } },
  { route: 'GET /api/agents', run: (cookie) => call('/api/agents', { cookie }), expect: { visitor: 200, a: 200, b: 200, staff: 200, admin: 200 } },
  { route: 'GET /api/agents/1', run: (cookie) => call('/api/agents/1', { cookie }), expect: { visitor: 200, a: 200, b: 200, staff: 200, admin: 200 } },
  { route: 'GET /api/agents/1/ratings', run: (cookie) => call('/api/agents/1/ratings', { cookie }), expect: { visitor: 200, a: 200, b: 200, staff: 200, admin: 200 } },
  { route: 'POST /api/agents', run: (cookie) => call('/api/agents', { json: agentBody, cookie }), expect: { visitor: 401, a: 201, b: 201, staff: 201, admin: 201 } },
  {
    route: "PUT /api/agents/{A's}",
    run: async (cookie) => call(`/api/agents/${await agentOfA()}`, { method: 'PUT', json: agentBody, cookie }),
    expect: { visitor: 401, a: 200, b: 403, staff: 403, admin: 403 },
  },
  {
    route: "DELETE /api/agents/{A's}",
    run: async (cookie) => call(`/api/agents/${await agentOfA()}`, { method: 'DELETE', cookie }),
    expect: { visitor: 401, a: 200, b: 403, staff: 403, admin: 200 },
  },
  { route: 'POST /api/agents/2/try', run: (cookie) => call('/api/agents/2/try', { method: 'POST', cookie }), expect: { visitor: 401, a: 200, b: 200, staff: 200, admin: 200 } },
  { route: 'POST /api/ratings', run: (cookie) => call('/api/ratings', { json: { agentId: 2, rating: 4 }, cookie }), expect: { visitor: 401, a: 201, b: 201, staff: 201, admin: 201 } },
  {
    route: "POST /api/ratings as A's userId",
    run: (cookie) => call('/api/ratings', { json: { agentId: 3, userId: ids.a, rating: 4 }, cookie }),
    expect: { visitor: 401, a: 201, b: 403, staff: 403, admin: 403 },
  },
  { route: 'GET /api/users/{A}', run: (cookie) => call(`/api/users/${ids.a}`, { cookie }), expect: { visitor: 200, a: 200, b: 200, staff: 200, admin: 200 } },
  {
    route: 'PUT /api/users/{A}',
    run: (cookie) => call(`/api/users/${ids.a}`, { method: 'PUT', json: { username: 'matrix_a', email: 'matrix_a@example.com' }, cookie }),
    expect: { visitor: 401, a: 200, b: 403, staff: 403, admin: 403 },
  },
  { route: 'POST /api/propose-agent', run: (cookie) => call('/api/propose-agent', { json: { name: 'Idea', description: 'Long enough text here.', proposerName: 'P', proposerEmail: 'p@example.com' }, cookie }), expect: { visitor: 201, a: 201, b: 201, staff: 201, admin: 201 } },
  { route: 'GET /api/proposals', run: (cookie) => call('/api/proposals', { cookie }), expect: { visitor: 401, a: 403, b: 403, staff: 200, admin: 200 } },
  { route: 'PATCH /api/proposals/{id}', run: async (cookie) => {
      const p = await db().prepare('SELECT id FROM proposals ORDER BY id LIMIT 1').first<{ id: number }>();
      return call(`/api/proposals/${p!.id}`, { method: 'PATCH', json: { status: 'reviewed' }, cookie });
    }, expect: { visitor: 401, a: 403, b: 403, staff: 200, admin: 200 } },
  { route: 'GET /api/credits/balance', run: (cookie) => call('/api/credits/balance', { cookie }), expect: { visitor: 401, a: 200, b: 200, staff: 200, admin: 200 } },
  { route: 'GET /api/credits/transactions', run: (cookie) => call('/api/credits/transactions', { cookie }), expect: { visitor: 401, a: 200, b: 200, staff: 200, admin: 200 } },
  { route: 'POST /api/payments/create-checkout', run: (cookie) => call('/api/payments/create-checkout', { json: { amount: 50 }, cookie }), expect: { visitor: 401, a: 200, b: 200, staff: 200, admin: 200 } },
  {
    route: 'POST /api/payments/create-checkout for A',
    run: (cookie) => call('/api/payments/create-checkout', { json: { amount: 50, userId: ids.a }, cookie }),
    expect: { visitor: 401, a: 200, b: 403, staff: 403, admin: 403 },
  },
  { route: "GET A's sandbox session", run: (cookie) => call(`/api/payments/sandbox/${sandboxOfA}`, { cookie }), expect: { visitor: 401, a: 200, b: 404, staff: 404, admin: 404 } },
  { route: "complete A's sandbox session", run: (cookie) => call(`/api/payments/sandbox/${sandboxOfA}/complete`, { method: 'POST', cookie }), expect: { visitor: 401, a: 200, b: 404, staff: 404, admin: 404 } },
  { route: 'POST /api/admin/ensure-minimum-credits', run: (cookie) => call('/api/admin/ensure-minimum-credits', { method: 'POST', cookie }), expect: { visitor: 401, a: 403, b: 403, staff: 403, admin: 200 } },
];

describe('authorization matrix', () => {
  for (const row of rows) {
    it(row.route, async () => {
      const got: Record<string, number> = {};
      for (const who of WHO) got[who] = (await row.run(cookies[who])).status;
      expect(got).toEqual(row.expect);
    });
  }

  it("B never sees A's ledger", async () => {
    const list = (await (await call('/api/credits/transactions', { cookie: cookies.b })).json()) as { reference: string | null }[];
    expect(list.some((t) => t.reference === sandboxOfA)).toBe(false);
    const own = await db().prepare('SELECT count(*) AS n FROM credit_ledger WHERE user_id = ?').bind(ids.b).first<{ n: number }>();
    expect(list).toHaveLength(own!.n);
  });
});

describe('hostile input never gives a 5xx', () => {
  const HUGE = 'x'.repeat(100_000);
  const NASTY = ["'; DROP TABLE users; --", '<script>alert(1)</script>', '" OR 1=1 --', '\u0000\uffff', 'NEAR(a b) * AND OR "'];
  const bodies: unknown[] = [null, [], [1, 2], 42, 'text', { a: { b: { c: [] } } }, ...NASTY.map((s) => ({ name: s, description: s, username: s, email: s, password: s, rating: s, agentId: s, amount: s, comment: s, status: s })), { name: 1, description: true, categoryId: [], creditCost: {}, features: 7 }];
  const targets: [string, string][] = [
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/agents'],
    ['PUT', '/api/agents/1'],
    ['POST', '/api/ratings'],
    ['PUT', '/api/users/1'],
    ['POST', '/api/propose-agent'],
    ['PATCH', '/api/proposals/1'],
    ['POST', '/api/payments/create-checkout'],
  ];

  for (const [method, path] of targets) {
    it(`${method} ${path}`, async () => {
      const cookie = path.includes('proposals') ? cookies.staff : path.includes('users/1') ? await signIn(1) : cookies.a;
      for (const body of bodies) {
        const res = await call(path, { method, json: body, cookie, headers: { 'CF-Connecting-IP': '192.0.2.99' } });
        expect(res.status, `${JSON.stringify(body).slice(0, 60)} -> ${res.status}`).toBeLessThan(500);
      }
      const malformed = await call(path, { method, body: '{"name": ', headers: { 'Content-Type': 'application/json' }, cookie });
      expect(malformed.status).toBe(400);
      const huge = await call(path, { method, json: { name: HUGE, description: HUGE, username: HUGE, email: HUGE }, cookie });
      expect([400, 413]).toContain(huge.status);
      const form = await call(path, { method, body: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, cookie });
      expect(form.status).toBeLessThan(500);
      const foreign = await call(path, { method, json: {}, cookie, headers: { Origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
    }, 30_000);
  }

  it('odd paths and search input answer normally', async () => {
    for (const path of ['/api/agents/-1', '/api/agents/1e9', '/api/agents/99999999999999999999', '/api/users/0', "/api/agents/search?q=%22'%20OR%201=1", `/api/agents?q=${'a'.repeat(2000)}&limit=-5&offset=abc&sort=DROP`]) {
      expect((await call(path)).status, path).toBeLessThan(500);
    }
  });
});

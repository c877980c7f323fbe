// Every API route called as a visitor, two ordinary users (A owns the resources), staff and an admin,
// against a table of expected statuses; then ownership checks on the data itself, and hostile input
// on every route that takes a body.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Agent, CreditTransaction, Rating } from '#common/types.ts';
import { MESSAGES } from '#common/validation.ts';
import { call, createUser, db, seedCatalog, signIn } from './fixtures';

// Hundreds of requests, some with password hashing: the default 5 s per test is too tight.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Who = 'visitor' | 'a' | 'b' | 'staff' | 'admin';
/**
 * People who registered with a staff-domain address (internal sign-in) and with an address in
 * ADMIN_EMAILS but never confirmed it: they must get exactly what B, an ordinary user, gets.
 */
type Unverified = 'staffUnverified' | 'adminUnverified';
const WHO: (Who | Unverified)[] = ['visitor', 'a', 'b', 'staff', 'admin', 'staffUnverified', 'adminUnverified'];
type Expected = Record<Who, number>;

const all = (status: number): Expected => ({ visitor: status, a: status, b: status, staff: status, admin: status });
/** Signed-in callers get `status`; visitors 401. */
const signedIn = (status: number): Expected => ({ ...all(status), visitor: 401 });
/** Only A (the owner) gets `status`; other signed-in callers get `others`. */
const ownerOnly = (status: number, others: number): Expected => ({ visitor: 401, a: status, b: others, staff: others, admin: others });
const operators: Expected = { visitor: 401, a: 403, b: 403, staff: 200, admin: 200 };
const adminOnly: Expected = { visitor: 401, a: 403, b: 403, staff: 403, admin: 200 };

/** The callers, and C: a creator who is none of them. */
const users = {} as Record<Exclude<Who, 'visitor'> | 'c', { id: number; username: string; email: string }>;
/** The unverified callers' accounts, made by a real registration and sign-in (roles as the worker computes them). */
const unverifiedIds = {} as Record<Unverified, number>;
const cookieFor = async (who: Who | Unverified) =>
  who === 'visitor' ? undefined : signIn(who === 'staffUnverified' || who === 'adminUnverified' ? unverifiedIds[who] : users[who].id);

const validAgent = {
  name: 'Matrix Agent',
  description: 'An agent made for the authorization matrix.',
  categoryId: 1,
  departmentId: 1,
  creditCost: 3,
  features: ['One', 'Two'],
  externalUrl: 'https://example.com/matrix',
};
const visitorProposal = { name: 'Matrix idea', description: 'An idea made for the authorization matrix.', proposerName: 'Max', proposerEmail: 'max@example.com' };

let agentsMade = 0;

/** A new agent owned by A, so each caller acts on an untouched one. */
async function agentOfA(extra: Record<string, unknown> = {}): Promise<Agent> {
  const res = await call('/api/agents', { json: { ...validAgent, ...extra }, cookie: await signIn(users.a.id) });
  expect(res.status).toBe(201);
  return (await res.json()) as Agent;
}

/** A new agent of a creator who is none of the callers, for reviews (a creator may not review their own agent). */
async function agentOfC(): Promise<Agent> {
  // A name of C's own: a name that looks like another creator's agent is refused (409).
  const res = await call('/api/agents', { json: { ...validAgent, name: 'Matrix Agent of C' }, cookie: await signIn(users.c.id) });
  expect(res.status).toBe(201);
  return (await res.json()) as Agent;
}

/** A new sandbox checkout session belonging to A. */
async function sandboxOfA(credits = 50): Promise<string> {
  const res = await call('/api/payments/create-checkout', { json: { amount: credits }, cookie: await signIn(users.a.id) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url.split('/').pop()!;
}

/** A completed sandbox purchase of A's: the id of its ledger row (its receipt's id). */
async function purchaseOfA(): Promise<number> {
  const a = await signIn(users.a.id);
  expect((await call(`/api/payments/sandbox/${await sandboxOfA()}/complete`, { method: 'POST', cookie: a })).status).toBe(200);
  const list = (await (await call('/api/credits/transactions', { cookie: a })).json()) as CreditTransaction[];
  return list.find((t) => t.kind === 'purchase')!.id;
}

async function proposal(): Promise<number> {
  return ((await (await call('/api/propose-agent', { json: visitorProposal })).json()) as { id: number }).id;
}

/** A new paid try of B's (of C's agent): its ledger id, for a refund. */
async function tryOfB(): Promise<number> {
  const res = await call(`/api/agents/${(await agentOfC()).id}/try`, { method: 'POST', cookie: await signIn(users.b.id) });
  expect(res.status).toBe(200);
  return (await db().prepare("SELECT max(id) AS id FROM credit_ledger WHERE user_id = ? AND kind = 'try'").bind(users.b.id).first<{ id: number }>())!.id;
}

/** A new personal API token of A's: its id. */
async function tokenOfA(): Promise<number> {
  const res = await call('/api/tokens', { json: { name: 'Matrix token', scopes: ['read'] }, cookie: await signIn(users.a.id) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A pending sandbox payout of A's (earnings made available directly: the matrix is about who may act). */
async function payoutOfA(): Promise<number> {
  await db()
    .prepare("INSERT INTO creator_earnings (creator_id, kind, amount_cents, idempotency_key, available_at) VALUES (?, 'earning', 2000, ?, '2000-01-01T00:00:00.000Z')")
    .bind(users.a.id, `matrix-earning-${crypto.randomUUID()}`)
    .run();
  const a = await signIn(users.a.id);
  expect((await call('/api/earnings/payout-account/sandbox', { method: 'POST', cookie: a })).status).toBe(200);
  const res = await call('/api/earnings/payouts', { json: { amountCents: 2000 }, cookie: a });
  expect(res.status).toBe(201);
  return ((await res.json()) as { payout: { id: number } }).payout.id;
}

interface Row {
  route: string;
  expected: Expected;
  /** Builds the request afresh for each caller (new resources where the call would change them). */
  make: () => Promise<{ path: string; method?: string; json?: unknown }>;
  /** What the unverified callers get when it differs from B's (reviews need a confirmed address: docs/decisions/0025). */
  unverified?: number;
  /** A success is a CSV download, not JSON (refusals stay JSON). */
  csv?: boolean;
}

const get = (route: string, path: string, expected: Expected): Row => ({ route, expected, make: async () => ({ path }) });

const ROWS: Row[] = [
  get('GET /api/config', '/api/config', all(200)),
  get('GET /api/config/health', '/api/config/health', all(200)),
  get('GET /api/categories', '/api/categories', all(200)),
  get('GET /api/categories/:id', '/api/categories/1', all(200)),
  get('GET /api/categories/:unknown', '/api/categories/999', all(404)),
  get('GET /api/departments', '/api/departments', all(200)),
  get('GET /api/departments/:id', '/api/departments/1', all(200)),
  get('GET /api/agents', '/api/agents', all(200)),
  get('GET /api/agents/search', '/api/agents/search?q=lead', all(200)),
  get('GET /api/agents/category/:id', '/api/agents/category/1', all(200)),
  get('GET /api/agents/creator/:id', '/api/agents/creator/1', all(200)),
  get('GET /api/agents/:id', '/api/agents/1', all(200)),
  get('GET /api/agents/:unknown', '/api/agents/999999', all(404)),
  get('GET /api/agents/:id/ratings', '/api/agents/1/ratings', all(200)),
  get('GET /api/agents/:unknown/ratings', '/api/agents/999999/ratings', all(404)),
  get('GET /api/users/:id', '/api/users/1', all(200)),
  get('GET /api/users/:unknown', '/api/users/999999', all(404)),
  get('GET /api/nothing-here', '/api/nothing-here', all(404)),
  get('GET /api/auth/session', '/api/auth/session', signedIn(200)),
  get('GET /api/credits/balance', '/api/credits/balance', signedIn(200)),
  get('GET /api/credits/transactions', '/api/credits/transactions', signedIn(200)),
  get('GET /api/proposals', '/api/proposals', operators),
  { route: "GET /api/credits/receipts/:id (A's)", expected: ownerOnly(200, 404), make: async () => ({ path: `/api/credits/receipts/${await purchaseOfA()}` }) },
  { route: 'POST /api/auth/logout', expected: all(200), make: async () => ({ path: '/api/auth/logout', method: 'POST' }) },
  // Invalid bodies: the same 400 for everyone, before any password work or throttling.
  { route: 'POST /api/auth/login (invalid)', expected: all(400), make: async () => ({ path: '/api/auth/login', json: { username: 'ab', password: 'x' } }) },
  { route: 'POST /api/auth/register (invalid)', expected: all(400), make: async () => ({ path: '/api/auth/register', json: { username: 'ab' } }) },
  { route: 'POST /api/payments/webhook (unsigned)', expected: all(400), make: async () => ({ path: '/api/payments/webhook', json: { type: 'checkout.session.completed' } }) },
  // Each caller names theirs differently: another creator's look-alike name is refused (409).
  { route: 'POST /api/agents', expected: signedIn(201), make: async () => ({ path: '/api/agents', json: { ...validAgent, name: `Matrix Agent ${++agentsMade}` } }) },
  {
    route: "PUT /api/agents/:id (A's)",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/agents/${(await agentOfA()).id}`, method: 'PUT', json: { ...validAgent, name: 'Edited Matrix Agent' } }),
  },
  { route: 'PUT /api/agents/:unknown', expected: signedIn(404), make: async () => ({ path: '/api/agents/999999', method: 'PUT', json: validAgent }) },
  {
    route: "DELETE /api/agents/:id (A's)",
    expected: { visitor: 401, a: 200, b: 403, staff: 403, admin: 200 },
    make: async () => ({ path: `/api/agents/${(await agentOfA()).id}`, method: 'DELETE' }),
  },
  { route: 'DELETE /api/agents/:unknown', expected: signedIn(404), make: async () => ({ path: '/api/agents/999999', method: 'DELETE' }) },
  { route: "POST /api/agents/:id/try (A's)", expected: signedIn(200), make: async () => ({ path: `/api/agents/${(await agentOfA()).id}/try`, method: 'POST' }) },
  { route: 'POST /api/agents/:unknown/try', expected: signedIn(404), make: async () => ({ path: '/api/agents/999999/try', method: 'POST' }) },
  {
    route: 'POST /api/ratings',
    expected: signedIn(201),
    unverified: 403,
    make: async () => ({ path: '/api/ratings', json: { agentId: (await agentOfC()).id, rating: 4 } }),
  },
  {
    route: "POST /api/ratings (A's own agent)",
    expected: { visitor: 401, a: 403, b: 201, staff: 201, admin: 201 },
    unverified: 403,
    make: async () => ({ path: '/api/ratings', json: { agentId: (await agentOfA()).id, rating: 4 } }),
  },
  {
    route: 'POST /api/ratings (userId: A)',
    expected: ownerOnly(201, 403),
    make: async () => ({ path: '/api/ratings', json: { agentId: (await agentOfC()).id, userId: users.a.id, rating: 4 } }),
  },
  { route: 'POST /api/ratings (unknown agent)', expected: signedIn(404), make: async () => ({ path: '/api/ratings', json: { agentId: 999999, rating: 4 } }) },
  { route: 'POST /api/payments/create-checkout', expected: signedIn(200), make: async () => ({ path: '/api/payments/create-checkout', json: { amount: 50 } }) },
  {
    route: 'POST /api/payments/create-checkout (userId: A)',
    expected: ownerOnly(200, 403),
    make: async () => ({ path: '/api/payments/create-checkout', json: { amount: 50, userId: users.a.id } }),
  },
  { route: "GET /api/payments/sandbox/:id (A's)", expected: ownerOnly(200, 404), make: async () => ({ path: `/api/payments/sandbox/${await sandboxOfA()}` }) },
  {
    route: "POST /api/payments/sandbox/:id/complete (A's)",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/payments/sandbox/${await sandboxOfA()}/complete`, method: 'POST' }),
  },
  {
    route: "POST /api/payments/sandbox/:id/cancel (A's)",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/payments/sandbox/${await sandboxOfA()}/cancel`, method: 'POST' }),
  },
  {
    route: "PUT /api/users/:id (A's)",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/users/${users.a.id}`, method: 'PUT', json: { username: users.a.username, email: users.a.email } }),
  },
  // Creators and follows (docs/decisions/0028).
  { route: "GET /api/creators/:username (A's)", expected: all(200), make: async () => ({ path: `/api/creators/${users.a.username}` }) },
  get('GET /api/creators/:unknown', '/api/creators/nobody-at-all', all(404)),
  { route: "GET /api/creators/:username/follow (A's)", expected: all(200), make: async () => ({ path: `/api/creators/${users.a.username}/follow` }) },
  get('GET /api/follows', '/api/follows', signedIn(200)),
  get('GET /api/follows/agents', '/api/follows/agents', signedIn(200)),
  // A cannot follow themselves.
  { route: 'PUT /api/follows/:id (A)', expected: { ...signedIn(200), a: 400 }, make: async () => ({ path: `/api/follows/${users.a.id}`, method: 'PUT' }) },
  { route: 'DELETE /api/follows/:id (A)', expected: signedIn(200), make: async () => ({ path: `/api/follows/${users.a.id}`, method: 'DELETE' }) },
  { route: 'PUT /api/follows/:unknown', expected: signedIn(404), make: async () => ({ path: '/api/follows/999999', method: 'PUT' }) },
  {
    route: "PUT /api/users/:id/public-profile (A's)",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/users/${users.a.id}/public-profile`, method: 'PUT', json: { bio: 'Matrix bio.' } }),
  },
  { route: 'DELETE /api/media/profile-picture', expected: signedIn(200), make: async () => ({ path: '/api/media/profile-picture', method: 'DELETE' }) },
  { route: 'PUT /api/media/profile-picture (no file)', expected: signedIn(400), make: async () => ({ path: '/api/media/profile-picture', method: 'PUT', json: {} }) },
  // Only the creator changes a cover; admins moderate agents, they do not repaint them.
  { route: "DELETE /api/media/agents/:id/cover (A's)", expected: ownerOnly(200, 403), make: async () => ({ path: `/api/media/agents/${(await agentOfA()).id}/cover`, method: 'DELETE' }) },
  { route: "PUT /api/media/agents/:id/cover (A's, no file)", expected: ownerOnly(400, 403), make: async () => ({ path: `/api/media/agents/${(await agentOfA()).id}/cover`, method: 'PUT', json: {} }) },
  { route: 'PUT /api/media/agents/:unknown/cover', expected: signedIn(404), make: async () => ({ path: '/api/media/agents/999999/cover', method: 'PUT', json: {} }) },
  { route: 'POST /api/propose-agent', expected: all(201), make: async () => ({ path: '/api/propose-agent', json: visitorProposal }) },
  {
    route: 'POST /api/propose-agent (no name/email)',
    expected: { ...all(201), visitor: 400 },
    make: async () => ({ path: '/api/propose-agent', json: { name: 'Signed-in idea', description: 'Only signed-in callers may leave out who they are.' } }),
  },
  { route: 'PATCH /api/proposals/:id', expected: operators, make: async () => ({ path: `/api/proposals/${await proposal()}`, method: 'PATCH', json: { status: 'reviewed' } }) },
  { route: 'POST /api/admin/ensure-minimum-credits', expected: adminOnly, make: async () => ({ path: '/api/admin/ensure-minimum-credits', method: 'POST' }) },
  // Earnings and payouts (docs/decisions/0029): the caller's own; the sandbox's routes in sandbox mode.
  get('GET /api/earnings', '/api/earnings', signedIn(200)),
  get('GET /api/earnings/payout-account', '/api/earnings/payout-account', signedIn(200)),
  { route: 'POST /api/earnings/payout-account', expected: signedIn(200), make: async () => ({ path: '/api/earnings/payout-account', method: 'POST' }) },
  { route: 'POST /api/earnings/payout-account/sandbox', expected: signedIn(200), make: async () => ({ path: '/api/earnings/payout-account/sandbox', method: 'POST' }) },
  get('GET /api/earnings/payouts', '/api/earnings/payouts', signedIn(200)),
  // Nobody here has $20 available (or, at first, an account): a clear 409, never a payout.
  { route: 'POST /api/earnings/payouts', expected: signedIn(409), make: async () => ({ path: '/api/earnings/payouts', json: {} }) },
  {
    route: "POST /api/earnings/payouts/:id/sandbox (A's)",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/earnings/payouts/${await payoutOfA()}/sandbox`, json: { outcome: 'paid' } }),
  },
  { route: 'POST /api/earnings/payouts/:unknown/sandbox', expected: signedIn(404), make: async () => ({ path: '/api/earnings/payouts/999999/sandbox', json: { outcome: 'paid' } }) },
  // Statements, operators' totals and support refunds (docs/decisions/0029): the caller's own statements; the rest admins only.
  get('GET /api/earnings/statements', '/api/earnings/statements', signedIn(200)),
  { route: 'GET /api/earnings/statements/:month', expected: signedIn(200), csv: true, make: async () => ({ path: '/api/earnings/statements/2026-10' }) },
  get('GET /api/earnings/statements/:bad', '/api/earnings/statements/2026-13', signedIn(400)),
  get('GET /api/admin/totals', '/api/admin/totals', adminOnly),
  { route: 'GET /api/admin/totals?format=csv', expected: adminOnly, csv: true, make: async () => ({ path: '/api/admin/totals?format=csv' }) },
  get('GET /api/admin/people', '/api/admin/people?q=user', adminOnly),
  { route: "GET /api/admin/people/:id/transactions (A's)", expected: adminOnly, make: async () => ({ path: `/api/admin/people/${users.a.id}/transactions` }) },
  { route: "POST /api/admin/refunds (B's try)", expected: adminOnly, make: async () => ({ path: '/api/admin/refunds', json: { ledgerId: await tryOfB() } }) },
  // Personal API tokens (docs/decisions/0030): the owner's own, through a session.
  get('GET /api/tokens', '/api/tokens', signedIn(200)),
  { route: 'POST /api/tokens', expected: signedIn(201), make: async () => ({ path: '/api/tokens', json: { name: 'Matrix token', scopes: ['read'] } }) },
  { route: 'POST /api/tokens (invalid)', expected: signedIn(400), make: async () => ({ path: '/api/tokens', json: { name: '', scopes: [] } }) },
  { route: "DELETE /api/tokens/:id (A's)", expected: ownerOnly(200, 404), make: async () => ({ path: `/api/tokens/${await tokenOfA()}`, method: 'DELETE' }) },
  { route: 'DELETE /api/tokens/:unknown', expected: signedIn(404), make: async () => ({ path: '/api/tokens/999999', method: 'DELETE' }) },
];

beforeAll(async () => {
  await seedCatalog();
  // Confirmed addresses: reviews need one (docs/decisions/0025); the unverified callers below check the rest.
  users.a = await createUser({ credits: 1000, verified: true });
  users.b = await createUser({ credits: 1000, verified: true });
  users.staff = await createUser({ role: 'staff', credits: 1000, verified: true });
  users.admin = await createUser({ role: 'admin', credits: 1000, verified: true });
  users.c = await createUser({ verified: true });
  const accounts: [Unverified, string, boolean][] = [
    ['staffUnverified', 'matrix-operator@example.cc', true],
    ['adminUnverified', 'admin@example.com', false],
  ];
  for (const [who, email, isInternalLogin] of accounts) {
    const username = who.toLowerCase();
    const headers = { 'CF-Connecting-IP': `198.51.100.${username.length}` };
    const registered = await call('/api/auth/register', { json: { username, email, password: 'secret-pass', isInternalLogin }, headers });
    expect(registered.status).toBe(201);
    const res = await call('/api/auth/login', { json: { username: email, password: 'secret-pass', isInternalLogin }, headers });
    const user = (await res.json()) as { id: number };
    expect(user).toMatchObject({ role: 'user', emailVerified: false });
    unverifiedIds[who] = user.id;
  }
});

describe('authorization matrix', () => {
  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual = {} as Record<Who | Unverified, number>;
    for (const who of WHO) {
      const { path, method, json } = await row.make();
      const res = await call(path, { method, json, cookie: await cookieFor(who) });
      actual[who] = res.status;
      if (row.csv && res.status === 200) {
        expect(res.headers.get('Content-Type'), `${who} ${path}`).toMatch(/^text\/csv/);
        continue;
      }
      // Every other answer is JSON; failures carry the {message, error} pair.
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status >= 400) expect(body, `${who} ${path}`).toEqual({ message: expect.any(String), error: body.message });
    }
    const unverified = row.unverified ?? row.expected.b;
    expect(actual).toEqual({ ...row.expected, staffUnverified: unverified, adminUnverified: unverified });
  });

  it('refusals use the documented wording', async () => {
    const b = await signIn(users.b.id);
    expect(await (await call('/api/credits/balance')).json()).toEqual({ message: MESSAGES.notSignedIn, error: MESSAGES.notSignedIn });
    expect(await (await call('/api/proposals', { cookie: b })).json()).toEqual({ message: MESSAGES.forbidden, error: MESSAGES.forbidden });
    expect(await (await call('/api/ratings', { json: { agentId: 1, rating: 5 } })).json()).toEqual({ message: MESSAGES.reviewLogin, error: MESSAGES.reviewLogin });
  });
});

describe('nobody reads or changes what is not theirs', () => {
  const agentRow = (id: number) => db().prepare('SELECT name, description, credit_cost, creator_id FROM agents WHERE id = ?').bind(id).first();
  const credits = async (id: number) =>
    (await db().prepare('SELECT credits, consumed FROM users WHERE id = ?').bind(id).first<{ credits: number; consumed: number }>())!;

  it("B, staff and admin cannot edit A's agent; B and staff cannot delete it; admin can", async () => {
    const agent = await agentOfA();
    const before = await agentRow(agent.id);
    for (const who of ['b', 'staff', 'admin'] as const) {
      const cookie = await cookieFor(who);
      const edit = await call(`/api/agents/${agent.id}`, { method: 'PUT', json: { ...validAgent, name: `Stolen by ${who}`, creditCost: 1 }, cookie });
      expect(edit.status, who).toBe(403);
      expect(await agentRow(agent.id)).toEqual(before);
    }
    for (const who of ['b', 'staff'] as const) {
      expect((await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: await cookieFor(who) })).status, who).toBe(403);
      expect(await agentRow(agent.id)).toEqual(before);
    }
    const removed = await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: await cookieFor('admin') });
    expect(removed.status).toBe(200);
    expect(await agentRow(agent.id)).toBeNull();
    expect((await call(`/api/agents/${agent.id}`)).status).toBe(404);
  });

  it('an agent cannot be given to someone else through the body', async () => {
    const res = await call('/api/agents', { json: { ...validAgent, creatorId: users.b.id, creator_id: users.b.id }, cookie: await cookieFor('a') });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Agent).creatorId).toBe(users.a.id);
  });

  it("B cannot change A's profile", async () => {
    const before = await db().prepare('SELECT username, email FROM users WHERE id = ?').bind(users.a.id).first();
    const res = await call(`/api/users/${users.a.id}`, { method: 'PUT', json: { username: 'b_took_over', email: 'b-took-over@example.com' }, cookie: await cookieFor('b') });
    expect(res.status).toBe(403);
    expect(await db().prepare('SELECT username, email FROM users WHERE id = ?').bind(users.a.id).first()).toEqual(before);
    // The public profile B may read has no email.
    expect(JSON.stringify(await (await call(`/api/users/${users.a.id}`, { cookie: await cookieFor('b') })).json())).not.toContain(users.a.email);
  });

  it("B cannot read, complete or cancel A's sandbox session, and nobody is credited", async () => {
    const id = await sandboxOfA(200);
    const aBefore = await credits(users.a.id);
    const bBefore = await credits(users.b.id);
    const b = await cookieFor('b');
    const read = await call(`/api/payments/sandbox/${id}`, { cookie: b });
    expect(read.status).toBe(404);
    expect(JSON.stringify(await read.json())).not.toMatch(/200|open/);
    expect((await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie: b })).status).toBe(404);
    expect((await call(`/api/payments/sandbox/${id}/cancel`, { method: 'POST', cookie: b })).status).toBe(404);
    expect(await credits(users.a.id)).toEqual(aBefore);
    expect(await credits(users.b.id)).toEqual(bBefore);
    // A's session is untouched by B's attempts: still open, and A can complete it.
    const a = await cookieFor('a');
    expect(await (await call(`/api/payments/sandbox/${id}`, { cookie: a })).json()).toMatchObject({ id, status: 'open', credits: 200 });
    expect((await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie: a })).status).toBe(200);
    expect((await credits(users.a.id)).credits).toBe(aBefore.credits + 200);
  });

  it("B's balance and transactions are B's alone", async () => {
    const id = await sandboxOfA(75);
    await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie: await cookieFor('a') });
    const b = await cookieFor('b');
    const list = (await (await call('/api/credits/transactions', { cookie: b })).json()) as CreditTransaction[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((t) => t.reference === id)).toBe(false);
    const bIds = (await db().prepare('SELECT id FROM credit_ledger WHERE user_id = ?').bind(users.b.id).all<{ id: number }>()).results.map((r) => r.id);
    expect(list.map((t) => t.id).sort((x, y) => x - y)).toEqual(bIds.sort((x, y) => x - y));
    // Query parameters naming someone else change nothing.
    const sneaky = (await (await call(`/api/credits/transactions?userId=${users.a.id}`, { cookie: b })).json()) as CreditTransaction[];
    expect(sneaky.map((t) => t.id).sort((x, y) => x - y)).toEqual(bIds.sort((x, y) => x - y));
    const balance = await (await call(`/api/credits/balance?userId=${users.a.id}`, { cookie: b })).json();
    expect(balance).toEqual({ balance: (await credits(users.b.id)).credits, consumed: (await credits(users.b.id)).consumed });
  });

  it("B's try on A's agent charges B only; A tries it free", async () => {
    const agent = await agentOfA({ creditCost: 7 });
    const aBefore = await credits(users.a.id);
    const bBefore = await credits(users.b.id);
    const res = await call(`/api/agents/${agent.id}/try`, { method: 'POST', cookie: await cookieFor('b') });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ balance: bBefore.credits - 7, consumed: bBefore.consumed + 7 });
    expect(await credits(users.a.id)).toEqual(aBefore);
    const own = await call(`/api/agents/${agent.id}/try`, { method: 'POST', cookie: await cookieFor('a') });
    expect(await own.json()).toMatchObject({ balance: aBefore.credits });
  });

  it('B cannot rate in A\'s name; ratings show usernames, never emails', async () => {
    const agent = await agentOfA();
    const res = await call('/api/ratings', { json: { agentId: agent.id, userId: users.a.id, rating: 1, comment: 'as A' }, cookie: await cookieFor('b') });
    expect(res.status).toBe(403);
    expect(await db().prepare('SELECT count(*) AS n FROM ratings WHERE agent_id = ?').bind(agent.id).first()).toEqual({ n: 0 });
    await call('/api/ratings', { json: { agentId: agent.id, rating: 5, comment: 'mine' }, cookie: await cookieFor('b') });
    const list = (await (await call(`/api/agents/${agent.id}/ratings`)).json()) as Rating[];
    expect(list).toEqual([expect.objectContaining({ userId: users.b.id, rating: 5, user: { username: users.b.username } })]);
    expect(JSON.stringify(list)).not.toContain(users.b.email);
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile input on every route that takes a body.

interface BodyRoute {
  route: string;
  method: string;
  who: Who;
  valid: Record<string, unknown>;
  path: () => Promise<string>;
  /** Routes where a session or client matters: fresh values per request. */
  headers?: () => Record<string, string>;
}

let ip = 0;
const freshClient = () => ({ 'CF-Connecting-IP': `192.0.2.${ip++ % 250}-${ip}` });

const BODY_ROUTES: BodyRoute[] = [
  { route: 'POST /api/auth/register', method: 'POST', who: 'visitor', valid: { username: 'hostile_reg', email: 'hostile_reg@example.com', password: 'secret-pass' }, path: async () => '/api/auth/register', headers: freshClient },
  { route: 'POST /api/auth/login', method: 'POST', who: 'visitor', valid: { username: 'nobody_at_all', password: 'secret-pass' }, path: async () => '/api/auth/login', headers: freshClient },
  { route: 'POST /api/auth/google', method: 'POST', who: 'visitor', valid: { credential: 'not-a-jwt' }, path: async () => '/api/auth/google' },
  { route: 'POST /api/agents', method: 'POST', who: 'a', valid: validAgent, path: async () => '/api/agents' },
  { route: 'PUT /api/agents/:id', method: 'PUT', who: 'a', valid: validAgent, path: async () => `/api/agents/${(await agentOfA()).id}` },
  { route: 'POST /api/ratings', method: 'POST', who: 'b', valid: { agentId: 1, rating: 4, comment: 'Fine.' }, path: async () => '/api/ratings' },
  { route: 'POST /api/payments/create-checkout', method: 'POST', who: 'b', valid: { amount: 50 }, path: async () => '/api/payments/create-checkout' },
  { route: 'PUT /api/users/:id', method: 'PUT', who: 'b', valid: { username: 'hostile_b', email: 'hostile_b@example.com' }, path: async () => `/api/users/${users.b.id}` },
  { route: 'POST /api/propose-agent', method: 'POST', who: 'visitor', valid: visitorProposal, path: async () => '/api/propose-agent' },
  { route: 'PUT /api/users/:id/public-profile', method: 'PUT', who: 'b', valid: { displayName: 'B', bio: 'Bio.', website: 'https://b.example' }, path: async () => `/api/users/${users.b.id}/public-profile` },
  { route: 'PATCH /api/proposals/:id', method: 'PATCH', who: 'staff', valid: { status: 'reviewed' }, path: async () => `/api/proposals/${await proposal()}` },
  { route: 'POST /api/earnings/payouts', method: 'POST', who: 'b', valid: { amountCents: 2000 }, path: async () => '/api/earnings/payouts' },
  { route: 'POST /api/earnings/payouts/:id/sandbox', method: 'POST', who: 'a', valid: { outcome: 'paid' }, path: async () => `/api/earnings/payouts/${await payoutOfA()}/sandbox` },
];

const INJECTIONS = ["'; DROP TABLE users; --", '<script>alert(1)</script>', '" OR 1=1 --', '%00\u0000\u202e', '{{7*7}}${7*7}'];
const WRONG_TYPES: unknown[] = [12345, -1, 1e308, true, null, [], ['a', 'b'], { $gt: '' }];

/** No 5xx, a JSON {message, error} on failure, and nothing internal in it. */
async function expectSafe(res: Response, label: string) {
  expect(res.status, label).toBeLessThan(500);
  const text = await res.text();
  if (res.status >= 400) {
    const body = JSON.parse(text) as { message: string; error: string };
    expect(body.message, label).toEqual(expect.any(String));
    expect(body.error, label).toBe(body.message);
  }
  expect(text, label).not.toMatch(/SQLITE|D1_|sqlite|at \w+ \(|stack|TypeError|ReferenceError/);
}

async function send(r: BodyRoute, body: string | undefined, extra: Record<string, string> = { 'Content-Type': 'application/json' }) {
  return call(await r.path(), {
    method: r.method,
    body,
    cookie: await cookieFor(r.who),
    headers: { ...r.headers?.(), ...extra },
  });
}

describe('hostile input', () => {
  describe.each(BODY_ROUTES.map((r) => [r.route, r] as const))('%s', (_name, r) => {
    it('wrong types in every field: 4xx, never 5xx', async () => {
      for (const field of Object.keys(r.valid)) {
        for (const value of WRONG_TYPES) {
          const res = await send(r, JSON.stringify({ ...r.valid, [field]: value }));
          await expectSafe(res, `${field}=${JSON.stringify(value)}`);
        }
      }
      // Leaving everything out, and unknown fields only.
      await expectSafe(await send(r, '{}'), '{}');
      await expectSafe(await send(r, JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } })), 'proto');
    });

    it('a 100,000-character string: 413 or 400', async () => {
      const field = Object.keys(r.valid)[0]!;
      const res = await send(r, JSON.stringify({ ...r.valid, [field]: 'x'.repeat(100_000) }));
      expect([400, 413]).toContain(res.status);
      await expectSafe(res, 'long');
      // Without a Content-Length the limit still holds.
      const stream = new Blob([JSON.stringify({ ...r.valid, [field]: 'y'.repeat(100_000) })]).stream();
      const streamed = await call(await r.path(), {
        method: r.method,
        body: stream,
        cookie: await cookieFor(r.who),
        headers: { 'Content-Type': 'application/json', ...r.headers?.() },
        // @ts-expect-error: workerd's RequestInit accepts duplex for streamed bodies
        duplex: 'half',
      });
      expect([400, 413]).toContain(streamed.status);
    });

    it('injection-shaped text is data, never code', async () => {
      for (const field of Object.keys(r.valid).filter((k) => typeof r.valid[k] === 'string')) {
        for (const text of INJECTIONS) {
          const res = await send(r, JSON.stringify({ ...r.valid, [field]: text }));
          await expectSafe(res, `${field}=${text}`);
        }
      }
      // Every table is still there.
      for (const table of ['users', 'sessions', 'agents', 'ratings', 'proposals', 'credit_ledger']) {
        expect(await db().prepare(`SELECT count(*) AS n FROM ${table}`).first(), table).toEqual({ n: expect.any(Number) });
      }
    });

    it('array, scalar, malformed and non-JSON bodies: 400', async () => {
      for (const [label, body, type] of [
        ['array', JSON.stringify([r.valid]), 'application/json'],
        ['empty array', '[]', 'application/json'],
        ['null', 'null', 'application/json'],
        ['number', '42', 'application/json'],
        ['string', '"text"', 'application/json'],
        ['malformed', '{"a": ', 'application/json'],
        ['trailing garbage', `${JSON.stringify(r.valid)}}}`, 'application/json'],
        ['empty', '', 'application/json'],
        ['form', new URLSearchParams(Object.entries(r.valid).map(([k, v]): [string, string] => [k, String(v)])).toString(), 'application/x-www-form-urlencoded'],
        ['text', JSON.stringify(r.valid), 'text/plain'],
      ] as const) {
        const res = await send(r, body, { 'Content-Type': type });
        // Routes without a JSON body schema may accept odd content, but never with a 5xx.
        await expectSafe(res, label);
        expect(res.status, label).toBe(400);
      }
    });

    it('a cross-site Origin or Fetch Metadata: 403', async () => {
      for (const headers of [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
        const res = await send(r, JSON.stringify(r.valid), { 'Content-Type': 'application/json', ...headers });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.json()).toEqual({ message: MESSAGES.crossSite, error: MESSAGES.crossSite });
      }
    });
  });

  it('cross-site requests change nothing on the routes without a body either', async () => {
    const agent = await agentOfA();
    const id = await sandboxOfA();
    const before = await db().prepare('SELECT credits FROM users WHERE id = ?').bind(users.a.id).first();
    const evil = { Origin: 'https://evil.example' };
    for (const [path, method] of [
      [`/api/agents/${agent.id}`, 'DELETE'],
      [`/api/agents/${agent.id}/try`, 'POST'],
      [`/api/payments/sandbox/${id}/complete`, 'POST'],
      [`/api/payments/sandbox/${id}/cancel`, 'POST'],
      ['/api/auth/logout', 'POST'],
      ['/api/admin/ensure-minimum-credits', 'POST'],
    ] as const) {
      const res = await call(path, { method, cookie: await signIn(path.includes('admin') ? users.admin.id : users.a.id), headers: evil });
      expect(res.status, path).toBe(403);
    }
    expect((await call(`/api/agents/${agent.id}`)).status).toBe(200);
    expect(await db().prepare('SELECT credits FROM users WHERE id = ?').bind(users.a.id).first()).toEqual(before);
    expect(await (await call(`/api/payments/sandbox/${id}`, { cookie: await signIn(users.a.id) })).json()).toMatchObject({ status: 'open' });
    // The same origin passes: the check is about the site, not about POST itself.
    expect((await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: await signIn(users.a.id), headers: { Origin: 'http://localhost' } })).status).toBe(200);
  });
});

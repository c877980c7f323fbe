// Every API route called as a visitor, an unconfirmed user, an ordinary user, a creator, staff and an
// admin, against a table of expected statuses, and a check on Hono's own route table that every route
// has a row; then ownership checks on the data itself, and hostile input on every route that takes a body.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type AgentData } from '#common/validation.ts';
import { app } from '#worker/app.ts';
import { issueToken, type TokenPurpose } from '#worker/lib/email-tokens.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { scopeFor } from '#worker/features/tokens/policy.ts';
import {
  browserRequest,
  client,
  createUser,
  db,
  untypedBody,
  okBody,
  seedCatalog,
  signIn,
  visitorProposal,
} from './fixtures';
import { formWith, jpeg, png } from './images';
import { conformance } from './openapi-conformance';

/** Every answer below is held to GET /api/openapi.json (docs/decisions/0040): its status, body and headers. */
const documented = conformance();

/**
 * This file makes thousands of requests. Through exports.default.fetch each one wraps the worker
 * entrypoint's prototype in one more Proxy (@cloudflare/vitest-pool-workers 0.15,
 * createProxyPrototypeClass), until a property lookup overflows the stack ('Maximum call stack size
 * exceeded' from the hostile-input section on). The app's fetch (which worker/index.ts wraps only to
 * give each request its D1 session: docs/decisions/0045) with an execution context runs the same
 * middleware and routes without that Proxy.
 */
async function call(path: string, init: Parameters<typeof browserRequest>[1] = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(browserRequest(path, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

// Hundreds of requests, some with password hashing: the default 5 s per test is too tight.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * The callers every row is tried with, all with confirmed addresses:
 * - visitor: no session;
 * - a: the creator, an ordinary user who owns the resources the rows act on (agents, reviews, tokens,
 *   purchases, payouts...: "A's" in a row's note);
 * - b: an ordinary user who owns none of them;
 * - staff and admin: the operators.
 */
type Who = 'visitor' | 'a' | 'b' | 'staff' | 'admin';
/**
 * People who registered and never confirmed their address: an ordinary one, one with a staff-domain
 * address (internal sign-in) and one with an address in ADMIN_EMAILS. They must get exactly what B, an
 * ordinary user, gets (unless a row says otherwise: reviews need a confirmed address).
 */
type Unverified = 'unconfirmed' | 'staffUnverified' | 'adminUnverified';
type Caller = Who | Unverified;
const WHO: Caller[] = ['visitor', 'a', 'b', 'staff', 'admin', 'unconfirmed', 'staffUnverified', 'adminUnverified'];
type Expected = Record<Who, number>;

const all = (status: number): Expected => ({ visitor: status, a: status, b: status, staff: status, admin: status });
/** Signed-in callers get `status`; visitors 401. */
const signedIn = (status: number): Expected => ({ ...all(status), visitor: 401 });
/** Only A (the owner) gets `status`; other signed-in callers get `others`. */
const ownerOnly = (status: number, others: number): Expected => ({
  visitor: 401,
  a: status,
  b: others,
  staff: others,
  admin: others,
});
const operators: Expected = { visitor: 401, a: 403, b: 403, staff: 200, admin: 200 };
const adminOnly: Expected = { visitor: 401, a: 403, b: 403, staff: 403, admin: 200 };

/** The callers, and C: a creator who is none of them. */
const users = {} as Record<Exclude<Who, 'visitor'> | 'c', { id: number; username: string; email: string }>;
/** The unconfirmed callers' accounts, made by a real registration and sign-in (roles as the worker computes them). */
const unverifiedIds = {} as Record<Unverified, number>;
const isUnverified = (who: Caller): who is Unverified =>
  who === 'unconfirmed' || who === 'staffUnverified' || who === 'adminUnverified';
const cookieFor = async (who: Caller) =>
  who === 'visitor' ? undefined : signIn(isUnverified(who) ? unverifiedIds[who] : users[who].id);

const validAgent = {
  name: 'Matrix Agent',
  description: 'An agent made for the authorization matrix.',
  categoryId: 1,
  departmentId: 1,
  creditCost: 3,
  features: ['One', 'Two'],
  externalUrl: 'https://example.com/matrix',
};

let agentsMade = 0;

/** A new agent owned by A, so each caller acts on an untouched one. */
async function agentOfA(extra: Partial<AgentData> = {}) {
  const res = await client(await signIn(users.a.id)).agents.$post({ json: { ...validAgent, ...extra } });
  expect(res.status).toBe(201);
  return okBody(res);
}

/** A new agent of a creator who is none of the callers, for reviews (a creator may not review their own agent). */
async function agentOfC() {
  // A name of C's own: a name that looks like another creator's agent is refused (409).
  const res = await client(await signIn(users.c.id)).agents.$post({
    json: { ...validAgent, name: 'Matrix Agent of C' },
  });
  expect(res.status).toBe(201);
  return okBody(res);
}

/** A new sandbox checkout session belonging to A. */
async function sandboxOfA(credits = 50): Promise<string> {
  const res = await client(await signIn(users.a.id)).payments['create-checkout'].$post({ json: { amount: credits } });
  expect(res.status).toBe(200);
  return (await untypedBody.checkout(res)).url.split('/').pop()!;
}

/** A completed sandbox purchase of A's: the id of its ledger row (its receipt's id). */
async function purchaseOfA(): Promise<number> {
  const a = await signIn(users.a.id);
  expect(
    (await call(`/api/payments/sandbox/${await sandboxOfA()}/complete`, { method: 'POST', cookie: a })).status,
  ).toBe(200);
  const list = await (await client(a).credits.transactions.$get()).json();
  return list.find((t) => t.kind === 'purchase')!.id;
}

async function proposal(): Promise<number> {
  // From a client of its own: visitors' proposals are limited per client and hour.
  return (await okBody(await client(undefined, freshClient())['propose-agent'].$post({ json: visitorProposal }))).id;
}

/** A new paid try of B's (of C's agent): its ledger id, for a refund. */
async function tryOfB(): Promise<number> {
  const res = await call(`/api/agents/${(await agentOfC()).id}/try`, {
    method: 'POST',
    cookie: await signIn(users.b.id),
  });
  expect(res.status).toBe(200);
  return (await db()
    .prepare("SELECT max(id) AS id FROM credit_ledger WHERE user_id = ? AND kind = 'try'")
    .bind(users.b.id)
    .first<{ id: number }>())!.id;
}

/** A new paid try of A's (of C's agent) made with an Idempotency-Key: what asks how it ended. */
async function tryOfA(): Promise<{ agentId: number; key: string }> {
  const agentId = (await agentOfC()).id;
  const key = crypto.randomUUID();
  const res = await client(await signIn(users.a.id)).agents[':id'].try.$post(
    { param: { id: String(agentId) }, json: {} },
    { headers: { 'Idempotency-Key': key } },
  );
  expect(res.status).toBe(200);
  return { agentId, key };
}

/** A new review by A (of C's agent): its id. */
async function reviewByA(): Promise<number> {
  const res = await client(await signIn(users.a.id)).ratings.$post({
    json: { agentId: (await agentOfC()).id, rating: 4, comment: 'By A.' },
  });
  expect(res.status).toBe(201);
  return (await untypedBody.review(res)).id;
}

/** A new review by B of an agent of A's (A the creator may reply), with A's reply when asked: its id. */
async function reviewOfAgentOfA({ replied = false } = {}): Promise<number> {
  const res = await client(await signIn(users.b.id)).ratings.$post({
    json: { agentId: (await agentOfA()).id, rating: 3, comment: 'By B.' },
  });
  expect(res.status).toBe(201);
  const id = (await untypedBody.review(res)).id;
  if (replied)
    expect(
      (
        await client(await signIn(users.a.id)).ratings[':id'].reply.$put({
          param: { id: String(id) },
          json: { body: 'Thanks.' },
        })
      ).status,
    ).toBe(201);
  return id;
}

/** A link mailed to a new account that is none of the callers (the link is what the route trusts). */
async function linkOfSomeone(purpose: TokenPurpose): Promise<string> {
  const someone = await createUser({ verified: true });
  return issueToken(db(), someone.id, purpose, someone.email);
}

/** Earnings of A's made available now (the matrix is about who may act, not about the hold). */
async function earningsOfA(cents: number): Promise<void> {
  await db()
    .prepare(
      "INSERT INTO creator_earnings (creator_id, kind, amount_cents, idempotency_key, available_at) VALUES (?, 'earning', ?, ?, '2000-01-01T00:00:00.000Z')",
    )
    .bind(users.a.id, cents, `matrix-earning-${crypto.randomUUID()}`)
    .run();
}

/** How 'Where you are signed in' names the session of a cookie: its token's hash, first 16 hex digits. */
async function sessionIdOf(cookie: string): Promise<string> {
  return (await sha256Hex(cookie.replace(/^am_session=/, ''))).slice(0, 16);
}

/** A new personal API token of A's: its id. */
async function tokenOfA(): Promise<number> {
  const res = await client(await signIn(users.a.id)).tokens.$post({ json: { name: 'Matrix token', scopes: ['read'] } });
  expect(res.status).toBe(201);
  return (await okBody(res)).id;
}

/**
 * A new token of A's for a row that changes its limit, the one before revoked: such rows make one
 * per caller, and A may hold only so many active tokens (the token rows after them need room).
 */
async function budgetTokenOfA(): Promise<number> {
  await db()
    .prepare("UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND name = 'Matrix budget' AND revoked_at IS NULL")
    .bind(new Date().toISOString(), users.a.id)
    .run();
  const res = await client(await signIn(users.a.id)).tokens.$post({
    json: { name: 'Matrix budget', scopes: ['try'], spendLimit: 10 },
  });
  expect(res.status).toBe(201);
  return (await okBody(res)).id;
}

/** A pending sandbox payout of A's (earnings made available directly: the matrix is about who may act). */
async function payoutOfA(): Promise<number> {
  await earningsOfA(2000);
  const a = await signIn(users.a.id);
  expect((await call('/api/earnings/payout-account/sandbox', { method: 'POST', cookie: a })).status).toBe(200);
  const res = await client(a).earnings.payouts.$post({ json: { amountCents: 2000 } });
  expect(res.status).toBe(201);
  return (await untypedBody.payout(res)).payout.id;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  method: Method;
  /**
   * The route's pattern exactly as Hono's route table names it ('/api/agents/:id'), so the test below
   * can check that every route has a row; null only for a path no route answers.
   */
  route: string | null;
  /** What tells this row from the others of its route (whose resource, which input). */
  note?: string;
  expected: Expected;
  /** Builds the request afresh for each caller (new resources where the call would change them). */
  make: (who: Caller) => Promise<{ path: string; json?: unknown; headers?: Record<string, string> }>;
  /** What the unconfirmed callers get when it differs from B's (reviews need a confirmed address: docs/decisions/0025). */
  unverified?: number;
  /** A success that is not JSON: a CSV download, a redirect or no content (refusals stay JSON). */
  answer?: 'csv' | 'redirect' | 'empty';
  /** Fields a refusal carries besides {message, error}. */
  refusalExtra?: Record<string, unknown>;
}

const label = (row: Row) => `${row.method} ${row.route ?? '(no route)'}${row.note ? ` (${row.note})` : ''}`;
const get = (route: string | null, path: string, expected: Expected, note?: string): Row => ({
  method: 'GET',
  route,
  note,
  expected,
  make: async () => ({ path }),
});
/** A write whose request is the same for every caller: `path`, with `json` as its body when given. */
const write = (
  method: Exclude<Method, 'GET'>,
  route: string,
  path: string,
  expected: Expected,
  { json, ...more }: { json?: unknown } & Pick<Row, 'note' | 'answer' | 'unverified'> = {},
): Row => ({ method, route, expected, ...more, make: async () => ({ path, json }) });

let ip = 0;
/** A client of its own, for routes throttled per client (CF-Connecting-IP). */
const freshClient = () => ({ 'CF-Connecting-IP': `192.0.2.${ip++ % 250}-${ip}` });

const ROWS: Row[] = [
  get('/api/health', '/api/health', all(200)),
  get('/api/config', '/api/config', all(200)),
  get('/api/openapi.json', '/api/openapi.json', all(200)),
  get('/api/config/health', '/api/config/health', all(200)),
  get('/api/categories', '/api/categories', all(200)),
  get('/api/categories/:id', '/api/categories/1', all(200)),
  get('/api/categories/:id', '/api/categories/999', all(404), 'unknown'),
  get('/api/departments', '/api/departments', all(200)),
  get('/api/departments/:id', '/api/departments/1', all(200)),
  get('/api/agents', '/api/agents', all(200)),
  get('/api/agents/search', '/api/agents/search?q=lead', all(200)),
  get('/api/agents/suggest', '/api/agents/suggest?q=lea', all(200)),
  get('/api/agents/category/:categoryId', '/api/agents/category/1', all(200)),
  get('/api/agents/creator/:userId', '/api/agents/creator/1', all(200)),
  get('/api/agents/:id', '/api/agents/1', all(200)),
  get('/api/agents/:id', '/api/agents/999999', all(404), 'unknown'),
  // 'What's new' (docs/decisions/0043): whoever may see the agent.
  get('/api/agents/:id/changes', '/api/agents/1/changes', all(200)),
  get('/api/agents/:id/changes', '/api/agents/999999/changes', all(404), 'unknown'),
  get('/api/agents/:id/ratings', '/api/agents/1/ratings', all(200)),
  get('/api/agents/:id/ratings', '/api/agents/999999/ratings', all(404), 'unknown'),
  get('/api/agents/:id/ratings/summary', '/api/agents/1/ratings/summary', all(200)),
  get('/api/agents/:id/ratings/summary', '/api/agents/999999/ratings/summary', all(404), 'unknown'),
  // A view of an agent page the app shows: anyone, signed in or not.
  write('POST', '/api/agents/:id/views', '/api/agents/1/views', all(204), { answer: 'empty' }),
  get('/api/users/:id', '/api/users/1', all(200)),
  get('/api/users/:id', '/api/users/999999', all(404), 'unknown'),
  get(null, '/api/nothing-here', all(404), 'an unknown API path'),
  get('/api/auth/session', '/api/auth/session', signedIn(200)),
  get('/api/credits/balance', '/api/credits/balance', signedIn(200)),
  get('/api/credits/transactions', '/api/credits/transactions', signedIn(200)),
  get('/api/proposals', '/api/proposals', operators),
  {
    method: 'GET',
    route: '/api/credits/receipts/:id',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/credits/receipts/${await purchaseOfA()}` }),
  },
  write('POST', '/api/auth/logout', '/api/auth/logout', all(200)),
  // Invalid bodies: the same 400 for everyone, before any password work or throttling.
  write('POST', '/api/auth/login', '/api/auth/login', all(400), {
    json: { username: 'ab', password: 'x' },
    note: 'invalid',
  }),
  write('POST', '/api/auth/register', '/api/auth/register', all(400), { json: { username: 'ab' }, note: 'invalid' }),
  // Sign-in through Google and through the provider: not configured here, the same 404 for everyone
  // (their own tests run them configured: worker/features/auth/google.test.ts, provider/provider.test.ts).
  {
    method: 'GET',
    route: '/api/auth/login/google',
    note: 'not configured, JSON',
    expected: all(404),
    make: async () => ({ path: '/api/auth/login/google', headers: { Accept: 'application/json' } }),
  },
  // Without a started sign-in the callback only sends the browser back to the app with an error.
  {
    method: 'GET',
    route: '/api/auth/google/callback',
    note: 'no state',
    expected: all(302),
    answer: 'redirect',
    make: async () => ({ path: '/api/auth/google/callback?code=x&state=y' }),
  },
  write('POST', '/api/auth/google', '/api/auth/google', all(404), {
    json: { credential: 'not-a-jwt' },
    note: 'not configured',
  }),
  {
    method: 'POST',
    route: '/api/auth/external-login',
    note: 'not provider mode',
    expected: all(404),
    make: async () => ({
      path: '/api/auth/external-login',
      json: { email: 'nobody@example.com', password: 'secret-pass' },
    }),
  },
  // The account life cycle (docs/decisions/0032 and docs/product.md#accounts). A link confirms an address in a session of
  // its own account only; anyone else (a visitor too) is asked for a new password first.
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    note: "A's link, no password",
    expected: { visitor: 403, a: 200, b: 403, staff: 403, admin: 403 },
    refusalExtra: { needsPassword: true },
    make: async () => ({
      path: '/api/auth/verify-email',
      json: { token: await issueToken(db(), users.a.id, 'verify', users.a.email) },
    }),
  },
  // Reset and undo links are the mailbox's proof: whoever holds one uses it (a throwaway account each time).
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    note: "someone's link",
    expected: all(200),
    make: async () => ({
      path: '/api/auth/reset-password',
      json: { token: await linkOfSomeone('reset'), password: 'new-secret-pass' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/undo-email-change',
    note: "someone's link",
    expected: all(200),
    make: async () => ({
      path: '/api/auth/undo-email-change',
      json: { token: await linkOfSomeone('undo'), password: 'new-secret-pass' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    note: 'unknown link',
    expected: all(400),
    make: async () => ({
      path: '/api/auth/reset-password',
      json: { token: 'x'.repeat(64), password: 'new-secret-pass' },
    }),
  },
  // The same answer whether or not the address has an account.
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    expected: all(202),
    make: async () => ({
      path: '/api/auth/forgot-password',
      json: { email: 'nobody-at-all@example.com' },
      headers: freshClient(),
    }),
  },
  // Confirmed callers have nothing to confirm (409); the unconfirmed are sent a new link.
  {
    method: 'POST',
    route: '/api/auth/resend-verification',
    expected: signedIn(409),
    unverified: 202,
    make: async () => ({ path: '/api/auth/resend-verification', headers: freshClient() }),
  },
  get('/api/auth/email-status', '/api/auth/email-status', signedIn(200)),
  write('POST', '/api/auth/cancel-email-change', '/api/auth/cancel-email-change', signedIn(200)),
  // The caller's own password: a wrong current one is a 400, never a change.
  {
    method: 'POST',
    route: '/api/auth/change-password',
    note: 'wrong current password',
    expected: signedIn(400),
    make: async () => ({
      path: '/api/auth/change-password',
      json: { currentPassword: 'not-the-password', newPassword: 'new-secret-pass' },
      headers: freshClient(),
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/change-email',
    note: 'wrong current password',
    expected: signedIn(400),
    make: async () => ({
      path: '/api/auth/change-email',
      json: { currentPassword: 'not-the-password', email: 'elsewhere@example.com' },
      headers: freshClient(),
    }),
  },
  // Ends the caller's own sessions (each caller signs in afresh for every row).
  write('POST', '/api/auth/logout-everywhere', '/api/auth/logout-everywhere', signedIn(200)),
  // 'Where you are signed in' (docs/decisions/0038): one's own browsers only; another's session is not there to end.
  get('/api/auth/sessions', '/api/auth/sessions', signedIn(200)),
  {
    method: 'DELETE',
    route: '/api/auth/sessions/:id',
    note: "A's other browser",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/auth/sessions/${await sessionIdOf(await signIn(users.a.id))}` }),
  },
  write('DELETE', '/api/auth/sessions/:id', '/api/auth/sessions/0123456789abcdef', signedIn(404), { note: 'unknown' }),
  write('POST', '/api/payments/webhook', '/api/payments/webhook', all(400), {
    json: { type: 'checkout.session.completed' },
    note: 'unsigned',
  }),
  // Each caller names theirs differently: another creator's look-alike name is refused (409).
  {
    method: 'POST',
    route: '/api/agents',
    expected: signedIn(201),
    make: async () => ({ path: '/api/agents', json: { ...validAgent, name: `Matrix Agent ${++agentsMade}` } }),
  },
  {
    method: 'PUT',
    route: '/api/agents/:id',
    note: "A's",
    expected: ownerOnly(200, 403),
    make: async () => ({
      path: `/api/agents/${(await agentOfA()).id}`,
      json: { ...validAgent, name: 'Edited Matrix Agent' },
    }),
  },
  write('PUT', '/api/agents/:id', '/api/agents/999999', signedIn(404), { json: validAgent, note: 'unknown' }),
  // Admins remove any agent; staff do not.
  {
    method: 'DELETE',
    route: '/api/agents/:id',
    note: "A's",
    expected: { visitor: 401, a: 200, b: 403, staff: 403, admin: 200 },
    make: async () => ({ path: `/api/agents/${(await agentOfA()).id}` }),
  },
  write('DELETE', '/api/agents/:id', '/api/agents/999999', signedIn(404), { note: 'unknown' }),
  {
    method: 'POST',
    route: '/api/agents/:id/try',
    note: "A's",
    expected: signedIn(200),
    make: async () => ({ path: `/api/agents/${(await agentOfA()).id}/try` }),
  },
  write('POST', '/api/agents/:id/try', '/api/agents/999999/try', signedIn(404), { note: 'unknown' }),
  // How a try ended, asked again with its Idempotency-Key: its first answer for the one who tried;
  // another person's key is theirs alone, so to anyone else it holds nothing (404: docs/decisions/0038).
  {
    method: 'GET',
    route: '/api/agents/:id/try/:key',
    note: "A's try",
    expected: ownerOnly(200, 404),
    make: async () => {
      const { agentId, key } = await tryOfA();
      return { path: `/api/agents/${agentId}/try/${key}` };
    },
  },
  {
    method: 'GET',
    route: '/api/agents/:id/try/:key',
    note: 'a key never used',
    expected: signedIn(404),
    make: async () => ({ path: `/api/agents/1/try/${crypto.randomUUID()}` }),
  },
  // Insights are the creator's alone, staff and admins included (docs/decisions/0029).
  {
    method: 'GET',
    route: '/api/agents/:id/insights',
    note: "A's",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/agents/${(await agentOfA()).id}/insights` }),
  },
  get('/api/agents/:id/insights', '/api/agents/999999/insights', signedIn(404), 'unknown'),
  {
    method: 'POST',
    route: '/api/ratings',
    expected: signedIn(201),
    unverified: 403,
    make: async () => ({ path: '/api/ratings', json: { agentId: (await agentOfC()).id, rating: 4 } }),
  },
  {
    method: 'POST',
    route: '/api/ratings',
    note: "A's own agent",
    expected: { visitor: 401, a: 403, b: 201, staff: 201, admin: 201 },
    unverified: 403,
    make: async () => ({ path: '/api/ratings', json: { agentId: (await agentOfA()).id, rating: 4 } }),
  },
  {
    method: 'POST',
    route: '/api/ratings',
    note: 'userId: A',
    expected: ownerOnly(201, 403),
    make: async () => ({
      path: '/api/ratings',
      json: { agentId: (await agentOfC()).id, userId: users.a.id, rating: 4 },
    }),
  },
  write('POST', '/api/ratings', '/api/ratings', signedIn(404), {
    json: { agentId: 999999, rating: 4 },
    note: 'unknown agent',
  }),
  // Reviews: the author deletes theirs; the agent's creator replies; anyone but the author marks one helpful.
  {
    method: 'DELETE',
    route: '/api/ratings/:id',
    note: "A's review",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/ratings/${await reviewByA()}` }),
  },
  write('DELETE', '/api/ratings/:id', '/api/ratings/999999', signedIn(404), { note: 'unknown' }),
  {
    method: 'PUT',
    route: '/api/ratings/:id/reply',
    note: "B's review of A's agent",
    expected: ownerOnly(201, 403),
    make: async () => ({ path: `/api/ratings/${await reviewOfAgentOfA()}/reply`, json: { body: 'Thank you.' } }),
  },
  {
    method: 'DELETE',
    route: '/api/ratings/:id/reply',
    note: "A's reply",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/ratings/${await reviewOfAgentOfA({ replied: true })}/reply` }),
  },
  // Marking helpful, like reviewing, needs a confirmed address (docs/decisions/0038); taking a mark back does not.
  {
    method: 'PUT',
    route: '/api/ratings/:id/helpful',
    note: "A's review",
    expected: { ...signedIn(200), a: 403 },
    unverified: 403,
    make: async () => ({ path: `/api/ratings/${await reviewByA()}/helpful` }),
  },
  {
    method: 'DELETE',
    route: '/api/ratings/:id/helpful',
    note: "A's review",
    expected: { ...signedIn(200), a: 403 },
    make: async () => ({ path: `/api/ratings/${await reviewByA()}/helpful` }),
  },
  write('PUT', '/api/ratings/:id/helpful', '/api/ratings/999999/helpful', signedIn(404), { note: 'unknown' }),
  // Saved agents: the caller's own list (docs/decisions/0027).
  // The creator's console (docs/decisions/0043): the caller's own agents.
  get('/api/my-agents', '/api/my-agents', signedIn(200)),
  get('/api/saved', '/api/saved', signedIn(200)),
  write('PUT', '/api/saved/:agentId', '/api/saved/1', signedIn(200), { json: {} }),
  write('PUT', '/api/saved/:agentId', '/api/saved/999999', signedIn(404), { json: {}, note: 'unknown agent' }),
  write('DELETE', '/api/saved/:agentId', '/api/saved/1', signedIn(200)),
  // Reports from anyone signed in; the queue and its decisions for staff and admins (docs/product.md#reviews).
  {
    method: 'POST',
    route: '/api/reports',
    note: "A's agent",
    expected: signedIn(201),
    make: async () => ({
      path: '/api/reports',
      json: { itemType: 'agent', itemId: (await agentOfA()).id, reason: 'spam' },
    }),
  },
  get('/api/reports/mine', '/api/reports/mine?agentId=1', signedIn(200)),
  get('/api/reports/mine', '/api/reports/mine?agentId=999999', signedIn(404), 'unknown agent'),
  get('/api/moderation', '/api/moderation', operators),
  {
    method: 'POST',
    route: '/api/moderation/:itemType/:itemId',
    note: "A's agent",
    expected: operators,
    make: async () => ({ path: `/api/moderation/agent/${(await agentOfA()).id}`, json: { action: 'dismiss' } }),
  },
  write('POST', '/api/payments/create-checkout', '/api/payments/create-checkout', signedIn(200), {
    json: { amount: 50 },
  }),
  {
    method: 'POST',
    route: '/api/payments/create-checkout',
    note: 'userId: A',
    expected: ownerOnly(200, 403),
    make: async () => ({ path: '/api/payments/create-checkout', json: { amount: 50, userId: users.a.id } }),
  },
  {
    method: 'GET',
    route: '/api/payments/sandbox/:id',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/payments/sandbox/${await sandboxOfA()}` }),
  },
  {
    method: 'POST',
    route: '/api/payments/sandbox/:id/complete',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/payments/sandbox/${await sandboxOfA()}/complete` }),
  },
  {
    method: 'POST',
    route: '/api/payments/sandbox/:id/cancel',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/payments/sandbox/${await sandboxOfA()}/cancel` }),
  },
  {
    method: 'PUT',
    route: '/api/users/:id',
    note: "A's",
    expected: ownerOnly(200, 403),
    make: async () => ({
      path: `/api/users/${users.a.id}`,
      json: { username: users.a.username, email: users.a.email },
    }),
  },
  // Creators and follows (docs/decisions/0028).
  {
    method: 'GET',
    route: '/api/creators/:username',
    note: "A's",
    expected: all(200),
    make: async () => ({ path: `/api/creators/${users.a.username}` }),
  },
  get('/api/creators/:username', '/api/creators/nobody-at-all', all(404), 'unknown'),
  {
    method: 'GET',
    route: '/api/creators/:username/follow',
    note: "A's",
    expected: all(200),
    make: async () => ({ path: `/api/creators/${users.a.username}/follow` }),
  },
  get('/api/follows', '/api/follows', signedIn(200)),
  get('/api/follows/agents', '/api/follows/agents', signedIn(200)),
  // A cannot follow themselves.
  // Following needs a confirmed address (docs/decisions/0038); unfollowing does not.
  {
    method: 'PUT',
    route: '/api/follows/:creatorId',
    note: 'A',
    expected: { ...signedIn(200), a: 400 },
    unverified: 403,
    make: async () => ({ path: `/api/follows/${users.a.id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/follows/:creatorId',
    note: 'A',
    expected: signedIn(200),
    make: async () => ({ path: `/api/follows/${users.a.id}` }),
  },
  write('PUT', '/api/follows/:creatorId', '/api/follows/999999', signedIn(404), { note: 'unknown' }),
  {
    method: 'PUT',
    route: '/api/users/:id/public-profile',
    note: "A's",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/users/${users.a.id}/public-profile`, json: { bio: 'Matrix bio.' } }),
  },
  write('DELETE', '/api/media/profile-picture', '/api/media/profile-picture', signedIn(200)),
  write('PUT', '/api/media/profile-picture', '/api/media/profile-picture', signedIn(400), {
    json: {},
    note: 'no file',
  }),
  // Only the creator changes a cover; admins moderate agents, they do not repaint them.
  {
    method: 'DELETE',
    route: '/api/media/agents/:id/cover',
    note: "A's",
    expected: ownerOnly(200, 403),
    make: async () => ({ path: `/api/media/agents/${(await agentOfA()).id}/cover` }),
  },
  {
    method: 'PUT',
    route: '/api/media/agents/:id/cover',
    note: "A's, no file",
    expected: ownerOnly(400, 403),
    make: async () => ({ path: `/api/media/agents/${(await agentOfA()).id}/cover`, json: {} }),
  },
  write('PUT', '/api/media/agents/:id/cover', '/api/media/agents/999999/cover', signedIn(404), {
    json: {},
    note: 'unknown',
  }),
  write('POST', '/api/propose-agent', '/api/propose-agent', all(201), { json: visitorProposal }),
  {
    method: 'POST',
    route: '/api/propose-agent',
    note: 'no name/email',
    expected: { ...all(201), visitor: 400 },
    make: async () => ({
      path: '/api/propose-agent',
      json: { name: 'Signed-in idea', description: 'Only signed-in callers may leave out who they are.' },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/proposals/:id',
    expected: operators,
    make: async () => ({ path: `/api/proposals/${await proposal()}`, json: { status: 'reviewed' } }),
  },
  write('POST', '/api/admin/ensure-minimum-credits', '/api/admin/ensure-minimum-credits', adminOnly),
  // Earnings and payouts (docs/decisions/0029): the caller's own; the sandbox's routes in sandbox mode.
  get('/api/earnings', '/api/earnings', signedIn(200)),
  // A dollar of A's earnings is made available just before A's call: only A has any to move.
  {
    method: 'POST',
    route: '/api/earnings/to-credits',
    note: "A's earnings",
    expected: ownerOnly(200, 409),
    make: async (who) => {
      if (who === 'a') await earningsOfA(100);
      return { path: '/api/earnings/to-credits', json: { credits: 1 } };
    },
  },
  get('/api/earnings/payout-account', '/api/earnings/payout-account', signedIn(200)),
  write('POST', '/api/earnings/payout-account', '/api/earnings/payout-account', signedIn(200)),
  write('POST', '/api/earnings/payout-account/sandbox', '/api/earnings/payout-account/sandbox', signedIn(200)),
  get('/api/earnings/payouts', '/api/earnings/payouts', signedIn(200)),
  // Nobody here has $20 available (or, at first, an account): a clear 409, never a payout.
  write('POST', '/api/earnings/payouts', '/api/earnings/payouts', signedIn(409), { json: {} }),
  {
    method: 'POST',
    route: '/api/earnings/payouts/:id/sandbox',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/earnings/payouts/${await payoutOfA()}/sandbox`, json: { outcome: 'paid' } }),
  },
  write('POST', '/api/earnings/payouts/:id/sandbox', '/api/earnings/payouts/999999/sandbox', signedIn(404), {
    json: { outcome: 'paid' },
    note: 'unknown',
  }),
  // Statements, operators' totals and support refunds (docs/decisions/0029): the caller's own statements; the rest admins only.
  get('/api/earnings/statements', '/api/earnings/statements', signedIn(200)),
  {
    method: 'GET',
    route: '/api/earnings/statements/:month',
    expected: signedIn(200),
    answer: 'csv',
    make: async () => ({ path: '/api/earnings/statements/2026-10' }),
  },
  get('/api/earnings/statements/:month', '/api/earnings/statements/2026-13', signedIn(400), 'bad month'),
  get('/api/admin/totals', '/api/admin/totals', adminOnly),
  {
    method: 'GET',
    route: '/api/admin/totals',
    note: 'format=csv',
    expected: adminOnly,
    answer: 'csv',
    make: async () => ({ path: '/api/admin/totals?format=csv' }),
  },
  get('/api/admin/people', '/api/admin/people?q=user', adminOnly),
  {
    method: 'GET',
    route: '/api/admin/people/:id/transactions',
    note: "A's",
    expected: adminOnly,
    make: async () => ({ path: `/api/admin/people/${users.a.id}/transactions` }),
  },
  {
    method: 'POST',
    route: '/api/admin/refunds',
    note: "B's try",
    expected: adminOnly,
    make: async () => ({ path: '/api/admin/refunds', json: { ledgerId: await tryOfB() } }),
  },
  // Personal API tokens (docs/decisions/0030): the owner's own, through a session.
  get('/api/tokens', '/api/tokens', signedIn(200)),
  write('POST', '/api/tokens', '/api/tokens', signedIn(201), { json: { name: 'Matrix token', scopes: ['read'] } }),
  write('POST', '/api/tokens', '/api/tokens', signedIn(400), { json: { name: '', scopes: [] }, note: 'invalid' }),
  {
    method: 'DELETE',
    route: '/api/tokens/:id',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/tokens/${await tokenOfA()}` }),
  },
  {
    method: 'DELETE',
    route: '/api/tokens/:id',
    note: 'unknown',
    expected: signedIn(404),
    make: async () => ({ path: '/api/tokens/999999' }),
  },
  // A token's monthly spending limit (docs/decisions/0042): the owner's own, through a session.
  {
    method: 'PATCH',
    route: '/api/tokens/:id',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/tokens/${await budgetTokenOfA()}`, json: { spendLimit: 50 } }),
  },
  {
    method: 'PATCH',
    route: '/api/tokens/:id',
    note: 'invalid',
    expected: signedIn(400),
    make: async () => ({ path: `/api/tokens/${await budgetTokenOfA()}`, json: { spendLimit: 0 } }),
  },
  // Connecting an assistant through OAuth (docs/decisions/0042): the consent page's calls, session only.
  {
    method: 'POST',
    route: '/api/oauth/consent/begin',
    expected: signedIn(200),
    make: async () => ({ path: '/api/oauth/consent/begin', json: { query: await consentQuery() } }),
  },
  write('POST', '/api/oauth/consent/begin', '/api/oauth/consent/begin', signedIn(400), {
    json: { query: 'client_id=nobody' },
    note: 'invalid',
  }),
  // A handle no page of this browser holds: expired for everyone (the decision's success: below).
  write('POST', '/api/oauth/consent', '/api/oauth/consent', signedIn(400), {
    json: { handle: 'no-such-handle', allow: false },
    note: 'unknown handle',
  }),
  // Connected apps: the owner's own, through a session.
  get('/api/connections', '/api/connections', signedIn(200)),
  {
    method: 'PATCH',
    route: '/api/connections/:id',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/connections/${await connectionOfA()}`, json: { spendLimit: 30 } }),
  },
  {
    method: 'PATCH',
    route: '/api/connections/:id',
    note: 'invalid',
    expected: signedIn(400),
    make: async () => ({ path: `/api/connections/${await connectionOfA()}`, json: { spendLimit: 0 } }),
  },
  {
    method: 'DELETE',
    route: '/api/connections/:id',
    note: "A's",
    expected: ownerOnly(200, 404),
    make: async () => ({ path: `/api/connections/${await connectionOfA()}` }),
  },
  {
    method: 'DELETE',
    route: '/api/connections/:id',
    note: 'unknown',
    expected: signedIn(404),
    make: async () => ({ path: '/api/connections/999999' }),
  },
];

let matrixClient: Promise<string> | undefined;
/** An /authorize query of an app registered once for the matrix (docs/decisions/0042), with a fresh PKCE challenge. */
async function consentQuery(): Promise<string> {
  matrixClient ??= call('/oauth/register', {
    method: 'POST',
    json: { client_name: 'Matrix app', redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none' },
    headers: freshClient(),
  }).then(async (res) => {
    expect(res.status).toBe(201);
    return ((await res.json()) as { client_id: string }).client_id;
  });
  const verifier = crypto.randomUUID() + crypto.randomUUID();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `?${new URLSearchParams({
    response_type: 'code',
    client_id: await matrixClient,
    redirect_uri: 'http://127.0.0.1:9/cb',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'matrix',
  })}`;
}

/** A new connected app of A's (its row, as the consent page writes one; no grant is needed here): its id. */
async function connectionOfA(): Promise<number> {
  const row = await db()
    .prepare(
      "INSERT INTO api_tokens (user_id, name, scopes, kind, client_id, spend_limit) VALUES (?, 'Matrix app', 'read try', 'app', 'matrix-client', 20) RETURNING id",
    )
    .bind(users.a.id)
    .first<{ id: number }>();
  return row!.id;
}

beforeAll(async () => {
  await seedCatalog();
  // Confirmed addresses: reviews need one (docs/decisions/0025); the unverified callers below check the rest.
  users.a = await createUser({ credits: 1000, verified: true });
  users.b = await createUser({ credits: 1000, verified: true });
  users.staff = await createUser({ role: 'staff', credits: 1000, verified: true });
  users.admin = await createUser({ role: 'admin', credits: 1000, verified: true });
  users.c = await createUser({ verified: true });
  const accounts: [Unverified, string, boolean][] = [
    ['unconfirmed', 'matrix-unconfirmed@example.com', false],
    ['staffUnverified', 'matrix-operator@example.cc', true],
    ['adminUnverified', 'admin@example.com', false],
  ];
  for (const [who, email, isInternalLogin] of accounts) {
    const username = who.toLowerCase();
    const headers = { 'CF-Connecting-IP': `198.51.100.${username.length}` };
    const registered = await client(undefined, headers).auth.register.$post({
      json: { username, email, password: 'secret-pass', isInternalLogin },
    });
    expect(registered.status).toBe(201);
    const res = await client(undefined, headers).auth.login.$post({
      json: { username: email, password: 'secret-pass', isInternalLogin },
    });
    const user = await untypedBody.sessionUser(res);
    expect(user).toMatchObject({ role: 'user', emailVerified: false });
    unverifiedIds[who] = user.id;
  }
});

describe('authorization matrix', () => {
  it.each(ROWS.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
    const actual = {} as Record<Caller, number>;
    for (const who of WHO) {
      const { path, json, headers } = await row.make(who);
      // Redirects are answers here, not something to follow.
      const res = await call(path, {
        method: row.method,
        json,
        headers,
        cookie: await cookieFor(who),
        redirect: 'manual',
      });
      actual[who] = res.status;
      if (row.route) expect(await documented.problems(row.method, row.route, res), `${who} ${path}`).toEqual([]);
      if (row.answer === 'csv' && res.status === 200) {
        expect(res.headers.get('Content-Type'), `${who} ${path}`).toMatch(/^text\/csv/);
        continue;
      }
      if (row.answer === 'redirect' && res.status === 302) {
        expect(res.headers.get('Location'), `${who} ${path}`).toMatch(/^\/auth/);
        continue;
      }
      if (row.answer === 'empty' && res.status === 204) {
        expect(await res.text(), `${who} ${path}`).toBe('');
        continue;
      }
      // Every other answer is JSON; failures carry the {message, error} pair.
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status >= 400)
        expect(body, `${who} ${path}`).toEqual({
          message: expect.any(String),
          error: body.message,
          ...row.refusalExtra,
        });
    }
    const unverified = row.unverified ?? row.expected.b;
    expect(actual).toEqual({
      ...row.expected,
      unconfirmed: unverified,
      staffUnverified: unverified,
      adminUnverified: unverified,
    });
  });

  it("every API route in Hono's route table has a row", () => {
    // The app's route table: `.use` middleware is registered as method ALL, and a route's own
    // middleware (requireUser, validators) as entries of its method and path before its handler.
    // A middleware takes (c, next); the handler that answers takes (c) alone.
    const handlers = new Map<string, number>();
    for (const { method, path, handler } of app.routes) {
      if (!path.startsWith('/api/')) continue;
      const isMiddleware = handler.length >= 2;
      if (method === 'ALL') {
        // app.all() answering a path would need rows per method: none exists today.
        expect(isMiddleware, `ALL ${path} answers requests: give it rows`).toBe(true);
        continue;
      }
      const key = `${method} ${path}`;
      handlers.set(key, (handlers.get(key) ?? 0) + (isMiddleware ? 0 : 1));
    }
    // Exactly one handler each: a route whose handler looks like a middleware would otherwise hide here.
    for (const [key, count] of handlers) expect(count, `handlers of ${key}`).toBe(1);
    const rows = new Set(ROWS.filter((row) => row.route !== null).map((row) => `${row.method} ${row.route}`));
    expect(
      [...handlers.keys()].filter((key) => !rows.has(key)),
      'routes without a row in the authorization matrix',
    ).toEqual([]);
    expect(
      [...rows].filter((key) => !handlers.has(key)),
      'rows naming no route',
    ).toEqual([]);
    // The walk saw the whole API, not an empty or partial table.
    expect(handlers.size).toBeGreaterThan(90);
  });

  it('refusals use the documented wording', async () => {
    const b = await signIn(users.b.id);
    expect(await (await call('/api/credits/balance')).json()).toEqual({
      message: MESSAGES.notSignedIn,
      error: MESSAGES.notSignedIn,
    });
    expect(await (await call('/api/proposals', { cookie: b })).json()).toEqual({
      message: MESSAGES.forbidden,
      error: MESSAGES.forbidden,
    });
    expect(await (await call('/api/ratings', { json: { agentId: 1, rating: 5 } })).json()).toEqual({
      message: MESSAGES.reviewLogin,
      error: MESSAGES.reviewLogin,
    });
  });
});

/** A personal token of `userId`, stored as POST /api/tokens stores one: the bearer value. */
async function tokenFor(userId: number, scopes: string[]): Promise<string> {
  const token = `amk_${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`;
  await db()
    .prepare('INSERT INTO api_tokens (user_id, name, token_hash, scopes) VALUES (?, ?, ?, ?)')
    .bind(userId, 'Matrix program', await sha256Hex(token), scopes.join(' '))
    .run();
  return token;
}

/**
 * Where a program's answer differs from A's session by design, with why. Every other row: what the
 * session gets where the token policy allows the route, 403 where it does not.
 */
const PROGRAM_ANSWERS: Record<string, number> = {
  // Answered before any credential is read: public to programs too.
  'GET /api/health': 200,
  'GET /api/openapi.json': 200,
  // A program's try must send the price it was shown (docs/decisions/0038); the row sends none.
  "POST /api/agents/:id/try (A's)": 400,
  // The key was sent by A's session: it belongs to that caller, not to A's token (docs/decisions/0038).
  "GET /api/agents/:id/try/:key (A's try)": 404,
};

/**
 * The same rows sent by a program (docs/decisions/0030, 0038): A's personal token with both scopes,
 * a fresh one per row (the per-token limit is 60 a minute). A token never reaches account, payment,
 * token, operator or admin routes, whatever its owner may do with a session.
 */
describe('authorization matrix for programs', () => {
  it.each(ROWS.filter((row) => row.route !== null).map((row) => [label(row), row] as const))(
    '%s',
    async (_label, row) => {
      const token = await tokenFor(users.a.id, ['read', 'try']);
      const { path, json, headers } = await row.make('a');
      const res = await call(path, {
        method: row.method,
        json,
        headers: { ...headers, Authorization: `Bearer ${token}` },
        redirect: 'manual',
      });
      expect(await documented.problems(row.method, row.route!, res)).toEqual([]);
      // Revoked after its row, so A stays under the tokens-per-account limit the token rows need.
      await db()
        .prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE token_hash = ?")
        .bind(await sha256Hex(token))
        .run();
      const allowed = scopeFor(row.method, new URL(path, 'http://localhost').pathname.replace(/^\/api/, '')) !== null;
      expect(res.status).toBe(PROGRAM_ANSWERS[label(row)] ?? (allowed ? row.expected.a : 403));
    },
  );

  it('a token of the admin is a customer, a read token cannot try, a revoked one is nothing', async () => {
    const admin = await tokenFor(users.admin.id, ['read', 'try']);
    expect((await call('/api/proposals', { headers: { Authorization: `Bearer ${admin}` } })).status).toBe(403);
    const reader = await tokenFor(users.a.id, ['read']);
    const tried = await call(`/api/agents/${(await agentOfC()).id}/try`, {
      method: 'POST',
      json: { expectedCost: 3 },
      headers: { Authorization: `Bearer ${reader}` },
    });
    expect(tried.status).toBe(403);
    await db()
      .prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE token_hash = ?")
      .bind(await sha256Hex(reader))
      .run();
    for (const path of ['/api/agents', '/api/credits/balance'])
      expect((await call(path, { headers: { Authorization: `Bearer ${reader}` } })).status).toBe(401);
  });

  it('/mcp: no token and a revoked one are 401, a foreign page 403, a token answers as its owner', async () => {
    const mcp = (
      headers: Record<string, string>,
      body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'my_balance', arguments: {} } },
    ) =>
      call('/mcp', {
        method: 'POST',
        json: body,
        headers: { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18', ...headers },
      });
    const token = await tokenFor(users.a.id, ['read']);
    const answered = await mcp({ Authorization: `Bearer ${token}` });
    expect(answered.status).toBe(200);
    expect(await documented.problems('POST', '/mcp', answered)).toEqual([]);
    const balance = (await db()
      .prepare('SELECT credits FROM users WHERE id = ?')
      .bind(users.a.id)
      .first<{ credits: number }>())!.credits;
    expect(await answered.json()).toMatchObject({ result: { structuredContent: { balance } } });
    expect((await mcp({})).status).toBe(401);
    expect((await mcp({ Authorization: `Bearer ${token}`, Origin: 'https://evil.example' })).status).toBe(403);
    // A try needs the try scope, as on /api.
    const tryAnswer = await mcp(
      { Authorization: `Bearer ${token}` },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'try_agent', arguments: { agentId: 1, expectedCost: 7 } },
      },
    );
    expect(await tryAnswer.json()).toMatchObject({ result: { isError: true } });
    await db()
      .prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE token_hash = ?")
      .bind(await sha256Hex(token))
      .run();
    expect((await mcp({ Authorization: `Bearer ${token}` })).status).toBe(401);
  });
});

describe('nobody reads or changes what is not theirs', () => {
  const agentRow = (id: number) =>
    db().prepare('SELECT name, description, credit_cost, creator_id FROM agents WHERE id = ?').bind(id).first();
  const credits = async (id: number) =>
    (await db()
      .prepare('SELECT credits, consumed FROM users WHERE id = ?')
      .bind(id)
      .first<{ credits: number; consumed: number }>())!;

  it("B, staff and admin cannot edit A's agent; B and staff cannot delete it; admin can", async () => {
    const agent = await agentOfA();
    const before = await agentRow(agent.id);
    for (const who of ['b', 'staff', 'admin'] as const) {
      const cookie = await cookieFor(who);
      const edit = await call(`/api/agents/${agent.id}`, {
        method: 'PUT',
        json: { ...validAgent, name: `Stolen by ${who}`, creditCost: 1 },
        cookie,
      });
      expect(edit.status, who).toBe(403);
      expect(await agentRow(agent.id)).toEqual(before);
    }
    for (const who of ['b', 'staff'] as const) {
      expect(
        (await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: await cookieFor(who) })).status,
        who,
      ).toBe(403);
      expect(await agentRow(agent.id)).toEqual(before);
    }
    const removed = await call(`/api/agents/${agent.id}`, { method: 'DELETE', cookie: await cookieFor('admin') });
    expect(removed.status).toBe(200);
    expect(await agentRow(agent.id)).toBeNull();
    expect((await call(`/api/agents/${agent.id}`)).status).toBe(404);
  });

  it('an agent cannot be given to someone else through the body', async () => {
    const res = await call('/api/agents', {
      json: { ...validAgent, creatorId: users.b.id, creator_id: users.b.id },
      cookie: await cookieFor('a'),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ creatorId: users.a.id });
  });

  it("B cannot change A's profile", async () => {
    const before = await db().prepare('SELECT username, email FROM users WHERE id = ?').bind(users.a.id).first();
    const res = await call(`/api/users/${users.a.id}`, {
      method: 'PUT',
      json: { username: 'b_took_over', email: 'b-took-over@example.com' },
      cookie: await cookieFor('b'),
    });
    expect(res.status).toBe(403);
    expect(await db().prepare('SELECT username, email FROM users WHERE id = ?').bind(users.a.id).first()).toEqual(
      before,
    );
    // The public profile B may read has no email.
    expect(
      JSON.stringify(await (await call(`/api/users/${users.a.id}`, { cookie: await cookieFor('b') })).json()),
    ).not.toContain(users.a.email);
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
    expect(await (await call(`/api/payments/sandbox/${id}`, { cookie: a })).json()).toMatchObject({
      id,
      status: 'open',
      credits: 200,
    });
    expect((await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie: a })).status).toBe(200);
    expect((await credits(users.a.id)).credits).toBe(aBefore.credits + 200);
  });

  it("B's balance and transactions are B's alone", async () => {
    const id = await sandboxOfA(75);
    await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie: await cookieFor('a') });
    const b = await cookieFor('b');
    const list = await (await client(b).credits.transactions.$get()).json();
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((t) => t.reference === id)).toBe(false);
    const bIds = (
      await db().prepare('SELECT id FROM credit_ledger WHERE user_id = ?').bind(users.b.id).all<{ id: number }>()
    ).results.map((r) => r.id);
    expect(list.map((t) => t.id).sort((x, y) => x - y)).toEqual(bIds.sort((x, y) => x - y));
    // Query parameters naming someone else change nothing.
    const sneaky = await (await client(b).credits.transactions.$get({ query: { userId: String(users.a.id) } })).json();
    expect(sneaky.map((t) => t.id).sort((x, y) => x - y)).toEqual(bIds.sort((x, y) => x - y));
    const balance = await (await call(`/api/credits/balance?userId=${users.a.id}`, { cookie: b })).json();
    expect(balance).toEqual({
      balance: (await credits(users.b.id)).credits,
      consumed: (await credits(users.b.id)).consumed,
    });
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

  it("B cannot rate in A's name; ratings show usernames, never emails", async () => {
    const agent = await agentOfA();
    const res = await call('/api/ratings', {
      json: { agentId: agent.id, userId: users.a.id, rating: 1, comment: 'as A' },
      cookie: await cookieFor('b'),
    });
    expect(res.status).toBe(403);
    expect(await db().prepare('SELECT count(*) AS n FROM ratings WHERE agent_id = ?').bind(agent.id).first()).toEqual({
      n: 0,
    });
    await call('/api/ratings', {
      json: { agentId: agent.id, rating: 5, comment: 'mine' },
      cookie: await cookieFor('b'),
    });
    const list = await okBody(
      await client().agents[':id'].ratings.$get({ param: { id: String(agent.id) }, query: {} }),
    );
    expect(list).toEqual([
      expect.objectContaining({ userId: users.b.id, rating: 5, user: { username: users.b.username } }),
    ]);
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

const BODY_ROUTES: BodyRoute[] = [
  {
    route: 'POST /api/auth/register',
    method: 'POST',
    who: 'visitor',
    valid: { username: 'hostile_reg', email: 'hostile_reg@example.com', password: 'secret-pass' },
    path: async () => '/api/auth/register',
    headers: freshClient,
  },
  {
    route: 'POST /api/auth/login',
    method: 'POST',
    who: 'visitor',
    valid: { username: 'nobody_at_all', password: 'secret-pass' },
    path: async () => '/api/auth/login',
    headers: freshClient,
  },
  {
    route: 'POST /api/auth/google',
    method: 'POST',
    who: 'visitor',
    valid: { credential: 'not-a-jwt' },
    path: async () => '/api/auth/google',
  },
  { route: 'POST /api/agents', method: 'POST', who: 'a', valid: validAgent, path: async () => '/api/agents' },
  {
    route: 'PUT /api/agents/:id',
    method: 'PUT',
    who: 'a',
    valid: validAgent,
    path: async () => `/api/agents/${(await agentOfA()).id}`,
  },
  {
    route: 'POST /api/ratings',
    method: 'POST',
    who: 'b',
    valid: { agentId: 1, rating: 4, comment: 'Fine.' },
    path: async () => '/api/ratings',
  },
  {
    route: 'POST /api/payments/create-checkout',
    method: 'POST',
    who: 'b',
    valid: { amount: 50 },
    path: async () => '/api/payments/create-checkout',
  },
  {
    route: 'PUT /api/users/:id',
    method: 'PUT',
    who: 'b',
    valid: { username: 'hostile_b', email: 'hostile_b@example.com' },
    path: async () => `/api/users/${users.b.id}`,
  },
  {
    route: 'POST /api/propose-agent',
    method: 'POST',
    who: 'visitor',
    valid: visitorProposal,
    path: async () => '/api/propose-agent',
  },
  {
    route: 'PUT /api/users/:id/public-profile',
    method: 'PUT',
    who: 'b',
    valid: { displayName: 'B', bio: 'Bio.', website: 'https://b.example' },
    path: async () => `/api/users/${users.b.id}/public-profile`,
  },
  {
    route: 'PATCH /api/proposals/:id',
    method: 'PATCH',
    who: 'staff',
    valid: { status: 'reviewed' },
    path: async () => `/api/proposals/${await proposal()}`,
  },
  {
    route: 'POST /api/earnings/payouts',
    method: 'POST',
    who: 'b',
    valid: { amountCents: 2000 },
    path: async () => '/api/earnings/payouts',
  },
  {
    route: 'POST /api/earnings/payouts/:id/sandbox',
    method: 'POST',
    who: 'a',
    valid: { outcome: 'paid' },
    path: async () => `/api/earnings/payouts/${await payoutOfA()}/sandbox`,
  },
  // The consent page's calls and a connected app's limit (docs/decisions/0042).
  {
    route: 'POST /api/oauth/consent/begin',
    method: 'POST',
    who: 'a',
    valid: { query: '?response_type=code&client_id=matrix&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb' },
    path: async () => '/api/oauth/consent/begin',
  },
  {
    route: 'POST /api/oauth/consent',
    method: 'POST',
    who: 'a',
    valid: { handle: 'no-such-handle', allow: true, scopes: ['read'], spendLimit: 5 },
    path: async () => '/api/oauth/consent',
  },
  {
    route: 'PATCH /api/connections/:id',
    method: 'PATCH',
    who: 'a',
    valid: { spendLimit: 10 },
    path: async () => `/api/connections/${await connectionOfA()}`,
  },
];

const INJECTIONS = [
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '" OR 1=1 --',
  '%00\u0000\u202e',
  '{{7*7}}${7*7}',
];
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

async function send(
  r: BodyRoute,
  body: string | undefined,
  extra: Record<string, string> = { 'Content-Type': 'application/json' },
) {
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
      await expectSafe(
        await send(r, JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } })),
        'proto',
      );
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
        expect(await db().prepare(`SELECT count(*) AS n FROM ${table}`).first(), table).toEqual({
          n: expect.any(Number),
        });
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
        [
          'form',
          new URLSearchParams(Object.entries(r.valid).map(([k, v]): [string, string] => [k, String(v)])).toString(),
          'application/x-www-form-urlencoded',
        ],
        ['text', JSON.stringify(r.valid), 'text/plain'],
      ] as const) {
        const res = await send(r, body, { 'Content-Type': type });
        // Routes without a JSON body schema may accept odd content, but never with a 5xx.
        await expectSafe(res, label);
        expect(res.status, label).toBe(400);
      }
    });

    it('a cross-site Origin or Fetch Metadata: 403', async () => {
      for (const headers of [
        { Origin: 'https://evil.example' },
        { Origin: 'null' },
        { 'Sec-Fetch-Site': 'cross-site' },
      ] as Record<string, string>[]) {
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
      const res = await call(path, {
        method,
        cookie: await signIn(path.includes('admin') ? users.admin.id : users.a.id),
        headers: evil,
      });
      expect(res.status, path).toBe(403);
    }
    expect((await call(`/api/agents/${agent.id}`)).status).toBe(200);
    expect(await db().prepare('SELECT credits FROM users WHERE id = ?').bind(users.a.id).first()).toEqual(before);
    expect(
      await (await call(`/api/payments/sandbox/${id}`, { cookie: await signIn(users.a.id) })).json(),
    ).toMatchObject({ status: 'open' });
    // The same origin passes: the check is about the site, not about POST itself.
    expect(
      (
        await call(`/api/agents/${agent.id}`, {
          method: 'DELETE',
          cookie: await signIn(users.a.id),
          headers: { Origin: 'http://localhost' },
        })
      ).status,
    ).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// The document: every operation's real answers above were held to it; here the successes the rows
// do not reach (they check who may act, so some routes are only ever refused there), then the
// check that every documented operation answered a documented success.

/**
 * Operations whose success needs a service these tests' bindings leave out, so only their refusals
 * are held to the document here; their own tests run them against stand-ins.
 */
const SUCCESS_NOT_REACHED: Record<string, string> = {
  'GET /api/auth/login/google':
    'Google sign-in is not configured here (worker/features/auth/google.test.ts runs it against the OpenID stand-in)',
  'POST /api/auth/google': 'Google sign-in is not configured here (worker/features/auth/google.test.ts)',
  'POST /api/auth/external-login':
    'provider mode is off here (worker/features/provider/provider.test.ts runs it against the provider stand-in)',
  'POST /api/payments/webhook':
    "needs Stripe's signing secret (worker/features/payments/stripe.test.ts signs events for the stand-in)",
};

describe('the OpenAPI document', () => {
  /** A new account with a password, signed in: its id and cookie (registration is what sets a password). */
  async function registered(): Promise<{ id: number; cookie: string; email: string }> {
    const username = `doc_${crypto.randomUUID().slice(0, 8)}`;
    const email = `${username}@example.com`;
    const res = await call('/api/auth/register', {
      json: { username, email, password: 'secret-pass' },
      headers: freshClient(),
    });
    expect(await documented.problems('POST', '/api/auth/register', res)).toEqual([]);
    expect(res.status).toBe(201);
    const cookie = res.headers.get('Set-Cookie')!.match(/am_session=[^;]+/)![0];
    return { id: (await untypedBody.sessionUser(res)).id, cookie, email };
  }

  it('the successes the rows do not reach are what the document says', async () => {
    const person = await registered();
    const answers: [string, string, Response][] = [];
    const send = async (method: string, route: string, path: string, init: Parameters<typeof call>[1] = {}) => {
      const res = await call(path, { method, ...init });
      answers.push([method, route, res]);
      return res;
    };
    const { email } = person;
    await send('POST', '/api/auth/login', '/api/auth/login', {
      json: { username: email, password: 'secret-pass' },
      headers: freshClient(),
    });
    await send('POST', '/api/auth/change-email', '/api/auth/change-email', {
      json: { currentPassword: 'secret-pass', email: `new-${email}` },
      cookie: person.cookie,
      headers: freshClient(),
    });
    await send('POST', '/api/auth/change-password', '/api/auth/change-password', {
      json: { currentPassword: 'secret-pass', newPassword: 'newer-secret-pass' },
      cookie: person.cookie,
      headers: freshClient(),
    });
    // A new session: changing the password ended the others.
    const cookie = await signIn(person.id);
    await send('PUT', '/api/media/profile-picture', '/api/media/profile-picture', {
      body: formWith({ picture: [jpeg(256, 256), 'me.jpg', 'image/jpeg'] }),
      cookie,
    });
    const agent = await okBody(
      await client(cookie).agents.$post({ json: { ...validAgent, name: `Documented ${person.id}` } }),
    );
    const cover = formWith({ cover: [png(640, 400), 'cover.png', 'image/png'] });
    await send('PUT', '/api/media/agents/:id/cover', `/api/media/agents/${agent.id}/cover`, { body: cover, cookie });
    // A payout: $20 of A's earnings made available, and a sandbox payout account.
    await earningsOfA(2000);
    const a = await signIn(users.a.id);
    expect((await call('/api/earnings/payout-account/sandbox', { method: 'POST', cookie: a })).status).toBe(200);
    await send('POST', '/api/earnings/payouts', '/api/earnings/payouts', { json: { amountCents: 2000 }, cookie: a });
    // A consent page's decision (docs/decisions/0042): with the binding cookie its opening set.
    const begun = await call('/api/oauth/consent/begin', { json: { query: await consentQuery() }, cookie });
    const { handle } = (await begun.json()) as { handle: string };
    const binding = (begun.headers as unknown as { getSetCookie(): string[] })
      .getSetCookie()
      .map((set) => set.split(';')[0]);
    await send('POST', '/api/oauth/consent', '/api/oauth/consent', {
      json: { handle, allow: true, scopes: ['read'], spendLimit: 10 },
      cookie: [cookie, ...binding].join('; '),
    });

    for (const [method, route, res] of answers) {
      expect(res.status, `${method} ${route}: ${await res.clone().text()}`).toBeLessThan(300);
      expect(await documented.problems(method, route, res)).toEqual([]);
    }
  });

  it('the check itself refuses an answer the document does not allow', async () => {
    const answer = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const agent = await (await call('/api/agents/1')).json();
    expect(await documented.problems('GET', '/api/agents/:id', answer(200, agent))).toEqual([]);
    expect(
      await documented.problems('GET', '/api/agents/:id', answer(200, { ...(agent as object), creditCost: '7' })),
    ).not.toEqual([]);
    expect(
      await documented.problems('GET', '/api/agents/:id', answer(200, { ...(agent as object), videoUrl: 'not a url' })),
    ).not.toEqual([]);
    expect(await documented.problems('GET', '/api/agents/:id', answer(418, { message: 'x', error: 'x' }))).not.toEqual(
      [],
    );
    expect(await documented.problems('POST', '/api/auth/login', answer(429, { message: 'x', error: 'x' }))).toEqual([
      'POST /api/auth/login 429: no Retry-After header',
    ]);
  });

  it('every documented operation answered a success it declares, but those named with their reason', async () => {
    const doc = await documented.document();
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(90);
    const missing = operations.filter((op) => !documented.succeeded.has(op) && !(op in SUCCESS_NOT_REACHED));
    expect(missing, 'documented operations no test above answered with a success').toEqual([]);
    // The list is exact: an operation that does answer a success here, or no longer exists, leaves it.
    expect(
      Object.keys(SUCCESS_NOT_REACHED).filter((op) => documented.succeeded.has(op) || !operations.includes(op)),
    ).toEqual([]);
  });
});

// Small, explicit data sets for worker tests, written with plain SQL against the migrated schema.
import { env, exports } from 'cloudflare:workers';
import { hc } from 'hono/client';
import { expect } from 'vitest';
import type {
  ApiErrorBody,
  Balance,
  EarningsBalance,
  OperatorTotals,
  Payout,
  Rating,
  SessionUser,
  TryResult,
} from '#common/types.ts';
import { SEARCH_HEADERS, type SearchHit } from '#common/search.ts';
import type { AppType } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import { mailsTo, nthMailTo, tokenIn } from './mail';

export const db = () => env.DB;

/** The n of a counting query (`SELECT count(*) AS n …`), its placeholders bound to `params`. */
export async function countOf(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  if (!row) throw new Error(`no row from ${sql}`);
  return row.n;
}

export async function seedCatalog() {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO categories (id, name, icon, is_main_category) VALUES
       (1, 'Marketing', 'chart-line', 1), (2, 'Finance', 'money-bill-alt', 1), (3, 'Legal', 'gavel', 0)`,
    ),
    env.DB.prepare(
      `INSERT INTO departments (id, name, category_id) VALUES (1, 'Marketing', 1), (2, 'Finance', 2), (3, 'Legal', 3)`,
    ),
    env.DB.prepare(
      `INSERT INTO users (id, username, email, role) VALUES
       (1, 'alice', 'alice@example.com', 'user'), (2, 'bob', 'bob@example.com', 'user')`,
    ),
    env.DB.prepare(
      `INSERT INTO agents (id, name, description, category_id, department_id, creator_id, average_rating, vote_count, credit_cost, features, created_at, is_featured) VALUES
       (1, 'LeadScout Pro', 'Finds and qualifies sales leads from public company data.', 1, 1, 1, 4.5, 10, 7, '["Lead scoring","CRM sync"]', '2026-01-01T00:00:00.000Z', 1),
       (2, 'LedgerLens', 'Reconciles invoices against bank statements automatically.', 2, 2, NULL, 5, 1, 12, 'Bank feeds', '2026-03-01T00:00:00.000Z', 0),
       (3, 'ContractSentry', 'Reviews contracts and flags risky clauses for legal teams.', 3, 3, 2, 3, 40, 25, '[]', '2026-02-01T00:00:00.000Z', 0)`,
    ),
  ]);
}

/** A valid proposal from a visitor (POST /api/propose-agent). */
export const visitorProposal = {
  name: 'Shift Planner',
  description: 'Plans rota shifts around staff holidays.',
  proposerName: 'Vera',
  proposerEmail: 'vera@example.com',
};

/** An agent row for a test: the columns it sets, by their SQL names; the rest keep the schema's defaults. */
export type AgentFixture = { id: number; name: string } & Record<string, string | number | null>;

/** Inserts agents in one batch, each in category 1 with a one-line description unless the row says otherwise. */
export async function insertAgents(...rows: AgentFixture[]): Promise<void> {
  await env.DB.batch(
    rows.map((row) => {
      const values = { description: `${row.name}, a test agent.`, category_id: 1, ...row };
      const columns = Object.keys(values);
      return env.DB.prepare(
        `INSERT INTO agents (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      ).bind(...Object.values(values));
    }),
  );
}

/** Every Set-Cookie of a response (workers-types does not declare getSetCookie). */
export const setCookies = (res: Response): string[] =>
  (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie();

/** The request a browser on the worker's own origin sends for `path`. */
export function browserRequest(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  if (init.cookie) headers.set('Cookie', init.cookie);
  const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET');
  if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin')) headers.set('Origin', 'http://localhost');
  return new Request(`http://localhost${path}`, {
    ...init,
    method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

/** Calls the worker as a browser on its own origin would. */
export function call(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
  return exports.default.fetch(browserRequest(path, init));
}

/** Sends `body` exactly as written, declared as JSON (a POST unless `init` says otherwise): for malformed bodies. */
export function callRaw(
  path: string,
  body: string,
  init: { method?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return call(path, {
    method: 'POST',
    ...init,
    body,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** A page as a browser asks for it (Accept: text/html): the answer and its HTML. */
export async function htmlPage(path: string, cookie?: string) {
  const res = await call(path, { headers: { Accept: 'text/html' }, cookie });
  return { res, html: await res.text() };
}

/** GET /api/agents/search for `q` (and `extra`, more of the query string), checked to answer 200, with its headers read. */
export async function searchAgents(q: string, extra = '') {
  const res = await call(`/api/agents/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, q).toBe(200);
  // The route's type says Agent[]: it does not declare the highlights search adds (SearchHit).
  const hits = (await res.json()) as SearchHit[];
  const corrected = res.headers.get(SEARCH_HEADERS.corrected);
  return {
    res,
    hits,
    names: hits.map((h) => h.name),
    corrected: corrected === null ? null : decodeURIComponent(corrected),
    anyTerm: res.headers.get(SEARCH_HEADERS.anyTerm) === '1',
    total: Number(res.headers.get('X-Total-Count')),
  };
}

/** A request as a browser on the worker's own origin sends it: with an Origin on writes. */
function sameOrigin(input: RequestInfo | URL, init?: RequestInit): Request {
  const request = new Request(input, init);
  if (request.method === 'GET' || request.method === 'HEAD' || request.headers.has('Origin')) return request;
  const headers = new Headers(request.headers);
  headers.set('Origin', 'http://localhost');
  return new Request(request, { headers });
}

const clientOptions = (cookie: string | undefined, headers: Record<string, string>) =>
  cookie ? { ...headers, Cookie: cookie } : headers;

/**
 * The worker's API through Hono's typed client, typed by its routes as the app's own client is
 * (app/lib/api-client.ts), sent as `call` sends: on the worker's own origin through
 * exports.default.fetch (the whole app, middleware included), with an Origin on writes.
 * `await client(cookie).agents[':id'].$get({ param: { id: '1' } })`. A request's own headers (an
 * Idempotency-Key, a client address) go in the second argument here or of the call:
 * `.$post({ json }, { headers: { 'Idempotency-Key': key } })`.
 */
export const client = (cookie?: string, headers: Record<string, string> = {}) =>
  hc<AppType>('http://localhost/api', {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(sameOrigin(input, init)),
    headers: clientOptions(cookie, headers),
  });

/** The same client for the app under other bindings (Stripe configured, payments off...): app.fetch with them. */
export const clientWith = (bindings: Bindings, cookie?: string, headers: Record<string, string> = {}) =>
  hc<AppType>('http://localhost/api', {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
      (await import('#worker/app.ts')).app.fetch(sameOrigin(input, init), bindings),
    headers: clientOptions(cookie, headers),
  });

/**
 * The body of a successful answer, typed by its route without the error body the route's refusals
 * send: throws (with the status and body) on a 4xx or 5xx, so the type is what was checked.
 */
export async function okBody<
  R extends { ok: boolean; status: number; json(): Promise<unknown>; text(): Promise<string> },
>(res: R): Promise<NonNullable<Exclude<Awaited<ReturnType<R['json']>>, ApiErrorBody>>> {
  if (!res.ok) throw new Error(`expected a success, got ${res.status}: ${await res.text()}`);
  const body = await res.json();
  if (body === null) throw new Error(`expected a body, got null (${res.status})`);
  return body as NonNullable<Exclude<Awaited<ReturnType<R['json']>>, ApiErrorBody>>;
}

/**
 * Routes whose handlers return a plain Response on some path, so Hono's client types their bodies as
 * unknown: those answering through once() or settleKey() (worker/lib/idempotency.ts: POST
 * /api/ratings, POST /api/agents/:id/try, GET /api/agents/:id/try/:key, POST
 * /api/payments/create-checkout, POST /api/earnings/to-credits, POST /api/earnings/payouts) and the
 * sign-ins that may pass on the provider's answer (POST /api/auth/login, /api/auth/external-login),
 * and GET /api/admin/totals, whose CSV form is a plain Response (its query type is also the
 * validator's output, every field required, so tests call it by path).
 * Their success bodies are named here, once, after the same check as okBody, rather than cast where
 * each test reads them.
 */
type Answer = { ok: boolean; status: number; json(): Promise<unknown>; text(): Promise<string> };
export const untypedBody = {
  review: async (res: Answer) => (await okBody(res)) as Rating,
  tryResult: async (res: Answer) => (await okBody(res)) as TryResult,
  checkout: async (res: Answer) => (await okBody(res)) as { url: string },
  toCredits: async (res: Answer) => (await okBody(res)) as Balance & { moved: number; earnings: EarningsBalance },
  payout: async (res: Answer) => (await okBody(res)) as { payout: Payout; earnings: EarningsBalance },
  sessionUser: async (res: Answer) => (await okBody(res)) as SessionUser,
  operatorTotals: async (res: Answer) => (await okBody(res)) as OperatorTotals,
};

/** The message of a refusal ({message, error}), checked to be text. */
export async function messageOf(res: { json(): Promise<unknown> }): Promise<string> {
  const body: unknown = await res.json();
  if (body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message;
  throw new Error(`expected a refusal's message, got ${JSON.stringify(body)}`);
}

let unique = 0;
/** A name no other call in this test file has made (usernames, addresses, agents): `prefix`, the time, a counter. */
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${unique++}`;
/** Headers of a client of its own (CF-Connecting-IP), so per-client limits other requests reached stay out of the way. */
export const freshClient = () => {
  const n = unique++;
  return { 'CF-Connecting-IP': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
};

let userCounter = 1000;
/** How many fixture admin addresses ADMIN_EMAILS lists for tests. */
export const ADMIN_FIXTURES = 20;
let adminCounter = 0;

/** Creates an account (with its sign-up ledger row, as registration does) and returns its id. */
export async function createUser(
  options: {
    username?: string;
    email?: string;
    role?: 'user' | 'staff' | 'admin';
    credits?: number;
    verified?: boolean;
  } = {},
): Promise<{ id: number; username: string; email: string }> {
  const n = userCounter++;
  const username = options.username ?? `user${n}`;
  // Roles come from the configuration on every request (docs/decisions/0038): an admin is a confirmed
  // address in ADMIN_EMAILS (vitest.worker.config.ts lists admin@example.com and admin-1…admin-20@example.com),
  // staff a confirmed address at STAFF_EMAIL_DOMAIN (example.cc) signed in through 'Internal' (signIn does that for them).
  const roleEmail =
    options.role === 'admin'
      ? `admin-${(adminCounter++ % ADMIN_FIXTURES) + 1}@example.com`
      : options.role === 'staff'
        ? `${username}@example.cc`
        : null;
  const email = options.email ?? roleEmail ?? `${username}@example.com`;
  const credits = options.credits ?? 100;
  const verified = options.verified ?? (options.role === 'admin' || options.role === 'staff');
  const row = await env.DB.prepare(
    `INSERT INTO users (username, email, role, credits, email_verified_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(username, email, options.role ?? 'user', credits, verified ? new Date().toISOString() : null)
    .first<{ id: number }>();
  const id = row!.id;
  await env.DB.prepare(
    `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key) VALUES (?, 'signup', ?, ?, ?)`,
  )
    .bind(id, credits, credits, `signup:${id}`)
    .run();
  return { id, username, email };
}

/**
 * The signed-in person (SessionUser) an account is as registration or createUser leaves it: 100
 * credits, none used, a customer, no picture, its address not yet confirmed.
 */
export const newSessionUser = (user: { id: number; username: string; email: string }) => ({
  ...user,
  credits: 100,
  consumed: 0,
  role: 'user',
  profilePicture: null,
  createdAt: expect.any(String),
  emailVerified: false,
});

/**
 * Starts a session for a user the way login does, and returns the Cookie header value. A staff
 * account's session is an 'Internal' sign-in, the only kind that acts as staff (docs/decisions/0038).
 */
export async function signIn(userId: number): Promise<string> {
  const token = crypto.randomUUID() + crypto.randomUUID();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  await env.DB.prepare(
    `INSERT INTO sessions (token_hash, user_id, expires_at, internal) SELECT ?, id, ?, role = 'staff' FROM users WHERE id = ?`,
  )
    .bind(hash, Date.now() + 3_600_000, userId)
    .run();
  return `am_session=${token}`;
}

/** The session cookie a response sets, as a Cookie header value. */
export const sessionCookieOf = (res: { headers: Headers }) =>
  `am_session=${/am_session=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1] ?? ''}`;

/** The signed-in person of a Cookie header value, or null when it holds no live session. */
export async function sessionOf(cookie: string) {
  const res = await client(cookie).auth.session.$get();
  return res.status === 200 ? okBody(res) : null;
}

/** Resets the password of `email` as its owner does: asks for the mail (from a client sending `headers`), follows its link. */
export async function resetPasswordByMail(email: string, password: string, headers: Record<string, string>) {
  const before = (await mailsTo(email)).length;
  expect((await call('/api/auth/forgot-password', { json: { email }, headers })).status).toBe(202);
  const token = tokenIn(await nthMailTo(email, before + 1), '/reset-password');
  expect((await call('/api/auth/reset-password', { json: { token, password } })).status).toBe(200);
}

/** A CSV download's text with its byte order mark (Response.text() drops it), failing on bad UTF-8. */
export const csvText = async (res: Response) =>
  new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await res.arrayBuffer());

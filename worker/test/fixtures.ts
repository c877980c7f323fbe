// Small, explicit data sets for worker tests, written with plain SQL against the migrated schema.
import { env, exports } from 'cloudflare:workers';

export const db = () => env.DB;

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

/** Every Set-Cookie of a response (workers-types does not declare getSetCookie). */
export const setCookies = (res: Response): string[] => (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie();

/** Calls the worker as a browser on its own origin would. */
export function call(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  if (init.cookie) headers.set('Cookie', init.cookie);
  const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET');
  if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin')) headers.set('Origin', 'http://localhost');
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      ...init,
      method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }),
  );
}

let userCounter = 1000;

/** Creates an account (with its sign-up ledger row, as registration does) and returns its id. */
export async function createUser(
  options: { username?: string; email?: string; role?: 'user' | 'staff' | 'admin'; credits?: number; verified?: boolean } = {},
): Promise<{ id: number; username: string; email: string }> {
  const n = userCounter++;
  const username = options.username ?? `user${n}`;
  const email = options.email ?? `${username}@example.com`;
  const credits = options.credits ?? 100;
  const row = await env.DB.prepare(
    `INSERT INTO users (username, email, role, credits, email_verified_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(username, email, options.role ?? 'user', credits, options.verified ? new Date().toISOString() : null)
    .first<{ id: number }>();
  const id = row!.id;
  await env.DB.prepare(
    `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key) VALUES (?, 'signup', ?, ?, ?)`,
  )
    .bind(id, credits, credits, `signup:${id}`)
    .run();
  return { id, username, email };
}

/** Starts a session for a user the way login does, and returns the Cookie header value. */
export async function signIn(userId: number): Promise<string> {
  const token = crypto.randomUUID() + crypto.randomUUID();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  await env.DB.prepare('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)')
    .bind(hash, userId, Date.now() + 3_600_000)
    .run();
  return `am_session=${token}`;
}

/** A CSV download's text with its byte order mark (Response.text() drops it), failing on bad UTF-8. */
export const csvText = async (res: Response) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await res.arrayBuffer());

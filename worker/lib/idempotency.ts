// One answer per Idempotency-Key (issue 20, migrations/0005): a key belongs to one user and one
// request. The first request holds it while it runs; its 2xx answer is stored and every repeat gets
// exactly those bytes back. A refusal or failure before the effect frees the key, so the retry
// runs for real; once the effect happened ('applied') a retry only finishes the answer.
import type { Context } from 'hono';
import { IDEMPOTENCY_IN_PROGRESS, TRY_NOT_CHARGED } from '../../common/idempotency';
import type { AppEnv } from '../env';
import { fail } from './http';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_REUSED, INVALID_IDEMPOTENCY_KEY } from './ledger';

/** A holder silent this long is taken to have died (a request runs in seconds); a retry takes over. */
export const STALE_MS = 30_000;
/** How long a repeat waits for the first request's answer before answering 409 (try again). */
const WAIT_MS = 2_000;
/** Each round is two D1 queries; rounds are few so a request stays well inside Workers' query limits. */
const WAIT_STEP_MS = 200;

interface KeyRow {
  user_id: number;
  request: string;
  state: 'pending' | 'applied' | 'done' | 'void';
  status: number | null;
  body: string | null;
  updated_at: number;
}

export interface Step {
  /** The caller's key; null when the request came without one (it then runs unprotected). */
  key: string | null;
  /** The effect already happened for this key: produce the answer without repeating it. */
  applied: boolean;
  /** Call right after the effect, so that a failure while answering is not paid twice. */
  markApplied: () => Promise<void>;
}

const readKey = (c: Context<AppEnv>, key: string) =>
  c.env.DB.prepare('SELECT user_id, request, state, status, body, updated_at FROM idempotency_keys WHERE key = ?').bind(key).first<KeyRow>();

const replay = (row: KeyRow) =>
  new Response(row.body, { status: row.status ?? 200, headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' } });

const inProgress = (c: Context<AppEnv>) => {
  c.header('Retry-After', '1');
  return fail(c, 409, IDEMPOTENCY_IN_PROGRESS);
};

const stale = (row: KeyRow) => row.state === 'pending' && row.updated_at < Date.now() - STALE_MS;

/** Keeps a 2xx answer as the key's answer for good; anything else frees a key whose effect never happened. */
async function settle(c: Context<AppEnv>, key: string, res: Response | null): Promise<Response | null> {
  const db = c.env.DB;
  if (res?.ok) {
    const body = await res.text();
    await db
      .prepare("UPDATE idempotency_keys SET state = 'done', status = ?, body = ?, updated_at = ? WHERE key = ? AND state IN ('pending', 'applied')")
      .bind(res.status, body, Date.now(), key)
      .run();
    return new Response(body, { status: res.status, headers: res.headers });
  }
  await db.prepare("DELETE FROM idempotency_keys WHERE key = ? AND state = 'pending'").bind(key).run();
  return res;
}

/**
 * Runs `run` at most once per Idempotency-Key of the signed-in user. `request` names the request
 * (same key with another request or user: 409). Repeats get the first 2xx answer byte for byte; a
 * repeat while the first still runs waits for that answer, up to 2 s, then gets 409 with Retry-After.
 */
export async function once(c: Context<AppEnv>, request: string, run: (step: Step) => Promise<Response>): Promise<Response> {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) return run({ key: null, applied: false, markApplied: async () => {} });
  if (!IDEMPOTENCY_KEY.test(key)) return fail(c, 400, INVALID_IDEMPOTENCY_KEY);
  const userId = c.var.user!.id;
  const db = c.env.DB;
  let applied = false;
  // A repeat arriving while the first still runs waits for its answer a little before giving up.
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const now = Date.now();
    // Taken when new, or from a holder that went silent (the worker died mid-request).
    const taken = await db
      .prepare(
        `INSERT INTO idempotency_keys (key, user_id, request, updated_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (key) DO UPDATE SET updated_at = ?4
         WHERE idempotency_keys.state = 'pending' AND idempotency_keys.user_id = ?2 AND idempotency_keys.request = ?3
           AND idempotency_keys.updated_at < ?4 - ?5
         RETURNING key`,
      )
      .bind(key, userId, request, now, STALE_MS)
      .first();
    if (taken) break;
    const row = await readKey(c, key);
    if (row && (row.user_id !== userId || row.request !== request)) return fail(c, 409, IDEMPOTENCY_KEY_REUSED);
    if (row?.state === 'done') return replay(row);
    if (row?.state === 'void') return fail(c, 409, TRY_NOT_CHARGED);
    if (row?.state === 'applied') {
      applied = true;
      break;
    }
    if (waited >= WAIT_MS) return inProgress(c);
    // Still running, or just freed by a holder that failed (then the next round takes it).
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  const markApplied = async () => {
    await db.prepare("UPDATE idempotency_keys SET state = 'applied', updated_at = ? WHERE key = ? AND state = 'pending'").bind(Date.now(), key).run();
  };
  let res: Response;
  try {
    res = await run({ key, applied, markApplied });
  } catch (err) {
    await settle(c, key, null);
    throw err;
  }
  return (await settle(c, key, res))!;
}

/**
 * Settles a key a reloaded page still holds, without ever starting its effect: the stored answer,
 * or the answer `finish` makes when the effect happened (it returns null when it did not), or 404
 * TRY_NOT_CHARGED. A key nobody used yet is voided, so a request still on its way cannot run later.
 */
export async function settleKey(
  c: Context<AppEnv>,
  key: string,
  request: string,
  finish: (applied: boolean) => Promise<Response | null>,
): Promise<Response> {
  if (!IDEMPOTENCY_KEY.test(key)) return fail(c, 400, INVALID_IDEMPOTENCY_KEY);
  const userId = c.var.user!.id;
  const db = c.env.DB;
  const voided = await db
    .prepare(
      `INSERT INTO idempotency_keys (key, user_id, request, state, updated_at) VALUES (?, ?, ?, 'void', ?)
       ON CONFLICT (key) DO NOTHING RETURNING key`,
    )
    .bind(key, userId, request, Date.now())
    .first();
  if (voided) return fail(c, 404, TRY_NOT_CHARGED);
  const row = await readKey(c, key);
  if (!row) return inProgress(c);
  if (row.user_id !== userId || row.request !== request) return fail(c, 409, IDEMPOTENCY_KEY_REUSED);
  if (row.state === 'done') return replay(row);
  if (row.state === 'void') return fail(c, 404, TRY_NOT_CHARGED);
  if (row.state === 'pending' && !stale(row)) return inProgress(c);
  const answer = await finish(row.state === 'applied');
  if (answer?.ok) return (await settle(c, key, answer))!;
  if (answer) return answer;
  await db
    .prepare("UPDATE idempotency_keys SET state = 'void', updated_at = ? WHERE key = ? AND state = 'pending' AND updated_at = ?")
    .bind(Date.now(), key, row.updated_at)
    .run();
  return fail(c, 404, TRY_NOT_CHARGED);
}

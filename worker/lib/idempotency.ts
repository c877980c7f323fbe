// One answer per Idempotency-Key (docs/decisions/0002, migrations/0005): a key belongs to its caller
// (the account, and the token that sent it: docs/decisions/0038) and to one request. The first
// request holds it while it runs; its 2xx answer is stored and every repeat gets exactly those bytes
// back. A refusal or failure before the effect frees the key, so the retry runs for real; once the
// effect happened ('applied') a retry only finishes the answer.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { IDEMPOTENCY_IN_PROGRESS } from '#common/idempotency.ts';
import { IDEMPOTENCY_KEY } from '#common/validation.ts';
import { columnsOf, orm } from '#worker/db/client.ts';
import { idempotencyKeys } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { afterAnswer } from './after-answer';
import { fail } from './http';

export const INVALID_IDEMPOTENCY_KEY =
  'Idempotency-Key must be 8-128 letters, digits, dots, colons, dashes or underscores';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for another request';

/** A holder silent this long is taken to have died (a request runs in seconds); a retry takes over. */
export const STALE_MS = 30_000;
/** How long a repeat waits for the first request's answer before answering 409 (try again). */
const WAIT_MS = 2_000;
/** Each round is two D1 queries; rounds are few so a request stays well inside Workers' query limits. */
const WAIT_STEP_MS = 200;

export interface Step {
  /** The caller's key; null when the request came without one (it then runs unprotected). */
  key: string | null;
  /** The effect already happened for this key: produce the answer without repeating it. */
  applied: boolean;
  /** Call right after the effect, so that a failure while answering is not paid twice. */
  markApplied: () => Promise<void>;
  /** With `claimInEffect`, the key's claim for the effect's own batch; null otherwise. */
  claim: KeyClaim | null;
}

/**
 * An Idempotency-Key taken inside the effect's batch instead of before it: the batch runs
 * `statement` first and does nothing more unless it took the key (the effect's write is gated on
 * `changes() = 1` right after it), then hands it the statement's rows. No row means the key was
 * already held (a repeat, a key in use or voided): `taken` throws and `once` asks the key as usual.
 */
export interface KeyClaim {
  statement: BatchItem<'sqlite'>;
  taken: (rows: unknown) => void;
}

/** The claim in the effect's batch found the key held: nothing was done. */
class ClaimLost extends Error {}

export interface OnceOptions {
  /** The caller's words for a key settleKey voided (409): only the caller knows what its request does. */
  voidedMessage?: string;
  /**
   * The answer leaves before the key is settled (the write runs after it, as waitUntil allows), one
   * write transaction fewer on its path. Only for a request whose effect is keyed on its own, as a
   * try's debit is by its ledger key: should the worker die before the settle, the key stays pending,
   * a repeat within STALE_MS is told to retry, and the one after takes the key over and finds the
   * effect already done, never doing it twice.
   */
  settleAfter?: boolean;
  /**
   * The key is claimed in the effect's own batch (`step.claim`), one write transaction fewer again.
   * `run` must do nothing but read before that batch: an answer it gives without the claim taken is
   * thrown away and the key asked the usual way, since a key already used has its own answer.
   */
  claimInEffect?: boolean;
}

/**
 * A key as its caller owns it: '<user id>:<key>' for the person's sessions, '<user id>:t<token id>/<key>'
 * for one of their tokens ('/' is not a key character, so no key a session sends can name a token's).
 * Another person's same key is another row: a new request to send, nothing to read (docs/decisions/0038).
 */
export const callerKey = (c: Context<AppEnv>, key: string): string => {
  const tokenId = c.var.tokenId;
  return `${c.var.user!.id}:${tokenId ? `t${tokenId}/` : ''}${key}`;
};

const readKey = async (c: Context<AppEnv>, key: string) => {
  const [row] = await orm(c.env.DB)
    .select(columnsOf(idempotencyKeys, 'userId', 'request', 'state', 'status', 'body', 'updatedAt'))
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return row ?? null;
};

type KeyRow = NonNullable<Awaited<ReturnType<typeof readKey>>>;

const replay = (row: KeyRow) =>
  new Response(row.body, {
    status: row.status ?? 200,
    headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  });

const inProgress = (c: Context<AppEnv>) => {
  c.header('Retry-After', '1');
  return fail(c, 409, IDEMPOTENCY_IN_PROGRESS);
};

const stale = (row: KeyRow) => row.state === 'pending' && row.updatedAt < Date.now() - STALE_MS;

/**
 * Keeps a 2xx answer as the key's answer for good; anything else frees a key whose effect never
 * happened. `afterTheAnswer`: the write runs once the answer has left (see `once`).
 */
async function settle(
  c: Context<AppEnv>,
  key: string,
  res: Response | null,
  afterTheAnswer = false,
): Promise<Response | null> {
  const db = orm(c.env.DB);
  const write = (statement: Promise<unknown>) => (afterTheAnswer ? afterAnswer(c, statement) : statement);
  if (res?.ok) {
    const body = await res.text();
    await write(
      db
        .update(idempotencyKeys)
        .set({ state: 'done', status: res.status, body, updatedAt: Date.now() })
        .where(and(eq(idempotencyKeys.key, key), inArray(idempotencyKeys.state, ['pending', 'applied'])))
        .run(),
    );
    return new Response(body, { status: res.status, headers: res.headers });
  }
  await write(
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')))
      .run(),
  );
  return res;
}

/**
 * Runs `run` at most once per Idempotency-Key of the signed-in user. `request` names the request
 * (same key with another request or user: 409). Repeats get the first 2xx answer byte for byte; a
 * repeat while the first still runs waits for that answer, up to 2 s, then gets 409 with Retry-After.
 * Typed by `run`'s answers: a replay is one of them byte for byte, so the route's types reach the
 * typed client.
 */
export async function once<R extends Response>(
  c: Context<AppEnv>,
  request: string,
  run: (step: Step) => Promise<R>,
  { voidedMessage = IDEMPOTENCY_KEY_REUSED, settleAfter = false, claimInEffect = false }: OnceOptions = {},
) {
  const sent = c.req.header('Idempotency-Key');
  if (sent === undefined) return run({ key: null, applied: false, markApplied: async () => {}, claim: null });
  if (!IDEMPOTENCY_KEY.test(sent)) return fail(c, 400, INVALID_IDEMPOTENCY_KEY);
  const key = callerKey(c, sent);
  const userId = c.var.user!.id;
  const db = orm(c.env.DB);
  const markApplied = async () => {
    await db
      .update(idempotencyKeys)
      .set({ state: 'applied', updatedAt: Date.now() })
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')))
      .run();
  };
  // Runs `run` and settles the key by its answer, when this request holds the key (`holds`).
  const runHolding = async (step: Step, holds: () => boolean) => {
    let res: R;
    try {
      res = await run(step);
    } catch (err) {
      if (holds()) await settle(c, key, null);
      throw err;
    }
    return holds() ? ((await settle(c, key, res, settleAfter)) as R) : null;
  };

  if (claimInEffect) {
    let held = false;
    const claim: KeyClaim = {
      statement: db
        .insert(idempotencyKeys)
        .values({ key, userId, request, updatedAt: Date.now() })
        .onConflictDoNothing({ target: idempotencyKeys.key })
        .returning({ key: idempotencyKeys.key }),
      taken: (rows) => {
        if (!Array.isArray(rows) || rows.length === 0) throw new ClaimLost();
        held = true;
      },
    };
    try {
      const res = await runHolding({ key: sent, applied: false, markApplied, claim }, () => held);
      if (res) return res;
      // Answered before its batch (a refusal): the key may hold an earlier answer, so ask it below.
    } catch (err) {
      if (!(err instanceof ClaimLost)) throw err;
    }
  }

  let applied = false;
  // A repeat arriving while the first still runs waits for its answer a little before giving up.
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const now = Date.now();
    // Taken when new, or from a holder that went silent (the worker died mid-request).
    const taken = await db
      .insert(idempotencyKeys)
      .values({ key, userId, request, updatedAt: now })
      .onConflictDoUpdate({
        target: idempotencyKeys.key,
        set: { updatedAt: now },
        setWhere: and(
          eq(idempotencyKeys.state, 'pending'),
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.request, request),
          lt(idempotencyKeys.updatedAt, sql`${now} - ${STALE_MS}`),
        ),
      })
      .returning({ key: idempotencyKeys.key })
      .get();
    if (taken) break;
    const row = await readKey(c, key);
    if (row && (row.userId !== userId || row.request !== request)) return fail(c, 409, IDEMPOTENCY_KEY_REUSED);
    if (row?.state === 'done') return replay(row) as R;
    if (row?.state === 'void') return fail(c, 409, voidedMessage);
    if (row?.state === 'applied') {
      applied = true;
      break;
    }
    if (waited >= WAIT_MS) return inProgress(c);
    // Still running, or just freed by a holder that failed (then the next round takes it).
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  return (await runHolding({ key: sent, applied, markApplied, claim: null }, () => true))!;
}

/**
 * Settles a key a reloaded page still holds, without ever starting its effect: the stored answer,
 * or the answer `finish` makes when the effect happened (it returns null when it did not), or 404
 * with the caller's `voidedMessage`. A key nobody used yet is voided, so a request still on its way
 * cannot run later.
 */
export async function settleKey<R extends Response>(
  c: Context<AppEnv>,
  sent: string,
  request: string,
  voidedMessage: string,
  finish: (applied: boolean) => Promise<R | null>,
) {
  if (!IDEMPOTENCY_KEY.test(sent)) return fail(c, 400, INVALID_IDEMPOTENCY_KEY);
  const key = callerKey(c, sent);
  const userId = c.var.user!.id;
  const db = orm(c.env.DB);
  const voided = await db
    .insert(idempotencyKeys)
    .values({ key, userId, request, state: 'void', updatedAt: Date.now() })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key })
    .get();
  if (voided) return fail(c, 404, voidedMessage);
  const row = await readKey(c, key);
  if (!row) return inProgress(c);
  if (row.userId !== userId || row.request !== request) return fail(c, 409, IDEMPOTENCY_KEY_REUSED);
  if (row.state === 'done') return replay(row) as R;
  if (row.state === 'void') return fail(c, 404, voidedMessage);
  if (row.state === 'pending' && !stale(row)) return inProgress(c);
  const answer = await finish(row.state === 'applied');
  if (answer?.ok) return (await settle(c, key, answer)) as R;
  if (answer) return answer;
  await db
    .update(idempotencyKeys)
    .set({ state: 'void', updatedAt: Date.now() })
    .where(
      and(
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'pending'),
        eq(idempotencyKeys.updatedAt, row.updatedAt),
      ),
    )
    .run();
  return fail(c, 404, voidedMessage);
}

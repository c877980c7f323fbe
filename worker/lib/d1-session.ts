// D1 read replicas through the Sessions API (docs/decisions/0045). Every request runs on its own
// session of the database: a visitor's reads go to any replica, a person who wrote carries the
// bookmark of that write in a cookie so their next requests read a copy at least that fresh, and a
// request that may write starts on the primary. The ~220 places that read `c.env.DB` are unchanged:
// each request gets a shallow copy of the bindings whose DB is its session.
import type { D1Database, D1DatabaseSession } from '@cloudflare/workers-types';
import { parse, serialize } from 'hono/utils/cookie';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { Bindings } from '#worker/env.ts';
import { log } from './log';

/** The cookie holding the bookmark of the person's last write. HttpOnly: only the worker reads it. */
export const BOOKMARK_COOKIE = 'am_d1_bookmark';
/**
 * An hour: replicas catch up within seconds, so an older bookmark asks nothing a replica has not
 * already got. Short, so a browser does not carry it past its use.
 */
export const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;
/** Longer than any bookmark D1 issues (4 hex groups, 59 characters); a longer cookie is junk. */
const BOOKMARK_MAX_LENGTH = 128;
/**
 * D1's bookmarks are hex groups joined by dashes ('0000000a-00000004-00004fc8-<32 hex>'). Anything
 * else in the cookie is ignored: a bookmark D1 cannot read would fail every query of the request.
 */
const BOOKMARK_SHAPE = /^[0-9a-f]+(?:-[0-9a-f]+)*$/i;

/** The first query to any replica; later ones of the request to a copy at least as fresh as what it read. */
export const ANY_REPLICA = 'first-unconstrained';
/** The first query on the primary (the newest data); later ones to a copy at least that fresh. */
export const PRIMARY_FIRST = 'first-primary';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isBookmark = (value: string): boolean =>
  value.length > 0 && value.length <= BOOKMARK_MAX_LENGTH && BOOKMARK_SHAPE.test(value);

/** The bookmark the request's cookie carries, when it looks like one; null otherwise. */
export function carriedBookmark(request: Request): string | null {
  const header = request.headers.get('Cookie');
  if (!header) return null;
  const value = parse(header, BOOKMARK_COOKIE)[BOOKMARK_COOKIE];
  return value !== undefined && isBookmark(value) ? value : null;
}

/** A request that names a credential: a session cookie or an Authorization header (a token, OAuth). */
function carriesCredential(request: Request): boolean {
  if (request.headers.has('Authorization')) return true;
  const header = request.headers.get('Cookie');
  return header !== null && parse(header, SESSION_COOKIE)[SESSION_COOKIE] !== undefined;
}

/**
 * Where the request's session starts. A request that may write (any method but GET, HEAD, OPTIONS)
 * starts on the primary: the code was written for one database, and its checks before a write (a
 * key already used, a name taken) must not read a copy seconds old. So does any request naming a
 * credential: a session or token ended by a recovery on another device must stop working at once
 * (docs/decisions/0038), not once a replica catches up; its first query reads the primary and the
 * rest a copy at least that fresh, which also shows the person their own writes. A visitor's read
 * goes where their bookmark allows, any replica without one.
 */
function sessionConstraint(request: Request, carried: string | null): string {
  if (!SAFE_METHODS.has(request.method.toUpperCase()) || carriesCredential(request)) return PRIMARY_FIRST;
  return carried ?? ANY_REPLICA;
}

/**
 * Whether a statement may change the database: anything but a SELECT (or VALUES, EXPLAIN), and a
 * WITH that names a write. Erring towards "writes" only costs a cookie.
 */
export function mayWrite(sql: string): boolean {
  const start = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  if (start === 'select' || start === 'values' || start === 'explain') return false;
  if (start === 'with') return /\b(?:insert|update|delete|replace)\b/i.test(sql);
  return true;
}

/** The session as the bindings' DB, noting when a statement that may write is prepared. */
function tracked(session: D1DatabaseSession, onWrite: () => void): D1Database {
  const db: D1DatabaseSession = {
    prepare: (sql) => {
      if (mayWrite(sql)) onWrite();
      return session.prepare(sql);
    },
    batch: (statements) => session.batch(statements),
    getBookmark: () => session.getBookmark(),
  };
  // A session has what drizzle's D1 driver and the raw queries use (prepare, batch), not exec,
  // dump or withSession, which nothing under worker/ calls on c.env.DB; the Bindings type says
  // D1Database for the ~220 places that read it, hence the cast here and only here.
  return db as unknown as D1Database;
}

/** Starts a session at `constraint`, falling back to any replica if D1 refuses it. */
function startSession(d1: D1Database, constraint: string): D1DatabaseSession {
  try {
    return d1.withSession(constraint);
  } catch (error) {
    log('warn', 'd1 session refused its bookmark', { error });
    return d1.withSession(ANY_REPLICA);
  }
}

/** A response the bookmark cookie may be added to: not one shared caches may keep, not a protocol switch. */
function mayCarryCookie(res: Response): boolean {
  if (res.status < 200 || res.status > 599) return false;
  const cacheControl = res.headers.get('Cache-Control') ?? '';
  return !/\b(?:public|s-maxage)\b/i.test(cacheControl);
}

/** The answer with the bookmark cookie appended, in a copy: fetched answers' headers cannot change. */
function withBookmarkCookie(res: Response, bookmark: string, secure: boolean): Response {
  const out = new Response(res.body, res);
  out.headers.append(
    'Set-Cookie',
    serialize(BOOKMARK_COOKIE, bookmark, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      // As the session cookie (worker/lib/session-cookie.ts): Secure on https, so http://localhost works.
      secure,
      maxAge: BOOKMARK_MAX_AGE_SECONDS,
    }),
  );
  return out;
}

/** D1's own count of what a request's statements read and wrote (`meta.rows_read`, `meta.rows_written`). */
interface RowCounts {
  read: number;
  written: number;
  queries: number;
}

/**
 * For `npm run bench -- scale` only (BENCH_D1_ROWS=1, never set in wrangler.toml; docs/decisions/0048):
 * sums the meta of every statement the session sends. `first()` and `raw()`, which drizzle's selects
 * use, drop their meta, so the sum is taken where every statement passes: the session's internal
 * send, patched on this one session object. Nothing is counted when the runtime has no such method.
 */
function countRows(session: D1DatabaseSession): RowCounts {
  const counts: RowCounts = { read: 0, written: 0, queries: 0 };
  type Send = (...args: unknown[]) => Promise<unknown>;
  const internal = session as unknown as { _sendOrThrow?: Send };
  const send = internal._sendOrThrow;
  if (typeof send !== 'function') return counts;
  internal._sendOrThrow = async (...args) => {
    const results = await send.apply(session, args);
    for (const result of [results].flat() as { meta?: { rows_read?: number; rows_written?: number } }[]) {
      counts.read += result?.meta?.rows_read ?? 0;
      counts.written += result?.meta?.rows_written ?? 0;
      counts.queries += 1;
    }
    return results;
  };
  return counts;
}

/** The counts in an X-D1-Rows header (on a copy: fetched answers' headers cannot change). */
function withRowCounts(res: Response, rows: RowCounts | null): Response {
  if (!rows) return res;
  const out = new Response(res.body, res);
  out.headers.set('X-D1-Rows', `read=${rows.read}; written=${rows.written}; queries=${rows.queries}`);
  return out;
}

type FetchHandler<Ctx> = (request: Request, env: Bindings, ctx: Ctx) => Response | Promise<Response>;

/**
 * Wraps the worker's fetch: each request runs with its own D1 session as `env.DB` (a copy of the
 * bindings; the isolate's own object is shared by every request and never changed), and an answer
 * to a request that wrote carries the new bookmark in BOOKMARK_COOKIE.
 */
export function withD1Sessions<Ctx>(handler: FetchHandler<Ctx>): FetchHandler<Ctx> {
  return async (request, env, ctx) => {
    // Bindings without sessions (an older runtime): the database as it is.
    if (typeof env.DB?.withSession !== 'function') return handler(request, env, ctx);
    const carried = carriedBookmark(request);
    let wrote = false;
    const session = startSession(env.DB, sessionConstraint(request, carried));
    const db = tracked(session, () => {
      wrote = true;
    });
    const rows = env.BENCH_D1_ROWS === '1' ? countRows(session) : null;
    const res = withRowCounts(await handler(request, { ...env, DB: db }, ctx), rows);
    // Only a write needs the next request to read at least this fresh: a visitor's reads set nothing.
    const bookmark = wrote ? session.getBookmark() : null;
    if (bookmark === null || bookmark === carried || !mayCarryCookie(res)) return res;
    if (!isBookmark(bookmark)) {
      // D1 changed its bookmarks' form: the cookie would be ignored anyway. Said, so it gets noticed.
      log('warn', 'd1 bookmark of an unexpected form: not kept', { length: bookmark.length });
      return res;
    }
    return withBookmarkCookie(res, bookmark, new URL(request.url).protocol === 'https:');
  };
}

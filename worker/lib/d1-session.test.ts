import type { D1Database } from '@cloudflare/workers-types';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { Bindings } from '#worker/env.ts';
import {
  ANY_REPLICA,
  BOOKMARK_COOKIE,
  BOOKMARK_MAX_AGE_SECONDS,
  carriedBookmark,
  mayWrite,
  PRIMARY_FIRST,
  withD1Sessions,
} from './d1-session';

const OLD = '0000000a-00000004-00004fc8-0123456789abcdef0123456789abcdef';
const NEW = '0000000b-00000001-00004fc9-fedcba9876543210fedcba9876543210';

/**
 * A D1 binding that records the constraint each session starts with. Its sessions answer every query
 * with `after` as their bookmark, as D1 does once a query has run; before any, they hold the
 * bookmark they were given (null for a constraint), as workerd's do.
 */
function fakeD1(after: string | null = NEW, { refuse }: { refuse?: string } = {}) {
  const constraints: string[] = [];
  const prepared: string[] = [];
  const d1 = {
    withSession(constraint: string) {
      if (constraint === refuse) throw new Error('D1_SESSION_ERROR: invalid bookmark or constraint');
      constraints.push(constraint);
      let bookmark = constraint === ANY_REPLICA || constraint === PRIMARY_FIRST ? null : constraint;
      const statement = {
        bind: () => statement,
        run: async () => {
          bookmark = after;
          return { success: true, results: [], meta: {} };
        },
      };
      return {
        prepare: (sql: string) => {
          prepared.push(sql);
          return statement;
        },
        batch: async (statements: (typeof statement)[]) => Promise.all(statements.map((s) => s.run())),
        getBookmark: () => bookmark,
      };
    },
    prepare: () => {
      throw new Error('the binding itself is never queried during a request');
    },
  };
  return { d1: d1 as unknown as D1Database, constraints, prepared };
}

const bindings = (d1: D1Database) => ({ DB: d1 }) as Bindings;

/** A worker whose request runs `sql` (none for an empty list) on the DB it is given, then answers `res`. */
const worker = (sql: string[], res: () => Response = () => new Response('ok')) =>
  withD1Sessions(async (_request: Request, env: Bindings) => {
    for (const statement of sql) await env.DB.prepare(statement).bind().run();
    return res();
  });

const request = (init: { method?: string; cookie?: string; url?: string } = {}) =>
  new Request(init.url ?? 'http://localhost/api/agents/1', {
    method: init.method ?? 'GET',
    headers: init.cookie ? { Cookie: init.cookie } : {},
  });

const bookmarkCookie = (res: Response) =>
  (res.headers as unknown as { getSetCookie(): string[] })
    .getSetCookie()
    .find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));

describe('withD1Sessions', () => {
  it('starts a visitor’s read on any replica and sets no cookie for it', async () => {
    const { d1, constraints } = fakeD1();
    const res = await worker(['SELECT * FROM agents'])(request(), bindings(d1), undefined);
    expect(constraints).toEqual([ANY_REPLICA]);
    expect(bookmarkCookie(res)).toBeUndefined();
  });

  it('starts a read with the bookmark the cookie carries', async () => {
    const { d1, constraints } = fakeD1(OLD);
    const res = await worker(['SELECT 1'])(request({ cookie: `a=b; ${BOOKMARK_COOKIE}=${OLD}` }), bindings(d1), null);
    expect(constraints).toEqual([OLD]);
    expect(bookmarkCookie(res)).toBeUndefined();
  });

  it('ignores a cookie that is not a bookmark: any replica, never an error', async () => {
    for (const junk of ['first-primary', 'x'.repeat(20), `${'0'.repeat(129)}`, 'abc;def', '%00', '-', '0--1']) {
      const { d1, constraints } = fakeD1();
      const res = await worker(['SELECT 1'])(
        request({ cookie: `${BOOKMARK_COOKIE}=${encodeURIComponent(junk)}` }),
        bindings(d1),
        null,
      );
      expect(res.status, junk).toBe(200);
      expect(constraints, junk).toEqual([ANY_REPLICA]);
    }
  });

  it('falls back to any replica when D1 refuses the bookmark', async () => {
    const { d1, constraints } = fakeD1(NEW, { refuse: OLD });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await worker(['SELECT 1'])(request({ cookie: `${BOOKMARK_COOKIE}=${OLD}` }), bindings(d1), null);
    expect(res.status).toBe(200);
    expect(constraints).toEqual([ANY_REPLICA]);
    expect(warn.mock.calls.join()).toContain('d1 session refused its bookmark');
    warn.mockRestore();
  });

  it('starts a request that may write on the primary, whatever its cookie', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { d1, constraints } = fakeD1();
      await worker([])(request({ method, cookie: `${BOOKMARK_COOKIE}=${OLD}` }), bindings(d1), null);
      expect(constraints, method).toEqual([PRIMARY_FIRST]);
    }
  });

  it('starts a signed-in read or a token’s on the primary: a credential ended elsewhere stops at once', async () => {
    const cases: [string, Record<string, string>][] = [
      ['session cookie', { Cookie: `${BOOKMARK_COOKIE}=${OLD}; ${SESSION_COOKIE}=s1` }],
      ['bearer token', { Authorization: 'Bearer am_123' }],
    ];
    for (const [name, headers] of cases) {
      const { d1, constraints } = fakeD1();
      await worker(['SELECT 1'])(new Request('http://localhost/api/auth/session', { headers }), bindings(d1), null);
      expect(constraints, name).toEqual([PRIMARY_FIRST]);
    }
  });

  it('sets the new bookmark after a write: HttpOnly, Lax, for an hour, Secure on https only', async () => {
    const { d1 } = fakeD1(NEW);
    const write = worker(['INSERT INTO ratings (agent_id) VALUES (?)']);
    const local = bookmarkCookie(await write(request({ method: 'POST' }), bindings(d1), null));
    expect(local).toBe(
      `${BOOKMARK_COOKIE}=${NEW}; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
    );
    const secure = await write(
      request({ method: 'POST', url: 'https://agents.example.com/api/ratings' }),
      bindings(d1),
      null,
    );
    expect(bookmarkCookie(secure)).toMatch(/; Secure/);
    // A GET that writes (a sign-in's callback) is a write too.
    expect(bookmarkCookie(await write(request(), bindings(d1), null))).toContain(NEW);
  });

  it('sets no cookie when the bookmark did not change, or when nothing ran', async () => {
    const { d1 } = fakeD1(OLD);
    const same = await worker(['UPDATE users SET name = ?'])(
      request({ method: 'POST', cookie: `${BOOKMARK_COOKIE}=${OLD}` }),
      bindings(d1),
      null,
    );
    expect(bookmarkCookie(same)).toBeUndefined();
    const nothing = await worker([])(request({ method: 'POST' }), bindings(fakeD1().d1), null);
    expect(bookmarkCookie(nothing)).toBeUndefined();
  });

  it('keeps the cookie off answers shared caches may store, and copies answers whose headers are fixed', async () => {
    const { d1 } = fakeD1(NEW);
    const cached = await worker(
      ['DELETE FROM x'],
      () => new Response('x', { headers: { 'Cache-Control': 'public, max-age=300' } }),
    )(request({ method: 'POST' }), bindings(d1), null);
    expect(bookmarkCookie(cached)).toBeUndefined();
    // Response.redirect's headers are immutable; the answer keeps its status and Location.
    const redirect = await worker(['INSERT INTO sessions DEFAULT VALUES'], () =>
      Response.redirect('http://localhost/', 302),
    )(request(), bindings(d1), null);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('http://localhost/');
    expect(bookmarkCookie(redirect)).toContain(NEW);
  });

  it('gives the handler a copy of the bindings and leaves the isolate’s own alone', async () => {
    const { d1 } = fakeD1();
    const env = { DB: d1, APP_ORIGIN: 'http://localhost' } as Bindings;
    let seen: Bindings | undefined;
    await withD1Sessions((_request: Request, given: Bindings) => {
      seen = given;
      return new Response('ok');
    })(request(), env, null);
    expect(seen).not.toBe(env);
    expect(seen?.DB).not.toBe(d1);
    expect(seen?.APP_ORIGIN).toBe('http://localhost');
    expect(env.DB).toBe(d1);
  });

  it('reads the cookie only when it looks like a bookmark', () => {
    expect(carriedBookmark(request({ cookie: `${BOOKMARK_COOKIE}=${OLD}` }))).toBe(OLD);
    expect(carriedBookmark(request({ cookie: `${BOOKMARK_COOKIE}=` }))).toBeNull();
    expect(carriedBookmark(request())).toBeNull();
  });
});

describe('mayWrite', () => {
  it('tells reads from writes, erring towards writes', () => {
    for (const sql of [
      'select "id" from "agents"',
      '  SELECT 1',
      '-- a note\nSELECT 1',
      '/* a note */ (SELECT 1)',
      'WITH x AS (SELECT 1) SELECT * FROM x',
      'VALUES (1)',
    ])
      expect(mayWrite(sql), sql).toBe(false);
    for (const sql of [
      'insert into "ratings" ("agent_id") values (?)',
      'UPDATE agents SET name = ?',
      'delete from "sessions" where "expires_at" < ?',
      'REPLACE INTO x VALUES (1)',
      'WITH x AS (SELECT 1) DELETE FROM y',
      'begin',
      'PRAGMA foreign_keys = ON',
      '',
    ])
      expect(mayWrite(sql), sql).toBe(true);
  });
});

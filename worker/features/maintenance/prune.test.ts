import { createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '#worker/index.ts';
import {
  KEY_PRUNE_ROUNDS,
  PRUNE_WINDOW,
  SESSION_PRUNE_ROUNDS,
  pruneExpired,
} from '#worker/features/maintenance/prune.ts';
import { createUser, db } from '#worker/test/fixtures.ts';
import { meteredDb } from '#worker/test/metered-db.ts';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 25, 6, 17);
const iso = (ms: number) => new Date(ms).toISOString();
const sqliteText = (ms: number) => iso(ms).replace('T', ' ').slice(0, 19);

const count = async (sql: string) => (await db().prepare(sql).first<{ n: number }>())!.n;

describe('cron: prune what has expired (through the scheduled handler)', () => {
  it('deletes expired sessions, sign-in states, throttle rows and token rows, and keeps everything live', async () => {
    const user = await createUser();
    await db().batch([
      db()
        .prepare('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?), (?, ?, ?)')
        .bind('old', user.id, now - 1, 'live', user.id, now + HOUR),
      db()
        .prepare(
          `INSERT INTO oauth_states (state, code_verifier, nonce, expires_at) VALUES ('s-old', 'v', 'n', ?), ('s-live', 'v', 'n', ?)`,
        )
        .bind(now - 1, now + 600_000),
      db()
        .prepare(`INSERT INTO auth_throttle (key, count, window_start) VALUES ('acct:old', 3, ?), ('acct:live', 3, ?)`)
        .bind(now - 25 * HOUR, now - 60_000),
      db()
        .prepare(
          `INSERT INTO idempotency_keys (key, user_id, request, state, updated_at) VALUES ('k-old', ?1, 'POST /x', 'done', ?2), ('k-live', ?1, 'POST /x', 'done', ?3)`,
        )
        .bind(user.id, now - 8 * 24 * HOUR, now - HOUR),
      // A table added by a later migration, with expiry in each form a table might use.
      db().prepare('CREATE TABLE test_tokens (id TEXT PRIMARY KEY, expires_at)'),
      db()
        .prepare(
          `INSERT INTO test_tokens VALUES ('ms-old', ?1), ('ms-live', ?2), ('s-old', ?3), ('s-live', ?4),
           ('iso-old', ?5), ('iso-live', ?6), ('text-old', ?7), ('text-live', ?8)`,
        )
        .bind(
          now - 1000,
          now + HOUR,
          Math.floor(now / 1000) - 10,
          Math.floor(now / 1000) + 3600,
          iso(now - HOUR),
          iso(now + HOUR),
          sqliteText(now - HOUR),
          sqliteText(now + HOUR),
        ),
    ]);
    const ledgerBefore = await count('SELECT count(*) AS n FROM credit_ledger');

    const lines: string[] = [];
    vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(line));
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: '17 * * * *' }), env);
    vi.restoreAllMocks();

    const ids = async (sql: string) => (await db().prepare(sql).all<{ id: string }>()).results.map((r) => r.id).sort();
    expect(await ids('SELECT token_hash AS id FROM sessions')).toEqual(['live']);
    expect(await ids('SELECT state AS id FROM oauth_states')).toEqual(['s-live']);
    expect(await ids('SELECT key AS id FROM auth_throttle')).toEqual(['acct:live']);
    expect(await ids('SELECT key AS id FROM idempotency_keys')).toEqual(['k-live']);
    expect(await ids('SELECT id FROM test_tokens')).toEqual(['iso-live', 'ms-live', 's-live', 'text-live']);
    expect(await count('SELECT count(*) AS n FROM credit_ledger')).toBe(ledgerBefore);
    expect(lines.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({
        msg: 'prune',
        cron: '17 * * * *',
        deleted: expect.arrayContaining([
          { table: 'sessions', rows: 1 },
          { table: 'oauth_states', rows: 1 },
          { table: 'auth_throttle', rows: 1 },
          { table: 'idempotency_keys', rows: 1 },
          { table: 'test_tokens', rows: 4 },
        ]),
      }),
    );
  });
});

describe('cron: the idempotency keys and the sessions pruned in bounded windows', () => {
  const week = 7 * 24 * HOUR;
  /** A key's first write, as the column's default writes it. */
  const createdAt = (ms: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`;
  /** `n` keys named prefix-1.., first written a millisecond apart from `from`, last written `lastAt` ms after. */
  const keys = (prefix: string, n: number, userId: number, from: number, lastAt = 0) =>
    db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
         INSERT INTO idempotency_keys (key, user_id, request, state, updated_at, created_at)
         SELECT '${prefix}-' || i, ?1, 'POST /x', 'done', ?2 + i + ?3, ${createdAt('?2 + i')} FROM n`,
      )
      .bind(userId, from, lastAt);

  /** A metered database, and the windows a walk of `table` read through it. */
  const metered = () => {
    const m = meteredDb();
    const windows = (table: string) =>
      m.queries.filter((q) => q.startsWith('SELECT rowid AS id') && q.includes(`FROM "${table}"`)).length;
    return { ...m, windows };
  };

  it('deletes every key past its week across windows, keeps the live ones, and no statement reads past a window', async () => {
    const user = await createUser();
    const expired = 2 * PRUNE_WINDOW + 1234;
    await db().batch([
      db().prepare('DELETE FROM idempotency_keys'),
      // Written in order a millisecond apart, all more than a week ago...
      keys('old', expired, user.id, now - week - expired - HOUR),
      // ...but one of the oldest taken over by a retry an hour ago...
      db()
        .prepare(`UPDATE idempotency_keys SET updated_at = ?1 WHERE key = 'old-7'`)
        .bind(now - HOUR),
      // ...then 300 written this week.
      keys('live', 300, user.id, now - week + HOUR),
    ]);
    const { d1, most } = metered();

    expect(await pruneExpired(d1, now)).toMatchObject({ idempotency_keys: expired - 1 });
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key LIKE 'old-%'`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key = 'old-7'`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key LIKE 'live-%'`)).toBe(300);
    // A window's keys and their index entries at most; one statement over every key read them all
    // (22,767 rows with its deletes here; 60 million keys at 100 tries a second).
    expect(most()).toBeLessThanOrEqual(2 * PRUNE_WINDOW + 1);
    // The next run finds nothing more to delete.
    expect(await pruneExpired(d1, now)).toMatchObject({ idempotency_keys: 0 });
  });

  it('walks past a window of old keys retried lately, and stops at the first window of keys written this week', async () => {
    const user = await createUser();
    const limits = { window: 10, rounds: 20 };
    await db().batch([
      db().prepare('DELETE FROM idempotency_keys'),
      // The oldest ten first written weeks ago, each taken over by a retry an hour ago: live.
      keys('retried', 10, user.id, now - 3 * week, 3 * week - 2 * HOUR),
      keys('old', 25, user.id, now - 2 * week),
      keys('live', 30, user.id, now - week + HOUR),
    ]);
    const { d1, windows } = metered();

    expect(await pruneExpired(d1, now, limits)).toMatchObject({ idempotency_keys: 25 });
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key LIKE 'retried-%'`)).toBe(10);
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key LIKE 'old-%'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key LIKE 'live-%'`)).toBe(30);
    // The retried, two of old keys, then the window where this week's begin: the rest is not read.
    expect(windows('idempotency_keys')).toBe(4);
  });

  it('takes at most its rounds a run; the next run goes on from the oldest left', async () => {
    const user = await createUser();
    const limits = { window: 10, rounds: 2 };
    await db().batch([db().prepare('DELETE FROM idempotency_keys'), keys('old', 35, user.id, now - 2 * week)]);

    expect(await pruneExpired(db(), now, limits)).toMatchObject({ idempotency_keys: 20 });
    expect(await count(`SELECT min(key) AS n FROM idempotency_keys`)).toBe('old-21');
    expect(await pruneExpired(db(), now, limits)).toMatchObject({ idempotency_keys: 15 });
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys`)).toBe(0);
  });

  it('deletes the sessions past their end, window by window, and stops at the first window of live ones', async () => {
    const user = await createUser();
    const limits = { window: 10, rounds: 20 };
    const sessions = (prefix: string, n: number, from: number) =>
      db()
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
           INSERT INTO sessions (token_hash, user_id, expires_at) SELECT '${prefix}-' || i, ?1, ?2 + i FROM n`,
        )
        .bind(user.id, from);
    // Signed in one after the other: 25 sessions ended an hour ago, then 30 still running.
    await db().batch([
      db().prepare('DELETE FROM sessions'),
      sessions('ended', 25, now - HOUR),
      sessions('running', 30, now + HOUR),
    ]);
    const { d1, windows } = metered();

    expect(await pruneExpired(d1, now, limits)).toMatchObject({ sessions: 25 });
    expect(await count(`SELECT count(*) AS n FROM sessions WHERE token_hash LIKE 'ended-%'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM sessions WHERE token_hash LIKE 'running-%'`)).toBe(30);
    // Two windows of ended sessions, then the one where the running begin: the rest is not read.
    expect(windows('sessions')).toBe(3);
  });

  it("keeps a run's walks within 400 of the 1,000 D1 queries the cron's invocation may send", () => {
    // Two a window, one to find the tables and one batch; the cron's other jobs share the rest.
    expect(2 * (KEY_PRUNE_ROUNDS + SESSION_PRUNE_ROUNDS) + 2).toBeLessThanOrEqual(400);
  });
});

import { createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '#worker/index.ts';
import { createUser, db } from '#worker/test/fixtures.ts';

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

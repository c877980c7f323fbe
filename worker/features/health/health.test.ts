import { env } from 'cloudflare:workers';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '#worker/app.ts';
import { redact } from '#worker/lib/log.ts';
import { call, createUser, signIn } from '#worker/test/fixtures.ts';

afterEach(() => vi.restoreAllMocks());

/** The JSON lines the worker wrote to the console while `fn` ran. */
async function logLines(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  for (const method of ['info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(' ')));
  }
  await fn();
  vi.restoreAllMocks();
  return written.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('GET /api/health', () => {
  it('answers 200 with ok when D1 answers, never cached', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ ok: true, db: 'ok' });
  });

  it('answers the same with a session cookie (the check does not depend on the session)', async () => {
    const user = await createUser();
    const res = await call('/api/health', { cookie: await signIn(user.id) });
    expect(res.status).toBe(200);
  });

  it('answers 503 when D1 cannot be reached', async () => {
    const broken = {
      prepare: () => ({ all: () => Promise.reject(new Error('D1_ERROR: Network connection lost.')) }),
    };
    const res = await app.request('/api/health', {}, { ...env, DB: broken });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, db: 'unreachable', message: 'The database is unreachable' });
  });
});

describe('request log', () => {
  it('writes one JSON line per request with the id answered in X-Request-Id (CF-Ray when Cloudflare sent one)', async () => {
    let res!: Response;
    const lines = await logLines(async () => {
      res = await call('/api/categories', { headers: { 'CF-Ray': '8e2f4c1d9a3b7e60-LHR' } });
    });
    expect(res.headers.get('X-Request-Id')).toBe('8e2f4c1d9a3b7e60-LHR');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        requestId: '8e2f4c1d9a3b7e60-LHR',
        method: 'GET',
        path: '/api/categories',
        status: 200,
      }),
    );
  });

  it('makes up an id when there is no CF-Ray, a different one per request, also on 404s', async () => {
    let first!: Response;
    let second!: Response;
    const lines = await logLines(async () => {
      first = await call('/api/health');
      second = await call('/api/no-such-thing');
    });
    const ids = [first.headers.get('X-Request-Id'), second.headers.get('X-Request-Id')];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.map((l) => [l.requestId, l.status])).toEqual([
      [ids[0], 200],
      [ids[1], 404],
    ]);
  });

  it('never writes a password, token or email address', async () => {
    const email = 'carol.secret@example.com';
    const password = 'hunter2-hunter2';
    const lines = await logLines(async () => {
      await call('/api/auth/register', { json: { username: 'carol', email, password, isInternalLogin: false } });
      await call('/api/auth/login', { json: { username: email, password: 'wrong-password-1' } });
      await call(`/api/users/by-email/${email}?token=abc.def.ghi`);
    });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).not.toContain(email);
    expect(text).not.toContain(password);
    expect(text).not.toContain('abc.def.ghi');
  });

  it('redacts secret fields and masks email addresses anywhere', () => {
    expect(
      redact({
        password: 'x',
        newPassword: 'y',
        sessionToken: 't',
        email: 'a@b.co',
        note: 'sign-in failed for dave@example.org with Bearer abc123',
        error: new Error('stripe said sk_test_51abcdef is invalid for erin@example.net'),
        ok: 1,
      }),
    ).toEqual({
      password: '[redacted]',
      newPassword: '[redacted]',
      sessionToken: '[redacted]',
      email: '[redacted]',
      note: 'sign-in failed for [email] with [redacted]',
      error: expect.objectContaining({ name: 'Error', message: 'stripe said [redacted] is invalid for [email]' }),
      ok: 1,
    });
  });

  it("keeps a failed drizzle query and D1's error but never its parameters", () => {
    const failed = new DrizzleQueryError(
      'update "users" set "password_hash" = ? where "users"."id" = ?',
      ['scrypt$16384$8$5$c2FsdA$aGFzaA', 7],
      new Error('D1_ERROR: database is locked'),
    );
    const logged = redact({ error: failed }) as { error: { message: string; cause: { message: string } } };
    expect(logged.error.message).toBe('Failed query: update "users" set "password_hash" = ? where "users"."id" = ?');
    expect(logged.error.cause.message).toBe('D1_ERROR: database is locked');
    expect(JSON.stringify(logged)).not.toContain('aGFzaA');
  });
});

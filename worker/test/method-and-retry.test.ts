// Two answers a client can count on everywhere (docs/decisions/0040): a method a known API path does
// not offer is 405 with Allow naming those it does (the document's methods for that path), in the
// API's error shape, before any credential is read; and a 429 says in Retry-After how long to wait,
// the sign-in's included.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ATTEMPTS,
  CLIENT_MAILS_PER_HOUR,
  HOUR_MS,
  REGISTRATIONS_PER_HOUR,
  THROTTLE_WINDOW_MS,
} from '#worker/lib/throttle.ts';
import { methodNotAllowedMessage } from '#worker/middleware/method-not-allowed.ts';
import { call, db, seedCatalog } from './fixtures';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const refusal = (allow: string) => ({ message: methodNotAllowedMessage(allow), error: methodNotAllowedMessage(allow) });

beforeAll(seedCatalog);

describe('a method the path does not offer: 405 with Allow', () => {
  it.each([
    ['POST', '/api/health', 'GET, HEAD'],
    ['PUT', '/api/openapi.json', 'GET, HEAD'],
    ['DELETE', '/api/agents', 'GET, HEAD, POST'],
    ['PATCH', '/api/agents/1', 'GET, HEAD, PUT, DELETE'],
    ['GET', '/api/auth/login', 'POST'],
    // Routes whose whole group needs a session answered 401 here before.
    ['POST', '/api/tokens/1', 'PATCH, DELETE'],
    ['POST', '/api/saved', 'GET, HEAD'],
    ['OPTIONS', '/api/agents/1/ratings', 'GET, HEAD'],
  ])('%s %s', async (method, path, allow) => {
    const res = await call(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe(allow);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(refusal(allow));
  });

  it('before any credential: the same for a bad token, a token in the address and a session cookie', async () => {
    for (const init of [{ headers: { Authorization: 'Bearer amk_unknown' } }, { cookie: 'am_session=unknown' }]) {
      const res = await call('/api/credits/balance', { method: 'DELETE', ...init });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET, HEAD');
    }
    expect((await call('/api/credits/balance?access_token=amk_x', { method: 'POST' })).status).toBe(405);
  });

  it('a path no route answers stays 404, and an offered method is answered as before', async () => {
    expect((await call('/api/nothing-here', { method: 'POST' })).status).toBe(404);
    expect((await call('/api/agents/1')).status).toBe(200);
    expect((await call('/api/agents/1', { method: 'HEAD' })).status).toBe(200);
    expect((await call('/api/credits/balance')).status).toBe(401);
  });

  it("Allow names exactly the document's methods on every documented path, and every other method is 405", async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const problems: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      // /mcp answers in JSON-RPC (worker/features/mcp/mcp-attacks.test.ts holds its 405).
      if (!template.startsWith('/api/')) continue;
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      const allow = METHODS.filter((m) => documented.includes(m) || (m === 'HEAD' && documented.includes('GET'))).join(
        ', ',
      );
      // A path of the template's shape: every parameter a number (keys and ids alike route the same).
      const path = template.replace(/\{[^}]+\}/g, (name) =>
        name === '{month}' ? '2026-01' : name === '{username}' ? 'alice' : '1',
      );
      for (const method of METHODS.filter((m) => !allow.includes(m))) {
        const res = await call(path, { method });
        if (res.status !== 405 || res.headers.get('Allow') !== allow)
          problems.push(`${method} ${path}: ${res.status}, Allow ${res.headers.get('Allow')} (want 405, ${allow})`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('every 429 says how long to wait', () => {
  const seed = (key: string, count: number) =>
    db()
      .prepare('INSERT OR REPLACE INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)')
      .bind(key, count, Date.now())
      .run();

  it('the sign-in: Retry-After is its window, 15 minutes', async () => {
    const ip = '203.0.113.10';
    await seed(`login-client:${ip}`, CLIENT_ATTEMPTS);
    const res = await call('/api/auth/login', {
      json: { username: 'alice', password: 'secret-pass' },
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe(String(THROTTLE_WINDOW_MS / 1000));
  });

  it('registration: an hour', async () => {
    const ip = '203.0.113.11';
    await seed(`register:${ip}`, REGISTRATIONS_PER_HOUR);
    const res = await call('/api/auth/register', {
      json: { username: 'waiting', email: 'waiting@example.com', password: 'secret-pass' },
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe(String(HOUR_MS / 1000));
  });

  it('a mail refused inside a change of address (answered by the error handler): an hour', async () => {
    const registered = await call('/api/auth/register', {
      json: { username: 'mover', email: 'mover@example.com', password: 'secret-pass' },
      headers: { 'CF-Connecting-IP': '203.0.113.12' },
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get('Set-Cookie')!.match(/am_session=[^;]+/)![0];
    const ip = '203.0.113.13';
    await seed(`mail-client:${ip}`, CLIENT_MAILS_PER_HOUR);
    const res = await call('/api/auth/change-email', {
      json: { currentPassword: 'secret-pass', email: 'moved@example.com' },
      cookie,
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe(String(HOUR_MS / 1000));
  });
});

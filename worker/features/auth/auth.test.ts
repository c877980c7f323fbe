import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../common/types';
import { ACCOUNT_ATTEMPTS } from '../../lib/throttle';
import { sha256Hex } from '../../lib/crypto';
import { call, db } from '../../test/fixtures';

let n = 0;
const fresh = () => `auth_${Date.now().toString(36)}_${n++}`;
/** Each test is its own client, so the per-client limit never spills between tests. */
const client = () => ({ 'CF-Connecting-IP': `10.0.${n}.${n++}` });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const cookieOf = (res: Response) => res.headers.get('Set-Cookie') ?? '';
const token = (res: Response) => /am_session=([^;]+)/.exec(cookieOf(res))?.[1] ?? '';

async function register(body: Record<string, unknown>, headers = client()) {
  return call('/api/auth/register', { json: { password: 'secret-pass', isInternalLogin: false, ...body }, headers });
}

describe('POST /api/auth/register', () => {
  it('creates the account with 100 credits as a ledger entry and starts a session', async () => {
    const username = fresh();
    const res = await register({ username, email: `${username}@example.com` });
    expect(res.status).toBe(201);
    const user = (await res.json()) as SessionUser & Record<string, unknown>;
    expect(user).toMatchObject({ username, email: `${username}@example.com`, credits: 100, consumed: 0, role: 'user' });
    expect(Object.keys(user)).not.toContain('passwordHash');
    expect(JSON.stringify(user)).not.toContain('scrypt');

    const cookie = cookieOf(res);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toMatch(/Secure/); // http here; https requests get Secure
    const raw = token(res);
    expect(raw.length).toBeGreaterThanOrEqual(43);
    expect(await db().prepare('SELECT 1 AS ok FROM sessions WHERE token_hash = ?').bind(raw).first()).toBeNull();
    expect(await db().prepare('SELECT 1 AS ok FROM sessions WHERE token_hash = ?').bind(await sha256Hex(raw)).first()).not.toBeNull();

    const ledger = await db().prepare("SELECT amount, balance_after FROM credit_ledger WHERE user_id = ? AND kind = 'signup'").bind(user.id).all();
    expect(ledger.results).toEqual([{ amount: 100, balance_after: 100 }]);
    const session = await call('/api/auth/session', { cookie: `am_session=${raw}` });
    expect(await session.json()).toMatchObject({ id: user.id, username });
  });

  it('answers each registration rule with the SPEC message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab', email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: fresh(), email: 'not-an-email' }, 'Please enter a valid email'],
      [{ username: fresh(), email: 'ok@example.com', password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: 42, email: 'ok@example.com' }, 'Username must be at least 3 characters'],
    ];
    for (const [body, expected] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
  });

  it('409 for a taken username or email, whatever the case', async () => {
    const username = fresh();
    await register({ username, email: `${username}@example.com` });
    const sameName = await register({ username: username.toUpperCase(), email: `other_${username}@example.com` });
    expect(sameName.status).toBe(409);
    expect(await message(sameName)).toBe('That username is already taken');
    const sameEmail = await register({ username: `x${username}`, email: `${username.toUpperCase()}@EXAMPLE.COM` });
    expect(sameEmail.status).toBe(409);
    expect(await message(sameEmail)).toBe('An account with that email already exists');
  });

  it('internal accounts need the staff domain and become staff; ADMIN_EMAILS become admins', async () => {
    const outsider = await register({ username: fresh(), email: 'someone@gmail.com', isInternalLogin: true });
    expect(outsider.status).toBe(400);
    expect(await message(outsider)).toBe('Internal login requires a example.cc email address');
    const staff = await register({ username: fresh(), email: `${fresh()}@example.cc`, isInternalLogin: true });
    expect(((await staff.json()) as SessionUser).role).toBe('staff');
    const admin = await register({ username: fresh(), email: 'admin@example.com' });
    expect(((await admin.json()) as SessionUser).role).toBe('admin');
  });
});

describe('POST /api/auth/login and /logout', () => {
  async function account() {
    const username = fresh();
    await register({ username, email: `${username}@example.com` });
    return username;
  }

  it('signs in by username or email with a new token each time; logout ends the session', async () => {
    const username = await account();
    const headers = client();
    const byName = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers });
    expect(byName.status).toBe(200);
    expect(await byName.json()).toMatchObject({ username, credits: 100 });
    const byEmail = await call('/api/auth/login', { json: { username: `${username.toUpperCase()}@example.com`, password: 'secret-pass' }, headers });
    expect(byEmail.status).toBe(200);
    expect(token(byEmail)).not.toBe(token(byName));

    const cookie = `am_session=${token(byEmail)}`;
    expect((await call('/api/auth/session', { cookie })).status).toBe(200);
    const out = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toMatch(/am_session=;/);
    expect((await call('/api/auth/session', { cookie })).status).toBe(401);
    // Logging out without a session is harmless.
    expect((await call('/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });

  it('a login from a signed-in browser replaces its old session', async () => {
    const username = await account();
    const first = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() });
    const oldCookie = `am_session=${token(first)}`;
    await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client(), cookie: oldCookie });
    expect((await call('/api/auth/session', { cookie: oldCookie })).status).toBe(401);
  });

  it('401 with one message for a wrong password or an unknown account', async () => {
    const username = await account();
    for (const body of [
      { username, password: 'wrong-pass' },
      { username: 'nobody_here', password: 'secret-pass' },
    ]) {
      const res = await call('/api/auth/login', { json: body, headers: client() });
      expect(res.status).toBe(401);
      expect(await message(res)).toBe('Invalid username or password');
    }
    expect((await call('/api/auth/session')).status).toBe(401);
  });

  it('internal sign-in refuses accounts outside the staff domain', async () => {
    const username = await account();
    const res = await call('/api/auth/login', { json: { username, password: 'secret-pass', isInternalLogin: true }, headers: client() });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Internal login requires a example.cc email address');
  });

  it('throttles an account after repeated failures, even with the right password; others are unaffected', async () => {
    const username = await account();
    const other = await account();
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) {
      expect((await call('/api/auth/login', { json: { username, password: 'wrong-pass' }, headers: client() })).status).toBe(401);
    }
    const blocked = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() });
    expect(blocked.status).toBe(429);
    expect(await message(blocked)).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((await call('/api/auth/login', { json: { username: other, password: 'secret-pass' }, headers: client() })).status).toBe(200);
  });

  it('throttles one client trying many accounts', async () => {
    const headers = client();
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i++) {
      last = (await call('/api/auth/login', { json: { username: `guess_${i}`, password: 'wrong-pass' }, headers })).status;
    }
    expect(last).toBe(429);
  }, 60_000);
});

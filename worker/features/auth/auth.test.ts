import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../common/types';
import { MESSAGES } from '../../../common/validation';
import { sha256Hex } from '../../lib/crypto';
import { ACCOUNT_ATTEMPTS, CLIENT_ATTEMPTS, THROTTLE_WINDOW_MS } from '../../lib/throttle';
import { call, createUser, db, setCookies, signIn } from '../../test/fixtures';

// scrypt makes every register/login take a noticeable fraction of a second in workerd.
const SLOW = 60_000;

let n = 0;
const fresh = () => `auth_${Date.now().toString(36)}_${n++}`;
/** Each test is its own client, so the per-client limit never spills between tests. */
const client = () => ({ 'CF-Connecting-IP': `10.0.${n}.${n++}` });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const cookieOf = (res: Response) => res.headers.get('Set-Cookie') ?? '';
const token = (res: Response) => /am_session=([^;]*)/.exec(cookieOf(res))?.[1] ?? '';
const asCookie = (res: Response) => `am_session=${token(res)}`;

async function register(body: Record<string, unknown>, headers: Record<string, string> = client()) {
  return call('/api/auth/register', { json: { password: 'secret-pass', isInternalLogin: false, ...body }, headers });
}

const login = (body: Record<string, unknown>, headers: Record<string, string> = client(), cookie?: string) =>
  call('/api/auth/login', { json: { password: 'secret-pass', ...body }, headers, cookie });

/** A fresh password account; returns its username and email. */
async function account(email?: string) {
  const username = fresh();
  const res = await register({ username, email: email ?? `${username}@example.com` });
  expect(res.status).toBe(201);
  return { username, email: email ?? `${username}@example.com`, id: ((await res.json()) as SessionUser).id };
}

describe('GET /api/auth/session', () => {
  it('401 with the SPEC message for visitors, unknown, oversized and expired tokens', async () => {
    const visitor = await call('/api/auth/session');
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: MESSAGES.notSignedIn, error: MESSAGES.notSignedIn });
    expect((await call('/api/auth/session', { cookie: 'am_session=not-a-real-token' })).status).toBe(401);
    expect((await call('/api/auth/session', { cookie: `am_session=${'a'.repeat(5000)}` })).status).toBe(401);

    const user = await createUser();
    const expired = 'expired-token-value-for-a-test';
    await db()
      .prepare('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(expired), user.id, Date.now() - 1000)
      .run();
    expect((await call('/api/auth/session', { cookie: `am_session=${expired}` })).status).toBe(401);
  });

  it('returns the signed-in user without any password field', async () => {
    const user = await createUser({ role: 'staff', credits: 42 });
    const res = await call('/api/auth/session', { cookie: await signIn(user.id) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      credits: 42,
      consumed: 0,
      role: 'staff',
      profilePicture: null,
      createdAt: expect.any(String),
    });
  });
});

describe('POST /api/auth/register', () => {
  it('creates the account with 100 credits as a ledger entry and starts a session', { timeout: SLOW }, async () => {
    const username = fresh();
    const res = await register({ username, email: `${username}@example.com` });
    expect(res.status).toBe(201);
    const user = (await res.json()) as SessionUser & Record<string, unknown>;
    expect(user).toEqual({
      id: expect.any(Number),
      username,
      email: `${username}@example.com`,
      credits: 100,
      consumed: 0,
      role: 'user',
      profilePicture: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(user)).not.toMatch(/scrypt|password|hash/i);

    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^am_session=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/); // 30 days
    expect(cookie).not.toMatch(/Secure/); // plain http here; the https case is below
    // The readable hint that lets the app skip asking about a session it does not have.
    const hint = setCookies(res).find((c) => c.startsWith('am_signed_in='));
    expect(hint).toMatch(/^am_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/Max-Age=2592000/);
    const raw = token(res);
    expect(raw.length).toBeGreaterThanOrEqual(43);
    // Only the digest is stored: the token itself must not open anything in the table.
    expect(await db().prepare('SELECT 1 AS ok FROM sessions WHERE token_hash = ?').bind(raw).first()).toBeNull();
    const stored = await db().prepare('SELECT user_id FROM sessions WHERE token_hash = ?').bind(await sha256Hex(raw)).first<{ user_id: number }>();
    expect(stored?.user_id).toBe(user.id);
    const hash = await db().prepare('SELECT password_hash FROM users WHERE id = ?').bind(user.id).first<{ password_hash: string }>();
    expect(hash!.password_hash).toMatch(/^scrypt\$/);
    expect(hash!.password_hash).not.toContain('secret-pass');

    const ledger = await db().prepare('SELECT kind, amount, balance_after FROM credit_ledger WHERE user_id = ?').bind(user.id).all();
    expect(ledger.results).toEqual([{ kind: 'signup', amount: 100, balance_after: 100 }]);
    const session = await call('/api/auth/session', { cookie: `am_session=${raw}` });
    expect(await session.json()).toMatchObject({ id: user.id, username });
  });

  it('marks the cookie Secure over https', { timeout: SLOW }, async () => {
    const username = fresh();
    const res = await exports.default.fetch(
      new Request('https://market.example/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://market.example', ...client() },
        body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret-pass' }),
      }),
    );
    expect(res.status).toBe(201);
    expect(cookieOf(res)).toMatch(/Secure/);
  });

  it('answers each registration rule with the SPEC message, word for word', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab', email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: '  ab  ', email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: 'u'.repeat(51), email: 'ok@example.com' }, 'Username must be at most 50 characters'],
      [{ username: fresh(), email: 'not-an-email' }, 'Please enter a valid email'],
      [{ username: fresh(), email: '' }, 'Please enter a valid email'],
      [{ username: fresh(), email: 'ok@example.com', password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: fresh(), email: 'ok@example.com', password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
      [{ username: 42, email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: null, email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: ['abc'], email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: fresh(), email: 7 }, 'Please enter a valid email'],
      [{ username: fresh(), email: 'ok@example.com', password: 123456 }, 'Password must be at least 6 characters'],
    ];
    for (const [body, expected] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ message: expected, error: expected });
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
    // A body without the fields at all gets the first field's own message.
    const missing = await call('/api/auth/register', { json: {}, headers: client() });
    expect(missing.status).toBe(400);
    expect(await message(missing)).toBe('Username must be at least 3 characters');
  });

  it('409 for a taken username or email, whatever the case', { timeout: SLOW }, async () => {
    const { username } = await account();
    const sameName = await register({ username: username.toUpperCase(), email: `other_${username}@example.com` });
    expect(sameName.status).toBe(409);
    expect(await message(sameName)).toBe('That username is already taken');
    const sameEmail = await register({ username: `x${username}`, email: `${username.toUpperCase()}@EXAMPLE.COM` });
    expect(sameEmail.status).toBe(409);
    expect(await message(sameEmail)).toBe('An account with that email already exists');
    const padded = await register({ username: `  ${username}  `, email: `pad_${username}@example.com` });
    expect(padded.status).toBe(409);
    const count = await db().prepare('SELECT count(*) AS n FROM users WHERE username = ? COLLATE NOCASE').bind(username).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it('internal accounts need the staff domain and become staff; ADMIN_EMAILS become admins', { timeout: SLOW }, async () => {
    const outsider = await register({ username: fresh(), email: 'someone@gmail.com', isInternalLogin: true });
    expect(outsider.status).toBe(400);
    expect(await message(outsider)).toBe('Internal login requires a example.cc email address');
    const lookalike = await register({ username: fresh(), email: 'someone@notexample.cc.evil.com', isInternalLogin: true });
    expect(lookalike.status).toBe(400);
    const staff = await register({ username: fresh(), email: `${fresh()}@Example.CC`, isInternalLogin: true });
    expect(staff.status).toBe(201);
    expect(((await staff.json()) as SessionUser).role).toBe('staff');
    // A staff-domain address without the internal flag is an ordinary account.
    const plain = await register({ username: fresh(), email: `${fresh()}@example.cc` });
    expect(((await plain.json()) as SessionUser).role).toBe('user');
    const admin = await register({ username: fresh(), email: 'Admin@Example.com' });
    expect(admin.status).toBe(201);
    expect(((await admin.json()) as SessionUser).role).toBe('admin');
  });

  it('registering from a signed-in browser ends the previous session', { timeout: SLOW }, async () => {
    const first = await createUser();
    const oldCookie = await signIn(first.id);
    const username = fresh();
    const res = await call('/api/auth/register', {
      json: { username, email: `${username}@example.com`, password: 'secret-pass' },
      headers: client(),
      cookie: oldCookie,
    });
    expect(res.status).toBe(201);
    expect((await call('/api/auth/session', { cookie: oldCookie })).status).toBe(401);
    expect(await (await call('/api/auth/session', { cookie: asCookie(res) })).json()).toMatchObject({ username });
  });

  it('throttles one client that registers too often', async () => {
    const headers = client();
    await db()
      .prepare('INSERT INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)')
      .bind(`register:${headers['CF-Connecting-IP']}`, CLIENT_ATTEMPTS, Date.now())
      .run();
    const username = fresh();
    const res = await register({ username, email: `${username}@example.com` }, headers);
    expect(res.status).toBe(429);
    expect(await message(res)).toBe(MESSAGES.throttled);
    expect(await db().prepare('SELECT 1 FROM users WHERE username = ?').bind(username).first()).toBeNull();
  });
});

describe('POST /api/auth/register with odd input', () => {
  it('wrong types, missing fields, huge bodies and injection-shaped text are 4xx or stored literally, never 5xx', async () => {
    const cases: [unknown, number, string | null][] = [
      [{ username: fresh(), email: 'ok@example.com', password: ['secret-pass'] }, 400, 'Password must be at least 6 characters'],
      [{ username: fresh(), email: 42, password: 'secret-pass' }, 400, 'Please enter a valid email'],
      [{ username: fresh(), password: 'secret-pass' }, 400, 'Please enter a valid email'],
      [{ username: 'u'.repeat(51), email: 'ok@example.com', password: 'secret-pass' }, 400, 'Username must be at most 50 characters'],
      [{ username: fresh(), email: `${'e'.repeat(250)}@example.com`, password: 'secret-pass' }, 400, 'Please enter a valid email'],
      [{ username: fresh(), email: 'ok@example.com', password: 'secret-pass', isInternalLogin: 'true' }, 400, null],
      [{ username: fresh(), email: 'x@example.com', password: 'p'.repeat(100_000) }, 413, 'The request body is too large'],
      ['just a string', 400, 'The request body must be valid JSON'],
    ];
    for (const [json, status, expected] of cases) {
      const res = await call('/api/auth/register', { json, headers: client() });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(status);
      if (expected) expect(await message(res)).toBe(expected);
    }
    const sneaky = `r'); DROP TABLE users; --${n++}`;
    const res = await register({ username: sneaky, email: `sneaky${n}@example.com` });
    expect(res.status).toBe(201);
    expect(((await res.json()) as SessionUser).username).toBe(sneaky);
    expect(await db().prepare('SELECT count(*) AS n FROM users WHERE username = ?').bind(sneaky).first()).toEqual({ n: 1 });
  });

  it('two simultaneous registrations of one name create one account and answer 409 to the other', async () => {
    const username = fresh();
    const results = await Promise.all([
      register({ username, email: `${username}@example.com` }),
      register({ username, email: `${username}_2@example.com` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(await message(loser)).toBe('That username is already taken');
    expect(await db().prepare('SELECT count(*) AS n FROM users WHERE username = ?').bind(username).first()).toEqual({ n: 1 });
  });
});

describe('POST /api/auth/login and /logout', () => {
  it('signs in by username or email, with a new valid token at every login', { timeout: SLOW }, async () => {
    const { username, email, id } = await account();
    const headers = client();
    const byName = await login({ username }, headers);
    expect(byName.status).toBe(200);
    expect(await byName.json()).toEqual({
      id,
      username,
      email,
      credits: 100,
      consumed: 0,
      role: 'user',
      profilePicture: null,
      createdAt: expect.any(String),
    });
    expect(cookieOf(byName)).toMatch(/HttpOnly/);
    const byEmail = await login({ username: email.toUpperCase() }, headers);
    expect(byEmail.status).toBe(200);
    expect(token(byEmail)).not.toBe(token(byName));
    const padded = await login({ username: `  ${username.toUpperCase()}  ` }, headers);
    expect(padded.status).toBe(200);

    // Logins without a cookie are separate browsers: every session stays valid.
    for (const res of [byName, byEmail, padded]) {
      expect(await (await call('/api/auth/session', { cookie: asCookie(res) })).json()).toMatchObject({ id });
    }
  });

  it('logout ends the session and clears the cookie', { timeout: SLOW }, async () => {
    const { username } = await account();
    const res = await login({ username });
    const cookie = asCookie(res);
    expect((await call('/api/auth/session', { cookie })).status).toBe(200);
    const out = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(cookieOf(out)).toMatch(/am_session=;/);
    expect(cookieOf(out)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(setCookies(out).find((c) => c.startsWith('am_signed_in='))).toMatch(/^am_signed_in=;.*Max-Age=0/);
    // An ended (or expired) session also drops a hint the browser still sends.
    const stale = await call('/api/auth/session', { cookie: `${cookie}; am_signed_in=1` });
    expect(stale.status).toBe(401);
    expect(setCookies(stale).find((c) => c.startsWith('am_signed_in='))).toMatch(/Max-Age=0/);
    expect(await db().prepare('SELECT 1 FROM sessions WHERE token_hash = ?').bind(await sha256Hex(token(res))).first()).toBeNull();
    // Logging out without a session is harmless.
    expect((await call('/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });

  it('a login from a signed-in browser replaces its old session', { timeout: SLOW }, async () => {
    const { username } = await account();
    const first = await login({ username });
    const oldCookie = asCookie(first);
    const second = await login({ username }, client(), oldCookie);
    expect(second.status).toBe(200);
    expect((await call('/api/auth/session', { cookie: oldCookie })).status).toBe(401);
    expect((await call('/api/auth/session', { cookie: asCookie(second) })).status).toBe(200);
  });

  it('401 with one message for a wrong password or an unknown account, and no cookie', { timeout: SLOW }, async () => {
    const { username, email } = await account();
    for (const body of [{ username, password: 'wrong-pass' }, { username: email, password: 'wrong-pass' }, { username: 'nobody_here' }, { username: 'nobody@example.com' }]) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid username or password', error: 'Invalid username or password' });
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
  });

  it('an account without a password (Google only) cannot sign in with one', { timeout: SLOW }, async () => {
    const user = await createUser(); // fixtures create accounts without a password hash
    const res = await login({ username: user.username });
    expect(res.status).toBe(401);
    expect(await message(res)).toBe('Invalid username or password');
  });

  it('answers malformed sign-ins with the SPEC messages', async () => {
    for (const [body, expected] of [
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 12345 }, 'Username must be at least 3 characters'],
      [{ username: 'someone', password: '123' }, 'Password must be at least 6 characters'],
      [{ username: 'someone', password: null }, 'Password must be at least 6 characters'],
    ] as const) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
  });

  it('internal sign-in refuses accounts outside the staff domain, and makes staff-domain accounts staff', { timeout: SLOW }, async () => {
    const outsider = await account();
    const refused = await login({ username: outsider.username, isInternalLogin: true });
    expect(refused.status).toBe(400);
    expect(await message(refused)).toBe('Internal login requires a example.cc email address');
    expect(refused.headers.get('Set-Cookie')).toBeNull();
    const byEmail = await login({ username: outsider.email, isInternalLogin: true });
    expect(byEmail.status).toBe(400);
    expect(await message(byEmail)).toBe('Internal login requires a example.cc email address');

    const insider = await account(`${fresh()}@example.cc`);
    const ordinary = await login({ username: insider.username });
    expect(((await ordinary.json()) as SessionUser).role).toBe('user');
    const internal = await login({ username: insider.username, isInternalLogin: true });
    expect(internal.status).toBe(200);
    expect(((await internal.json()) as SessionUser).role).toBe('staff');
    // Roles only go up: a later ordinary login keeps staff.
    expect(((await (await login({ username: insider.username })).json()) as SessionUser).role).toBe('staff');
  });

  it('internal sign-in checks an email before looking it up, and promotes staff-domain users to staff', async () => {
    const early = await call('/api/auth/login', { json: { username: 'nobody@gmail.com', password: 'secret-pass', isInternalLogin: true }, headers: client() });
    expect(early.status).toBe(400);
    expect(await message(early)).toBe('Internal login requires a example.cc email address');

    const username = fresh();
    const registered = (await (await register({ username, email: `${username}@example.cc` })).json()) as SessionUser;
    expect(registered.role).toBe('user');
    const plain = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() });
    expect(((await plain.json()) as SessionUser).role).toBe('user');
    const internal = await call('/api/auth/login', { json: { username, password: 'secret-pass', isInternalLogin: true }, headers: client() });
    expect(internal.status).toBe(200);
    expect(((await internal.json()) as SessionUser).role).toBe('staff');
    // Roles never go down at a later ordinary sign-in.
    const again = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() });
    expect(((await again.json()) as SessionUser).role).toBe('staff');
  });

  it('an account listed in ADMIN_EMAILS is promoted to admin when it signs in', async () => {
    let row = await db().prepare("SELECT username FROM users WHERE email = 'admin@example.com'").first<{ username: string }>();
    if (!row) {
      const username = fresh();
      await register({ username, email: 'admin@example.com' });
      row = { username };
    }
    await db().prepare("UPDATE users SET role = 'user' WHERE email = 'admin@example.com'").run();
    const res = await call('/api/auth/login', { json: { username: 'ADMIN@example.com', password: 'secret-pass' }, headers: client() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: row.username, role: 'admin' });
  });

  it('answers each sign-in rule with its message and never a 5xx on odd input', async () => {
    const cases: [unknown, number, string][] = [
      [{ username: 'ab', password: 'secret-pass' }, 400, 'Username must be at least 3 characters'],
      [{ username: 'someone', password: '12345' }, 400, 'Password must be at least 6 characters'],
      [{ username: ['array'], password: 'secret-pass' }, 400, 'Username must be at least 3 characters'],
      [{ username: 'someone', password: 123456 }, 400, 'Password must be at least 6 characters'],
      [{ username: 'someone' }, 400, 'Password must be at least 6 characters'],
      [[1, 2, 3], 400, 'The request body must be valid JSON'],
      [null, 400, 'The request body must be valid JSON'],
      [{ username: "' OR 1=1 --", password: "' OR '1'='1" }, 401, 'Invalid username or password'],
      [{ username: 'x"); DROP TABLE users; --', password: 'secret-pass' }, 401, 'Invalid username or password'],
    ];
    for (const [json, status, expected] of cases) {
      const res = await call('/api/auth/login', { json, headers: client() });
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(await message(res)).toBe(expected);
    }
    const isInternal = await call('/api/auth/login', { json: { username: 'someone', password: 'secret-pass', isInternalLogin: 'yes' }, headers: client() });
    expect(isInternal.status).toBe(400);
    const malformed = await call('/api/auth/login', { method: 'POST', body: '{"username": ', headers: { ...client(), 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(await message(malformed)).toBe('The request body must be valid JSON');
    const huge = await call('/api/auth/login', { json: { username: 'u'.repeat(100_000), password: 'secret-pass' }, headers: client() });
    expect(huge.status).toBe(413);
    expect(await message(huge)).toBe('The request body is too large');
    const long = await call('/api/auth/login', { json: { username: 'someone', password: 'p'.repeat(300) }, headers: client() });
    expect(long.status).toBe(400);
    expect(await message(long)).toBe('Password must be at most 256 characters');
    expect(await db().prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'users'").first<{ n: number }>()).toEqual({ n: 1 });
  });
});

describe('sessions', () => {
  it('GET /session is 401 with a message for visitors, unknown and expired tokens', async () => {
    for (const cookie of [undefined, 'am_session=not-a-real-token', `am_session=${'x'.repeat(500)}`]) {
      const res = await call('/api/auth/session', { cookie });
      expect(res.status).toBe(401);
      expect(await message(res)).toBe('Please log in to continue');
    }
    const user = await createUser();
    const cookie = await signIn(user.id);
    expect(await (await call('/api/auth/session', { cookie })).json()).toMatchObject({ id: user.id, email: user.email, credits: 100, role: 'user' });
    await db().prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').bind(Date.now() - 1, user.id).run();
    expect((await call('/api/auth/session', { cookie })).status).toBe(401);
  });

  it('over https the cookie is Secure, and its Max-Age matches the stored expiry', async () => {
    const username = fresh();
    const res = await exports.default.fetch(
      new Request('https://localhost/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://localhost', ...client() },
        body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret-pass' }),
      }),
    );
    expect(res.status).toBe(201);
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)![1]);
    const row = await db().prepare('SELECT expires_at FROM sessions WHERE token_hash = ?').bind(await sha256Hex(token(res))).first<{ expires_at: number }>();
    expect(Math.abs(row!.expires_at - Date.now() - maxAge * 1000)).toBeLessThan(60_000);
  });

  it('logout deletes the session row and expires the cookie', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const out = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(cookieOf(out)).toMatch(/am_session=;.*Max-Age=0/);
    expect(await db().prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(user.id).first()).toEqual({ n: 0 });
  });
});

describe('throttling', () => {
  const seed = (key: string, count: number, windowStart = Date.now()) =>
    db().prepare('INSERT OR REPLACE INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)').bind(key, count, windowStart).run();

  it('locks an account after repeated failures, even with the right password; others are unaffected', async () => {
    const username = fresh();
    await register({ username, email: `${username}@example.com` });
    const other = fresh();
    await register({ username: other, email: `${other}@example.com` });
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) {
      expect((await call('/api/auth/login', { json: { username, password: 'wrong-pass' }, headers: client() })).status).toBe(401);
    }
    // Spelled differently, the same account is still locked.
    const blocked = await call('/api/auth/login', { json: { username: username.toUpperCase(), password: 'secret-pass' }, headers: client() });
    expect(blocked.status).toBe(429);
    expect(await message(blocked)).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((await call('/api/auth/login', { json: { username: other, password: 'secret-pass' }, headers: client() })).status).toBe(200);
  }, 60_000);

  it('the account limit holds whether the account is named by username or by email', async () => {
    const username = fresh();
    const email = `${username}@example.com`;
    await register({ username, email });
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) {
      expect((await call('/api/auth/login', { json: { username, password: 'wrong-pass' }, headers: client() })).status).toBe(401);
    }
    // The same account under its other name must not get a fresh budget of guesses.
    expect((await call('/api/auth/login', { json: { username: email, password: 'wrong-pass' }, headers: client() })).status).toBe(429);
    expect((await call('/api/auth/login', { json: { username: email, password: 'secret-pass' }, headers: client() })).status).toBe(429);
  }, 60_000);

  it("another account's username cannot shadow an email at sign-in", async () => {
    const victim = fresh();
    const email = `${victim}@example.com`;
    await register({ username: victim, email });
    // Someone picks the victim's email address as their username.
    const squatter = await register({ username: email, email: `squat_${victim}@example.com`, password: 'squatter-pass' });
    if (squatter.status === 201) {
      const res = await call('/api/auth/login', { json: { username: email, password: 'secret-pass' }, headers: client() });
      expect(res.status).toBe(200);
      expect(((await res.json()) as SessionUser).username).toBe(victim);
    } else {
      expect(squatter.status).toBe(400);
    }
  }, 60_000);

  it('a successful sign-in clears the account counter; an old window no longer counts', async () => {
    const username = fresh();
    await register({ username, email: `${username}@example.com` });
    await seed(`login:${username}`, ACCOUNT_ATTEMPTS - 1);
    expect((await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() })).status).toBe(200);
    expect(await db().prepare('SELECT count FROM auth_throttle WHERE key = ?').bind(`login:${username}`).first()).toBeNull();

    await seed(`login:${username}`, ACCOUNT_ATTEMPTS * 5, Date.now() - THROTTLE_WINDOW_MS - 1000);
    expect((await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() })).status).toBe(200);
  }, 30_000);

  it('limits failed sign-ins per client; successful ones do not use the budget', async () => {
    const username = fresh();
    await register({ username, email: `${username}@example.com` });
    const headers = client();
    const key = `login-client:${headers['CF-Connecting-IP']}`;
    await seed(key, CLIENT_ATTEMPTS - 1);
    for (let i = 0; i < 2; i++) {
      expect((await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers })).status).toBe(200);
    }
    expect((await call('/api/auth/login', { json: { username: 'guess_a', password: 'wrong-pass' }, headers })).status).toBe(401);
    const blocked = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers });
    expect(blocked.status).toBe(429);
    expect(await message(blocked)).toBe('Too many attempts. Please wait a few minutes and try again.');
    // Another client is unaffected.
    expect((await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() })).status).toBe(200);
  }, 30_000);

  it('a client guessing many accounts is stopped', async () => {
    const headers = client();
    await seed(`login-client:${headers['CF-Connecting-IP']}`, CLIENT_ATTEMPTS - 3);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call('/api/auth/login', { json: { username: `guess_${i}`, password: 'wrong-pass' }, headers })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  }, 30_000);

  it('limits registrations per client', async () => {
    const headers = client();
    await seed(`register:${headers['CF-Connecting-IP']}`, CLIENT_ATTEMPTS);
    const username = fresh();
    const res = await register({ username, email: `${username}@example.com` }, headers);
    expect(res.status).toBe(429);
    expect(await message(res)).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(await db().prepare('SELECT 1 FROM users WHERE username = ?').bind(username).first()).toBeNull();
  });
});

describe('usernames', () => {
  it('cannot look like an email, so they never shadow another account at sign-in', async () => {
    const res = await register({ username: 'someone@example.com', email: `${fresh()}@example.com` });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Username cannot contain @');
  });
});

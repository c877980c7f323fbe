import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MESSAGES, usernameKey } from '#common/validation.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import {
  ACCOUNT_SLOW_AFTER,
  ACCOUNT_SLOW_MAX_MS,
  CLIENT_ATTEMPTS,
  loginKeys,
  PAIR_ATTEMPTS,
  REGISTRATIONS_PER_HOUR,
  THROTTLE_WINDOW_MS,
} from '#worker/lib/throttle.ts';
import {
  call,
  callRaw,
  createUser,
  db,
  messageOf as message,
  newSessionUser,
  setCookies,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';

// scrypt makes every register/login take a noticeable fraction of a second in workerd.
const SLOW = 60_000;

let n = 0;
const fresh = () => `auth_${Date.now().toString(36)}_${n++}`;
/** Each test is its own client, so the per-client limit never spills between tests. */
const client = () => ({ 'CF-Connecting-IP': `10.0.${n}.${n++}` });
/**
 * The signed-in person a sign-in or registration answers. Login may pass on the provider's plain
 * Response (untypedBody's note), and these tests send raw bodies through `call`: named once here.
 */
const sessionUser = untypedBody.sessionUser;
const cookieOf = (res: Response) => res.headers.get('Set-Cookie') ?? '';
const token = (res: Response) => /am_session=([^;]*)/.exec(cookieOf(res))?.[1] ?? '';
const asCookie = (res: Response) => `am_session=${token(res)}`;

/** Marks an address as confirmed, as following the mailed link does (tested in account.test.ts). */
const verify = (id: number) =>
  db().prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(id).run();

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
  return { username, email: email ?? `${username}@example.com`, id: (await sessionUser(res)).id };
}

describe('GET /api/auth/session', () => {
  it('401 with the documented message for visitors, unknown, oversized and expired tokens', async () => {
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
      emailVerified: true,
    });
  });
});

describe('POST /api/auth/register', () => {
  it('creates the account with 100 credits as a ledger entry and starts a session', { timeout: SLOW }, async () => {
    const username = fresh();
    const res = await register({ username, email: `${username}@example.com` });
    expect(res.status).toBe(201);
    const user = await sessionUser(res);
    expect(user).toEqual(newSessionUser({ id: expect.any(Number), username, email: `${username}@example.com` }));
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
    const stored = await db()
      .prepare('SELECT user_id FROM sessions WHERE token_hash = ?')
      .bind(await sha256Hex(raw))
      .first<{ user_id: number }>();
    expect(stored?.user_id).toBe(user.id);
    const hash = await db()
      .prepare('SELECT password_hash FROM users WHERE id = ?')
      .bind(user.id)
      .first<{ password_hash: string }>();
    expect(hash!.password_hash).toMatch(/^scrypt\$/);
    expect(hash!.password_hash).not.toContain('secret-pass');

    const ledger = await db()
      .prepare('SELECT kind, amount, balance_after FROM credit_ledger WHERE user_id = ?')
      .bind(user.id)
      .all();
    expect(ledger.results).toEqual([{ kind: 'signup', amount: 100, balance_after: 100 }]);
    const session = await call('/api/auth/session', { cookie: `am_session=${raw}` });
    expect(await session.json()).toMatchObject({ id: user.id, username });
  });

  it('answers each registration rule with the documented message, word for word', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab', email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: '  ab  ', email: 'ok@example.com' }, 'Username must be at least 3 characters'],
      [{ username: 'u'.repeat(51), email: 'ok@example.com' }, 'Username must be at most 50 characters'],
      [{ username: fresh(), email: 'not-an-email' }, 'Please enter a valid email'],
      [{ username: fresh(), email: '' }, 'Please enter a valid email'],
      [{ username: fresh(), email: 'ok@example.com', password: '12345' }, 'Password must be at least 6 characters'],
      [
        { username: fresh(), email: 'ok@example.com', password: 'p'.repeat(257) },
        'Password must be at most 256 characters',
      ],
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

  it('409 for a taken username, whatever the case', { timeout: SLOW }, async () => {
    const { username } = await account();
    const sameName = await register({ username: username.toUpperCase(), email: `other_${username}@example.com` });
    expect(sameName.status).toBe(409);
    expect(await message(sameName)).toBe('That username is already taken');
    const padded = await register({ username: `  ${username}  `, email: `pad_${username}@example.com` });
    expect(padded.status).toBe(409);
    const count = await db()
      .prepare('SELECT count(*) AS n FROM users WHERE username = ? COLLATE NOCASE')
      .bind(username)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it(
    'internal accounts need the staff domain; no role comes before the address is verified',
    { timeout: SLOW },
    async () => {
      const outsider = await register({ username: fresh(), email: 'someone@gmail.com', isInternalLogin: true });
      expect(outsider.status).toBe(400);
      expect(await message(outsider)).toBe('Internal login requires a example.cc email address');
      const lookalike = await register({
        username: fresh(),
        email: 'someone@notexample.cc.evil.com',
        isInternalLogin: true,
      });
      expect(lookalike.status).toBe(400);
      // Anyone can type a staff-domain or an admin address: until it is verified it earns nothing.
      const staff = await register({ username: fresh(), email: `${fresh()}@Example.CC`, isInternalLogin: true });
      expect(staff.status).toBe(201);
      expect(await staff.json()).toMatchObject({ role: 'user', emailVerified: false });
      const plain = await register({ username: fresh(), email: `${fresh()}@example.cc` });
      expect((await sessionUser(plain)).role).toBe('user');
      await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
      const admin = await register({ username: fresh(), email: 'Admin@Example.com' });
      expect(admin.status).toBe(201);
      expect(await admin.json()).toMatchObject({ role: 'user', emailVerified: false });
      expect(await db().prepare("SELECT role FROM users WHERE email = 'admin@example.com'").first()).toEqual({
        role: 'user',
      });
    },
  );

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

  it('throttles one client that registers too often, with its own message', async () => {
    const headers = client();
    await db()
      .prepare('INSERT INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)')
      .bind(`register:${headers['CF-Connecting-IP']}`, REGISTRATIONS_PER_HOUR, Date.now())
      .run();
    const username = fresh();
    const res = await register({ username, email: `${username}@example.com` }, headers);
    expect(res.status).toBe(429);
    expect(await message(res)).toBe(MESSAGES.registerThrottled);
    expect(await db().prepare('SELECT 1 FROM users WHERE username = ?').bind(username).first()).toBeNull();
  });
});

describe('POST /api/auth/register honeypot', () => {
  it('refuses a registration whose hidden honeypot field is filled, creating nothing', async () => {
    const username = fresh();
    const res = await register({ username, email: `${username}@example.com`, website: 'http://spam.example' });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(MESSAGES.honeypot);
    expect(await db().prepare('SELECT 1 FROM users WHERE username = ?').bind(username).first()).toBeNull();
  });
});

describe('POST /api/auth/register with odd input', () => {
  it('wrong types, missing fields, huge bodies and injection-shaped text are 4xx or stored literally, never 5xx', async () => {
    const cases: [unknown, number, string | null][] = [
      [
        { username: fresh(), email: 'ok@example.com', password: ['secret-pass'] },
        400,
        'Password must be at least 6 characters',
      ],
      [{ username: fresh(), email: 42, password: 'secret-pass' }, 400, 'Please enter a valid email'],
      [{ username: fresh(), password: 'secret-pass' }, 400, 'Please enter a valid email'],
      [
        { username: 'u'.repeat(51), email: 'ok@example.com', password: 'secret-pass' },
        400,
        'Username must be at most 50 characters',
      ],
      [
        { username: fresh(), email: `${'e'.repeat(250)}@example.com`, password: 'secret-pass' },
        400,
        'Please enter a valid email',
      ],
      [{ username: fresh(), email: 'ok@example.com', password: 'secret-pass', isInternalLogin: 'true' }, 400, null],
      [
        { username: fresh(), email: 'x@example.com', password: 'p'.repeat(100_000) },
        413,
        'The request body is too large',
      ],
      ['just a string', 400, 'The request body must be valid JSON'],
    ];
    for (const [json, status, expected] of cases) {
      const res = await call('/api/auth/register', { json, headers: client() });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(status);
      if (expected) expect(await message(res)).toBe(expected);
    }
    // Injection-shaped text is not a username (its characters are not allowed)...
    const sneaky = `r'); DROP TABLE users; --${n++}`;
    const refused = await register({ username: sneaky, email: `sneaky${n}@example.com` });
    expect(refused.status).toBe(400);
    expect(await message(refused)).toBe(MESSAGES.usernameChars);
    // ...and where it is allowed (an email) it is stored literally.
    const email = `sneaky--drop.table-${n++}@example.com`;
    const res = await register({ username: fresh(), email });
    expect(res.status).toBe(201);
    expect((await sessionUser(res)).email).toBe(email);
    expect(await db().prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first()).toEqual({ n: 1 });
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
    expect(await db().prepare('SELECT count(*) AS n FROM users WHERE username = ?').bind(username).first()).toEqual({
      n: 1,
    });
  });
});

describe('POST /api/auth/login and /logout', () => {
  it('signs in by username or email, with a new valid token at every login', { timeout: SLOW }, async () => {
    const { username, email, id } = await account();
    const headers = client();
    const byName = await login({ username }, headers);
    expect(byName.status).toBe(200);
    expect(await byName.json()).toEqual(newSessionUser({ id, username, email }));
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
    expect(
      await db()
        .prepare('SELECT 1 FROM sessions WHERE token_hash = ?')
        .bind(await sha256Hex(token(res)))
        .first(),
    ).toBeNull();
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

  it('401 with one message for a wrong password or an unknown account, no session', { timeout: SLOW }, async () => {
    const { username, email } = await account();
    for (const body of [
      { username, password: 'wrong-pass' },
      { username: email, password: 'wrong-pass' },
      { username: 'nobody_here' },
      { username: 'nobody@example.com' },
    ]) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(await res.json()).toEqual({
        message: 'Invalid username or password',
        error: 'Invalid username or password',
      });
      // No session; the failure counted (a write) may set the D1 bookmark cookie (docs/decisions/0045).
      expect(cookieOf(res)).not.toMatch(/am_session=|am_signed_in=/);
    }
  });

  it('an account without a password (Google only) cannot sign in with one', { timeout: SLOW }, async () => {
    const user = await createUser(); // fixtures create accounts without a password hash
    const res = await login({ username: user.username });
    expect(res.status).toBe(401);
    expect(await message(res)).toBe('Invalid username or password');
  });

  it('answers malformed sign-ins with the documented messages', async () => {
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

  it(
    'internal sign-in refuses accounts outside the staff domain, and makes staff-domain accounts staff',
    { timeout: SLOW },
    async () => {
      const outsider = await account();
      const refused = await login({ username: outsider.username, isInternalLogin: true });
      expect(refused.status).toBe(400);
      expect(await message(refused)).toBe('Internal login requires a example.cc email address');
      expect(cookieOf(refused)).not.toMatch(/am_session=|am_signed_in=/);
      const byEmail = await login({ username: outsider.email, isInternalLogin: true });
      expect(byEmail.status).toBe(400);
      expect(await message(byEmail)).toBe('Internal login requires a example.cc email address');

      const insider = await account(`${fresh()}@example.cc`);
      // Unverified, internal sign-in works but gives no staff role.
      expect((await sessionUser(await login({ username: insider.username, isInternalLogin: true }))).role).toBe('user');
      await verify(insider.id);
      const ordinary = await login({ username: insider.username });
      expect((await sessionUser(ordinary)).role).toBe('user');
      const internal = await login({ username: insider.username, isInternalLogin: true });
      expect(internal.status).toBe(200);
      expect((await sessionUser(internal)).role).toBe('staff');
      // A later ordinary sign-in is a customer's: staff only through 'Internal' (docs/decisions/0038).
      expect((await sessionUser(await login({ username: insider.username }))).role).toBe('user');
    },
  );

  it(
    'internal sign-in checks an email before looking it up, and promotes staff-domain users to staff',
    { timeout: SLOW },
    async () => {
      const early = await call('/api/auth/login', {
        json: { username: 'nobody@gmail.com', password: 'secret-pass', isInternalLogin: true },
        headers: client(),
      });
      expect(early.status).toBe(400);
      expect(await message(early)).toBe('Internal login requires a example.cc email address');

      const username = fresh();
      const registered = await sessionUser(await register({ username, email: `${username}@example.cc` }));
      expect(registered.role).toBe('user');
      await verify(registered.id);
      const plain = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() });
      expect((await sessionUser(plain)).role).toBe('user');
      const internal = await call('/api/auth/login', {
        json: { username, password: 'secret-pass', isInternalLogin: true },
        headers: client(),
      });
      expect(internal.status).toBe(200);
      expect((await sessionUser(internal)).role).toBe('staff');
      // A later ordinary sign-in is a customer's: staff only through 'Internal' (docs/decisions/0038).
      const again = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() });
      expect((await sessionUser(again)).role).toBe('user');
    },
  );

  it('an account listed in ADMIN_EMAILS is promoted to admin when it signs in', async () => {
    let row = await db()
      .prepare("SELECT username FROM users WHERE email = 'admin@example.com'")
      .first<{ username: string }>();
    if (!row) {
      const username = fresh();
      await register({ username, email: 'admin@example.com' });
      row = { username };
    }
    const setAdmin = (set: string) => db().prepare(`UPDATE users SET ${set} WHERE email = 'admin@example.com'`).run();
    await setAdmin("role = 'user', email_verified_at = NULL");
    // Unverified: still a customer.
    const unverified = await login({ username: 'ADMIN@example.com' });
    expect(await unverified.json()).toMatchObject({ username: row.username, role: 'user' });
    await setAdmin("email_verified_at = '2026-01-01T00:00:00.000Z'");
    const res = await login({ username: 'ADMIN@example.com' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: row.username, role: 'admin' });
    // A role stored without a verified address (an old row, a hand edit) is dropped at the next sign-in.
    await setAdmin('email_verified_at = NULL');
    const again = await login({ username: row.username });
    expect(await again.json()).toMatchObject({ role: 'user' });
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
    const isInternal = await call('/api/auth/login', {
      json: { username: 'someone', password: 'secret-pass', isInternalLogin: 'yes' },
      headers: client(),
    });
    expect(isInternal.status).toBe(400);
    const malformed = await callRaw('/api/auth/login', '{"username": ', { headers: client() });
    expect(malformed.status).toBe(400);
    expect(await message(malformed)).toBe('The request body must be valid JSON');
    const huge = await call('/api/auth/login', {
      json: { username: 'u'.repeat(100_000), password: 'secret-pass' },
      headers: client(),
    });
    expect(huge.status).toBe(413);
    expect(await message(huge)).toBe('The request body is too large');
    const long = await call('/api/auth/login', {
      json: { username: 'someone', password: 'p'.repeat(300) },
      headers: client(),
    });
    expect(long.status).toBe(400);
    expect(await message(long)).toBe('Password must be at most 256 characters');
    expect(
      await db().prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'users'").first<{ n: number }>(),
    ).toEqual({ n: 1 });
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
    expect(await (await call('/api/auth/session', { cookie })).json()).toMatchObject({
      id: user.id,
      email: user.email,
      credits: 100,
      role: 'user',
    });
    await db()
      .prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, user.id)
      .run();
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
    const row = await db()
      .prepare('SELECT expires_at FROM sessions WHERE token_hash = ?')
      .bind(await sha256Hex(token(res)))
      .first<{ expires_at: number }>();
    expect(Math.abs(row!.expires_at - Date.now() - maxAge * 1000)).toBeLessThan(60_000);
  });

  it('logout deletes the session row and expires the cookie', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const out = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(cookieOf(out)).toMatch(/am_session=;.*Max-Age=0/);
    expect(await db().prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(user.id).first()).toEqual({
      n: 0,
    });
  });
});

describe('throttling', () => {
  const seed = (key: string, count: number, windowStart = Date.now()) =>
    db()
      .prepare('INSERT OR REPLACE INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)')
      .bind(key, count, windowStart)
      .run();

  it("strangers' failures never lock the owner out: their own client is refused, the owner gets in", async () => {
    const { username, id } = await account();
    const stranger = client();
    for (let i = 0; i < PAIR_ATTEMPTS; i++) {
      expect((await login({ username, password: 'wrong-pass' }, stranger)).status).toBe(401);
    }
    // The stranger's client is stopped for this account, even with the right password...
    const blocked = await login({ username: username.toUpperCase() }, stranger);
    expect(blocked.status).toBe(429);
    expect(await message(blocked)).toBe('Too many attempts. Please wait a few minutes and try again.');
    // ...the owner on their own connection still gets in (answered more slowly, never refused).
    const started = Date.now();
    const owner = await login({ username }, client());
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ id });
    expect(Date.now() - started).toBeGreaterThanOrEqual((PAIR_ATTEMPTS - ACCOUNT_SLOW_AFTER) * 200 - 50);
  }, 60_000);

  it('the per-account slowdown is capped, so a long attack slows the owner by seconds at most', async () => {
    const { username } = await account();
    await seed(loginKeys(usernameKey(username), 'x').account, 10_000);
    const started = Date.now();
    expect((await login({ username }, client())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACCOUNT_SLOW_MAX_MS - 50);
    expect(Date.now() - started).toBeLessThan(ACCOUNT_SLOW_MAX_MS + 5_000);
  }, 60_000);

  it("failures by username do not slow the account's email down: the slowdown cannot tell which address a public username has", async () => {
    const username = fresh();
    const email = `${username}@example.com`;
    const { id } = await sessionUser(await register({ username, email }));
    // Strangers' failed guesses at the public username, as counted now (by the name typed) and as
    // counted before (by the account found, which made the address slow as well).
    await seed(loginKeys(usernameKey(username), 'x').account, 10_000);
    await seed(loginKeys(`#${id}`, 'x').account, 10_000);
    const viaName = Date.now();
    expect(
      (await call('/api/auth/login', { json: { username, password: 'wrong-pass' }, headers: client() })).status,
    ).toBe(401);
    expect(Date.now() - viaName).toBeGreaterThanOrEqual(ACCOUNT_SLOW_MAX_MS - 50);
    // A guess at the address is answered at the speed of any unknown address.
    const started = Date.now();
    expect(
      (await call('/api/auth/login', { json: { username: email, password: 'wrong-pass' }, headers: client() })).status,
    ).toBe(401);
    const viaEmail = Date.now() - started;
    const other = Date.now();
    expect(
      (
        await call('/api/auth/login', {
          json: { username: `${fresh()}@example.com`, password: 'wrong-pass' },
          headers: client(),
        })
      ).status,
    ).toBe(401);
    expect(viaEmail).toBeLessThan(Date.now() - other + ACCOUNT_SLOW_MAX_MS - 500);
  }, 60_000);

  it('old counter rows are pruned', async () => {
    await seed('login-client:old-client', 3, Date.now() - 25 * 3_600_000);
    await login({ username: fresh(), password: 'wrong-pass' });
    expect(await db().prepare("SELECT 1 FROM auth_throttle WHERE key = 'login-client:old-client'").first()).toBeNull();
  }, 30_000);

  it("another account's username cannot shadow an email at sign-in", async () => {
    const victim = fresh();
    const email = `${victim}@example.com`;
    await register({ username: victim, email });
    // Someone picks the victim's email address as their username.
    const squatter = await register({
      username: email,
      email: `squat_${victim}@example.com`,
      password: 'squatter-pass',
    });
    if (squatter.status === 201) {
      const res = await call('/api/auth/login', {
        json: { username: email, password: 'secret-pass' },
        headers: client(),
      });
      expect(res.status).toBe(200);
      expect((await sessionUser(res)).username).toBe(victim);
    } else {
      expect(squatter.status).toBe(400);
    }
  }, 60_000);

  it('a successful sign-in clears its client counter for the account; an old window no longer counts', async () => {
    const { username } = await account();
    const headers = client();
    const keys = loginKeys(usernameKey(username), headers['CF-Connecting-IP']);
    await seed(keys.pair, PAIR_ATTEMPTS - 1);
    expect((await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers })).status).toBe(200);
    expect(await db().prepare('SELECT count FROM auth_throttle WHERE key = ?').bind(keys.pair).first()).toBeNull();

    await seed(keys.pair, PAIR_ATTEMPTS * 5, Date.now() - THROTTLE_WINDOW_MS - 1000);
    expect((await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers })).status).toBe(200);
  }, 30_000);

  it('limits failed sign-ins per client; successful ones do not use the budget', async () => {
    const username = fresh();
    await register({ username, email: `${username}@example.com` });
    const headers = client();
    const key = `login-client:${headers['CF-Connecting-IP']}`;
    await seed(key, CLIENT_ATTEMPTS - 1);
    for (let i = 0; i < 2; i++) {
      expect((await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers })).status).toBe(
        200,
      );
    }
    expect(
      (await call('/api/auth/login', { json: { username: 'guess_a', password: 'wrong-pass' }, headers })).status,
    ).toBe(401);
    const blocked = await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers });
    expect(blocked.status).toBe(429);
    expect(await message(blocked)).toBe('Too many attempts. Please wait a few minutes and try again.');
    // Another client is unaffected.
    expect(
      (await call('/api/auth/login', { json: { username, password: 'secret-pass' }, headers: client() })).status,
    ).toBe(200);
  }, 30_000);

  it('a client guessing many accounts is stopped', async () => {
    const headers = client();
    await seed(`login-client:${headers['CF-Connecting-IP']}`, CLIENT_ATTEMPTS - 3);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await call('/api/auth/login', { json: { username: `guess_${i}`, password: 'wrong-pass' }, headers })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  }, 30_000);
});

describe('usernames', () => {
  // First a name that looks like an email, which would shadow another account at sign-in; then control,
  // zero-width, bidi and other look-alike characters.
  it.each([
    'someone@example.com',
    'ad\u200bmin',
    'admin\u202e',
    'a\u0000bc',
    'tab\tname',
    'with space',
    'emoji😀x',
    'ad\u2060min',
    'quote"s',
    'x\u200dyz',
  ])('refuse %j', async (username) => {
    const res = await register({ username, email: `${fresh()}@example.com` });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Username can only contain letters, digits, . _ and -');
  });

  it('are NFKC-normalised and unique whatever the case, in any script', { timeout: SLOW }, async () => {
    const base = fresh();
    // Full-width letters fold to their plain forms.
    const wide = await register({ username: `ｗｉｄｅ${base}`, email: `${fresh()}@example.com` });
    expect(wide.status).toBe(201);
    expect((await sessionUser(wide)).username).toBe(`wide${base}`);
    expect((await register({ username: `WIDE${base}`, email: `${fresh()}@example.com` })).status).toBe(409);
    // Letters, digits and . _ - from any script are fine; case is compared beyond ASCII too.
    const tag = fresh();
    const greek = await register({ username: `Σοφία.${tag}-1`, email: `${fresh()}@example.com` });
    expect(greek.status).toBe(201);
    const clash = await register({ username: `ΣΟΦΊΑ.${tag.toUpperCase()}-1`, email: `${fresh()}@example.com` });
    expect(clash.status).toBe(409);
    expect(await message(clash)).toBe('That username is already taken');
  });
});

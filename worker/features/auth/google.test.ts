// Google sign-in against a real OpenID provider stand-in (oauth2-mock-server, started by
// worker/test/oidc-mock-setup.ts in Node). The worker talks to it over loopback exactly as it would
// talk to accounts.google.com; each test steers the provider through a `login_hint` scenario.
import { env } from 'cloudflare:workers';
import { importJWK, SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { app } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import { base64Url, sha256Hex } from '#worker/lib/crypto.ts';
import { OIDC_MESSAGES } from '#worker/lib/oidc.ts';
import { LINK_UNVERIFIED } from './google-routes';
import { createUser, db, messageOf, setCookies, untypedBody } from '#worker/test/fixtures.ts';
import type { OidcScenario } from '#worker/test/oidc-mock-setup.ts';

const ISSUER = inject('oidcIssuer');
const CLIENT_ID = 'test-client.apps.example';
const googleEnv: Bindings = {
  ...env,
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: 'test-secret',
  GOOGLE_ISSUER: ISSUER,
};
const CALLBACK_URI = 'http://localhost/api/auth/google/callback';

let counter = 0;
const fresh = (prefix = 'g') => `${prefix}${Date.now().toString(36)}${counter++}`;

/** Calls the worker with Google configured (or the given environment) as a browser would. */
function send(path: string, init: { bindings?: Bindings; cookie?: string; json?: unknown; accept?: string } = {}) {
  const headers = new Headers({ Accept: init.accept ?? 'text/html' });
  if (init.cookie) headers.set('Cookie', init.cookie);
  const method = init.json === undefined ? 'GET' : 'POST';
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    headers.set('Origin', 'http://localhost');
  }
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return app.fetch(new Request(`http://localhost${path}`, { method, headers, body }), init.bindings ?? googleEnv);
}

/** workerd implements Headers.getSetCookie; the bundled types predate it. */
/** name=value of one Set-Cookie, or undefined. */
function cookieFrom(res: Response, name: string): string | undefined {
  const line = setCookies(res).find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

async function startLogin(query = '') {
  const res = await send(`/api/auth/login/google${query}`);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('Location')!);
  const stateCookie = cookieFrom(res, 'am_oauth_state');
  return { res, location, stateCookie: stateCookie! };
}

/** Visits the provider's authorize endpoint (it signs in at once) and returns the callback path. */
async function authorize(location: URL, scenario: OidcScenario): Promise<string> {
  const url = new URL(location);
  url.searchParams.set('login_hint', JSON.stringify(scenario));
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('Location')!);
  expect(back.origin + back.pathname).toBe(CALLBACK_URI);
  return back.pathname + back.search;
}

/** Runs the whole browser round trip; returns the callback response. */
async function signInFlow(scenario: OidcScenario, query = '') {
  const { location, stateCookie } = await startLogin(query);
  // Google vouches for the address unless a test says otherwise (email_verified left out on purpose).
  const claims =
    scenario.claims && !('email_verified' in scenario.claims)
      ? { email_verified: true, ...scenario.claims }
      : scenario.claims;
  const callbackPath = await authorize(location, { ...scenario, claims });
  const res = await send(callbackPath, { cookie: stateCookie });
  return { res, callbackPath, stateCookie };
}

const errorOf = (res: Response): string | null => {
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get('Location')!, 'http://localhost');
  expect(url.pathname).toBe('/auth/google/callback');
  return url.searchParams.get('error');
};

async function sessionUserId(res: Response): Promise<number | null> {
  const cookie = cookieFrom(res, SESSION_COOKIE);
  if (!cookie) return null;
  const row = await db()
    .prepare('SELECT user_id FROM sessions WHERE token_hash = ?')
    .bind(await sha256Hex(cookie.slice(SESSION_COOKIE.length + 1)))
    .first<{ user_id: number }>();
  return row?.user_id ?? null;
}

const userByEmail = (email: string) =>
  db()
    .prepare('SELECT id, username, role, credits, google_id, profile_picture FROM users WHERE email = ?')
    .bind(email)
    .first<{
      id: number;
      username: string;
      role: string;
      credits: number;
      google_id: string | null;
      profile_picture: string | null;
    }>();

describe('GET /api/auth/login/google', () => {
  it('explains that Google is not configured without a client id', async () => {
    const plain: Bindings = { ...env, GOOGLE_CLIENT_ID: undefined };
    const res = await send('/api/auth/login/google', { bindings: plain });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('Location')!, 'http://localhost');
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('error')).toBe(OIDC_MESSAGES.notConfigured);
    // The page to return to stays with the sign-in page, checked: a good path kept, another dropped.
    const kept = new URL(
      (await send('/api/auth/login/google?next=/agents/3', { bindings: plain })).headers.get('Location')!,
      'http://localhost',
    );
    expect(kept.searchParams.get('next')).toBe('/agents/3');
    const dropped = new URL(
      (await send('/api/auth/login/google?next=//evil.example', { bindings: plain })).headers.get('Location')!,
      'http://localhost',
    );
    expect(dropped.searchParams.has('next')).toBe(false);

    const json = await send('/api/auth/login/google', { bindings: plain, accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({ message: OIDC_MESSAGES.notConfigured, error: OIDC_MESSAGES.notConfigured });
  });

  it('names the callback at the configured origin, whatever Host the request named (docs/decisions/0024)', async () => {
    const res = await app.fetch(
      new Request('http://evil.example/api/auth/login/google', { headers: { Accept: 'text/html' } }),
      { ...googleEnv, APP_ORIGIN: 'https://agents.example.com' },
    );
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('Location')!).searchParams.get('redirect_uri')).toBe(
      'https://agents.example.com/api/auth/google/callback',
    );
  });

  it('redirects to the authorization endpoint with PKCE S256, state and nonce, all stored', async () => {
    const { res, location, stateCookie } = await startLogin('?isInternalLogin=true');
    expect(location.origin + location.pathname).toBe(`${ISSUER}/authorize`);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(CALLBACK_URI);
    expect(q.get('code_challenge_method')).toBe('S256');
    const state = q.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(stateCookie).toBe(`am_oauth_state=${state}`);
    expect(setCookies(res).join()).toMatch(/HttpOnly/i);

    const row = await db()
      .prepare('SELECT code_verifier, nonce, is_internal, expires_at FROM oauth_states WHERE state = ?')
      .bind(state)
      .first<{ code_verifier: string; nonce: string; is_internal: number; expires_at: number }>();
    expect(row).not.toBeNull();
    expect(row!.nonce).toBe(q.get('nonce'));
    expect(row!.is_internal).toBe(1);
    expect(row!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(row!.code_verifier)));
    expect(q.get('code_challenge')).toBe(base64Url(digest));
    expect(row!.expires_at - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('sends the browser back with an error, never a 5xx, when the issuer is unreachable', async () => {
    const down: Bindings = { ...googleEnv, GOOGLE_ISSUER: 'http://127.0.0.1:9' };
    const res = await send('/api/auth/login/google', { bindings: down });
    expect(errorOf(res)).toBe(OIDC_MESSAGES.unreachable);
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates the account with sign-up credits, starts a session and returns to the app', async () => {
    const local = fresh('new.user+');
    const email = `${local}@gmail.example`;
    const { res } = await signInFlow({
      claims: {
        sub: fresh('sub'),
        email,
        email_verified: true,
        name: 'New User',
        picture: 'https://img.example/p.png',
      },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/auth/google/callback');
    const user = await userByEmail(email);
    expect(user).toMatchObject({ role: 'user', credits: 100, profile_picture: 'https://img.example/p.png' });
    expect(user!.username).toBe(local.replace('+', ''));
    expect(user!.google_id).toMatch(/^sub/);
    const ledger = await db()
      .prepare("SELECT amount, balance_after FROM credit_ledger WHERE user_id = ? AND kind = 'signup'")
      .bind(user!.id)
      .all();
    expect(ledger.results).toEqual([{ amount: 100, balance_after: 100 }]);
    expect(await sessionUserId(res)).toBe(user!.id);
    const setCookie = setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);

    // Signing in again finds the same account by its Google id, even with a new email.
    const again = await signInFlow({ claims: { sub: user!.google_id, email: `${fresh('renamed')}@gmail.example` } });
    expect(errorOf(again.res)).toBeNull();
    expect(await sessionUserId(again.res)).toBe(user!.id);
  });

  it('never links to an account whose address its owner has not verified (no takeover by registering first)', async () => {
    const squatter = await createUser();
    const sub = fresh('sub');
    const { res } = await signInFlow({ claims: { sub, email: squatter.email } });
    expect(errorOf(res)).toBe(LINK_UNVERIFIED);
    expect(cookieFrom(res, SESSION_COOKIE)).toBeUndefined();
    const row = await db()
      .prepare('SELECT google_id, email_verified_at FROM users WHERE id = ?')
      .bind(squatter.id)
      .first();
    expect(row).toEqual({ google_id: null, email_verified_at: null });
  });

  it('refuses an email Google does not vouch for: missing, false or a string', async () => {
    for (const claims of [
      { email_verified: undefined },
      { email_verified: false },
      { email_verified: 'true' },
      { email_verified: 1 },
    ]) {
      const email = `${fresh()}@gmail.example`;
      const { res } = await signInFlow({ claims: { sub: fresh('sub'), email, ...claims } });
      expect(errorOf(res), JSON.stringify(claims)).toBe(OIDC_MESSAGES.emailMissing);
      expect(await userByEmail(email)).toBeNull();
    }
  });

  it('links an existing password account by verified email and makes usernames unique', async () => {
    const existing = await createUser({ verified: true });
    const { res } = await signInFlow({ claims: { sub: fresh('sub'), email: existing.email } });
    expect(errorOf(res)).toBeNull();
    expect(await sessionUserId(res)).toBe(existing.id);
    expect((await userByEmail(existing.email))!.google_id).toMatch(/^sub/);

    // Same local part as the existing username, other domain: a new, distinct username.
    const other = `${existing.username}@elsewhere.example`;
    const second = await signInFlow({ claims: { sub: fresh('sub'), email: other } });
    expect(errorOf(second.res)).toBeNull();
    const created = await userByEmail(other);
    expect(created!.username).not.toBe(existing.username);
    expect(created!.username.startsWith(existing.username)).toBe(true);
  });

  it('gives ADMIN_EMAILS accounts the admin role (Google verified the address)', async () => {
    await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
    const { res } = await signInFlow({ claims: { sub: fresh('sub'), email: 'admin@example.com' } });
    expect(errorOf(res)).toBeNull();
    expect((await userByEmail('admin@example.com'))!.role).toBe('admin');
  });

  it('returns to the page the sign-in started from: a path of this site, carried in the stored state', async () => {
    const email = `${fresh()}@gmail.example`;
    const { location } = await startLogin(`?next=${encodeURIComponent('/agents/7?tab=reviews')}`);
    const row = await db()
      .prepare('SELECT next_path FROM oauth_states WHERE state = ?')
      .bind(location.searchParams.get('state'))
      .first<{ next_path: string | null }>();
    expect(row?.next_path).toBe('/agents/7?tab=reviews');

    const { res } = await signInFlow(
      { claims: { sub: fresh('sub'), email } },
      `?next=${encodeURIComponent('/agents/7?tab=reviews')}`,
    );
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('Location')!, 'http://localhost');
    expect(back.pathname).toBe('/auth/google/callback');
    expect(back.searchParams.get('next')).toBe('/agents/7?tab=reviews');
    expect(back.searchParams.get('error')).toBeNull();
    expect(await sessionUserId(res)).toBe((await userByEmail(email))!.id);
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/auth'])(
    'drops a next of %j: the sign-in still works and ends at home',
    async (bad) => {
      const { location } = await startLogin(`?next=${encodeURIComponent(bad)}`);
      const row = await db()
        .prepare('SELECT next_path FROM oauth_states WHERE state = ?')
        .bind(location.searchParams.get('state'))
        .first<{ next_path: string | null }>();
      expect(row?.next_path).toBeNull();
      const { res } = await signInFlow(
        { claims: { sub: fresh('sub'), email: `${fresh()}@gmail.example` } },
        `?next=${encodeURIComponent(bad)}`,
      );
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('/auth/google/callback');
      expect(await sessionUserId(res)).not.toBeNull();
    },
  );

  it('checks the stored path again at the callback, and keeps a good one after an error', async () => {
    // A row that somehow holds an address off the site is never redirected to.
    const { location, stateCookie } = await startLogin('?next=/agents/3');
    const state = location.searchParams.get('state')!;
    await db().prepare("UPDATE oauth_states SET next_path = '//evil.example' WHERE state = ?").bind(state).run();
    const callbackPath = await authorize(location, {
      claims: { sub: fresh('sub'), email: `${fresh()}@gmail.example`, email_verified: true },
    });
    const res = await send(callbackPath, { cookie: stateCookie });
    expect(res.headers.get('Location')).toBe('/auth/google/callback');

    // Google refused: back to the app with the error and the page to return to after another try.
    const refused = await startLogin('?next=/agents/3');
    const failed = await send(
      `/api/auth/google/callback?state=${refused.location.searchParams.get('state')}&error=access_denied`,
      { cookie: refused.stateCookie },
    );
    const back = new URL(failed.headers.get('Location')!, 'http://localhost');
    expect(back.searchParams.get('error')).toBe('Google sign-in was cancelled');
    expect(back.searchParams.get('next')).toBe('/agents/3');
  });

  it('refuses a replayed state', async () => {
    const { res, callbackPath, stateCookie } = await signInFlow({
      claims: { sub: fresh('sub'), email: `${fresh()}@gmail.example` },
    });
    expect(errorOf(res)).toBeNull();
    const replay = await send(callbackPath, { cookie: stateCookie });
    expect(errorOf(replay)).toBe(OIDC_MESSAGES.stateInvalid);
    expect(cookieFrom(replay, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an unknown or expired state, and a state from another browser', async () => {
    expect(
      errorOf(await send('/api/auth/google/callback?code=x&state=unknown', { cookie: 'am_oauth_state=unknown' })),
    ).toBe(OIDC_MESSAGES.stateInvalid);
    await db()
      .prepare("INSERT INTO oauth_states (state, code_verifier, nonce, expires_at) VALUES ('old-state', 'v', 'n', ?)")
      .bind(Date.now() - 1000)
      .run();
    expect(
      errorOf(await send('/api/auth/google/callback?code=x&state=old-state', { cookie: 'am_oauth_state=old-state' })),
    ).toBe(OIDC_MESSAGES.stateInvalid);

    const { location } = await startLogin();
    const callbackPath = await authorize(location, { claims: { email: `${fresh()}@gmail.example` } });
    // No state cookie: the sign-in was started somewhere else (login CSRF).
    expect(errorOf(await send(callbackPath))).toBe(OIDC_MESSAGES.stateInvalid);
  });

  it('refuses an ID token with the wrong nonce', async () => {
    const email = `${fresh()}@gmail.example`;
    const { res } = await signInFlow({ claims: { email, nonce: 'someone-elses-nonce' } });
    expect(errorOf(res)).toBe(OIDC_MESSAGES.invalidToken);
    expect(await userByEmail(email)).toBeNull();
  });

  it('refuses an ID token for another audience', async () => {
    const email = `${fresh()}@gmail.example`;
    const { res } = await signInFlow({ claims: { email, aud: 'another-client' } });
    expect(errorOf(res)).toBe(OIDC_MESSAGES.invalidToken);
    expect(await userByEmail(email)).toBeNull();
  });

  it('refuses an expired ID token', async () => {
    const email = `${fresh()}@gmail.example`;
    const { res } = await signInFlow({ claims: { email }, expired: true });
    expect(errorOf(res)).toBe(OIDC_MESSAGES.invalidToken);
    expect(await userByEmail(email)).toBeNull();
  });

  it('refuses a missing or unverified email', async () => {
    expect(errorOf((await signInFlow({ claims: { sub: fresh('sub') } })).res)).toBe(OIDC_MESSAGES.emailMissing);
    const email = `${fresh()}@gmail.example`;
    expect(errorOf((await signInFlow({ claims: { email, email_verified: false } })).res)).toBe(
      OIDC_MESSAGES.emailMissing,
    );
  });

  it('reports a refused code exchange and a cancelled consent', async () => {
    expect(errorOf((await signInFlow({ tokenError: true, claims: { email: `${fresh()}@gmail.example` } })).res)).toBe(
      OIDC_MESSAGES.exchangeFailed,
    );
    const { location, stateCookie } = await startLogin();
    const state = location.searchParams.get('state')!;
    const res = await send(`/api/auth/google/callback?error=access_denied&state=${state}`, { cookie: stateCookie });
    expect(errorOf(res)).toBe('Google sign-in was cancelled');
  });

  it('Internal mode requires the staff domain and gives the staff role', async () => {
    const outsider = `${fresh()}@gmail.example`;
    const refused = await signInFlow({ claims: { email: outsider } }, '?isInternalLogin=true');
    expect(errorOf(refused.res)).toBe('Internal login requires a example.cc email address');
    expect(await userByEmail(outsider)).toBeNull();

    const staff = `${fresh()}@example.cc`;
    const ok = await signInFlow({ claims: { sub: fresh('sub'), email: staff } }, '?isInternalLogin=true');
    expect(errorOf(ok.res)).toBeNull();
    expect((await userByEmail(staff))!.role).toBe('staff');
  });

  it('never answers 5xx when the issuer is unreachable mid-flow', async () => {
    await db()
      .prepare("INSERT INTO oauth_states (state, code_verifier, nonce, expires_at) VALUES ('down-state', 'v', 'n', ?)")
      .bind(Date.now() + 60_000)
      .run();
    const down: Bindings = { ...googleEnv, GOOGLE_ISSUER: 'http://127.0.0.1:9' };
    const res = await send('/api/auth/google/callback?code=x&state=down-state', {
      bindings: down,
      cookie: 'am_oauth_state=down-state',
    });
    expect(errorOf(res)).toBe(OIDC_MESSAGES.unreachable);
  });
});

describe('POST /api/auth/google', () => {
  async function credential(
    claims: Record<string, unknown>,
    options: { audience?: string; expiresIn?: string | number } = {},
  ) {
    const jwk = inject('oidcSigningKey');
    const key = await importJWK(jwk, 'RS256');
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(ISSUER)
      .setAudience(options.audience ?? CLIENT_ID)
      .setSubject(fresh('sub'))
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(key);
  }

  it('signs in with a valid ID token and answers the session user with a cookie', async () => {
    const email = `${fresh()}@gmail.example`;
    const res = await send('/api/auth/google', {
      json: { credential: await credential({ email, email_verified: true }) },
    });
    expect(res.status).toBe(200);
    const user = await untypedBody.sessionUser(res);
    expect(user).toMatchObject({ email, credits: 100, role: 'user' });
    expect(user).not.toHaveProperty('password_hash');
    expect(await sessionUserId(res)).toBe(user.id);
  });

  it('refuses forged, foreign, expired and missing credentials', async () => {
    const email = `${fresh()}@gmail.example`;
    const { privateKey } = (await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair;
    const forged = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'RS256', kid: inject('oidcSigningKey').kid })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    for (const token of [
      forged,
      await credential({ email }, { audience: 'other' }),
      await credential({ email }, { expiresIn: Math.floor(Date.now() / 1000) - 600 }),
      'not.a.jwt',
    ]) {
      const res = await send('/api/auth/google', { json: { credential: token } });
      expect(res.status).toBe(401);
      expect(await messageOf(res)).toBe(OIDC_MESSAGES.invalidToken);
      expect(cookieFrom(res, SESSION_COOKIE)).toBeUndefined();
    }
    expect(await userByEmail(email)).toBeNull();

    const empty = await send('/api/auth/google', { json: { credential: '' } });
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toBe('No Google credential provided');
    expect((await send('/api/auth/google', { json: {} })).status).toBe(400);
  });

  it('applies the Internal rule', async () => {
    const res = await send('/api/auth/google', {
      json: { credential: await credential({ email: `${fresh()}@gmail.example` }), isInternalLogin: true },
    });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('Internal login requires a example.cc email address');
  });

  it('answers 404 when not configured and 401, not 5xx, when the issuer is unreachable', async () => {
    const token = await credential({ email: `${fresh()}@gmail.example` });
    const off = await send('/api/auth/google', {
      bindings: { ...env, GOOGLE_CLIENT_ID: undefined },
      json: { credential: token },
    });
    expect(off.status).toBe(404);
    const down = await send('/api/auth/google', {
      bindings: { ...googleEnv, GOOGLE_ISSUER: 'http://127.0.0.1:9' },
      json: { credential: token },
    });
    expect(down.status).toBe(401);
    expect(await messageOf(down)).toBe(OIDC_MESSAGES.unreachable);
  });
});

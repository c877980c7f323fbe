// Google sign-in (DESIGN.md API contract): the OIDC code flow through the worker, and ID-token
// sign-in for Google Identity Services. Both end in the same session as password login.
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { SessionUser } from '../../../common/types';
import { internalEmailError } from '../../../common/validation';
import { staffDomain, type AppEnv, type Bindings } from '../../env';
import { fail } from '../../lib/http';
import {
  authorizationRequest,
  exchangeCode,
  OAUTH_STATE_TTL_MS,
  OIDC_MESSAGES,
  OidcError,
  oidcConfig,
  verifyCredential,
  type GoogleIdentity,
} from '../../lib/oidc';
import { createAccount, getSessionUser, isUniqueViolation, roleFor, syncRole } from '../../lib/accounts';
import { startSession } from '../../lib/session-cookie';
import { jsonBody } from '../../lib/validator';

/** The app page that reports the outcome (SPEC 'Google callback'). */
const APP_CALLBACK = '/auth/google/callback';
const CALLBACK_PATH = '/api/auth/google/callback';
/**
 * Binds a started sign-in to the browser that started it, so nobody can finish their own Google
 * sign-in in someone else's browser (login CSRF). Lax: it must survive the top-level redirect back.
 */
const STATE_COOKIE = 'am_oauth_state';
const GENERIC_FAILURE = 'Google sign-in failed. Please try again.';

const credentialSchema = v.object({
  credential: v.pipe(
    v.string(OIDC_MESSAGES.noCredential),
    v.trim(),
    v.nonEmpty(OIDC_MESSAGES.noCredential),
    v.maxLength(8192, OIDC_MESSAGES.invalidCredential),
  ),
  isInternalLogin: v.optional(v.boolean(), false),
});

const isHttps = (c: Context<AppEnv>) => new URL(c.req.url).protocol === 'https:';

const backToApp = (c: Context<AppEnv>, error?: string) =>
  c.redirect(error ? `${APP_CALLBACK}?${new URLSearchParams({ error })}` : APP_CALLBACK, 302);

/** The usable part of an email's local part as a username, at least 3 characters. */
function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 40);
  return cleaned.length >= 3 ? cleaned : `${cleaned}user`.slice(0, 40).padEnd(3, '0');
}

interface UserRow {
  id: number;
  email: string;
  google_id: string | null;
  email_verified_at: string | null;
}

/** Said when the address belongs to an account whose owner has not confirmed it (decision 14). */
export const LINK_UNVERIFIED =
  'An account with this email already exists. Sign in with your password and confirm your email address, then you can use Google.';

/**
 * Finds the account for a Google identity (by Google id, else by email, linking it only when that
 * account's address is verified) or creates one with the sign-up credit grant, as registration
 * does. Google's word (email_verified === true, checked in identityFromClaims) verifies the address.
 */
export async function linkOrCreateUser(env: Bindings, who: GoogleIdentity, internal: boolean): Promise<number> {
  const db = env.DB;
  const select = 'SELECT id, email, google_id, email_verified_at FROM users';
  const linked = await db.prepare(`${select} WHERE google_id = ?`).bind(who.sub).first<UserRow>();
  const user = linked ?? (await db.prepare(`${select} WHERE email = ? COLLATE NOCASE`).bind(who.email).first<UserRow>());
  if (user) {
    // The email matches but the account already belongs to another Google identity.
    if (user.google_id && user.google_id !== who.sub) throw new OidcError('This email is linked to a different Google account');
    // Whoever registered the address first, without proving it, must not get the Google owner's
    // account, nor the Google owner theirs.
    if (!linked && user.email_verified_at === null) throw new OidcError(LINK_UNVERIFIED);
    const sameAddress = user.email.toLowerCase() === who.email;
    await db
      .prepare(
        `UPDATE users SET google_id = ?, profile_picture = COALESCE(profile_picture, ?),
           email_verified_at = CASE WHEN ? THEN COALESCE(email_verified_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) ELSE email_verified_at END
         WHERE id = ?`,
      )
      .bind(who.sub, who.picture ?? null, sameAddress ? 1 : 0, user.id)
      .run();
    await syncRole(db, env, user.id, internal);
    return user.id;
  }

  const role = roleFor(env, who.email, true, { internal });
  const base = usernameBase(who.email);
  for (let attempt = 0; attempt < 6; attempt++) {
    const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    const taken = await db.prepare('SELECT 1 FROM users WHERE username = ? COLLATE NOCASE').bind(username).first();
    if (taken) continue;
    try {
      return await createAccount(db, { username, email: who.email, googleId: who.sub, profilePicture: who.picture ?? null, role, emailVerified: true });
    } catch (err) {
      // A concurrent sign-in or registration took the username or email first: look again.
      if (!isUniqueViolation(err)) throw err;
      const existing = await db.prepare(`${select} WHERE google_id = ? OR email = ? COLLATE NOCASE`).bind(who.sub, who.email).first<UserRow>();
      if (existing) return linkOrCreateUser(env, who, internal);
    }
  }
  throw new OidcError(GENERIC_FAILURE);
}

/** Applies the Internal rule, links or creates the account and starts a session. */
async function signInWithGoogle(c: Context<AppEnv>, who: GoogleIdentity, internal: boolean): Promise<SessionUser> {
  if (internal) {
    const problem = internalEmailError(who.email, staffDomain(c.env));
    if (problem) throw new OidcError(problem);
  }
  const userId = await linkOrCreateUser(c.env, who, internal);
  await startSession(c, userId);
  const user = await getSessionUser(c.env.DB, userId);
  if (!user) throw new OidcError(GENERIC_FAILURE);
  return user;
}

const messageOf = (err: unknown): string => {
  if (err instanceof OidcError) return err.message;
  console.error('google sign-in failed', err);
  return GENERIC_FAILURE;
};

/** Provider errors (RFC 6749 4.1.2.1) worth a specific message; the rest read as a generic failure. */
const providerError = (code: string): string =>
  code === 'access_denied' ? 'Google sign-in was cancelled' : GENERIC_FAILURE;

export const googleAuthRoutes = new Hono<AppEnv>()
  .get('/login/google', async (c) => {
    const config = oidcConfig(c.env);
    const wantsJson = !/text\/html/.test(c.req.header('Accept') ?? '') && /json/.test(c.req.header('Accept') ?? '');
    if (!config) {
      if (wantsJson) return fail(c, 404, OIDC_MESSAGES.notConfigured);
      return c.redirect(`/auth?${new URLSearchParams({ error: OIDC_MESSAGES.notConfigured })}`, 302);
    }
    const internal = c.req.query('isInternalLogin') === 'true';
    const redirectUri = new URL(CALLBACK_PATH, c.req.url).toString();
    try {
      const request = await authorizationRequest(config, redirectUri);
      const now = Date.now();
      await c.env.DB.batch([
        // Housekeeping: abandoned attempts go away on the next start.
        c.env.DB.prepare('DELETE FROM oauth_states WHERE expires_at < ?').bind(now),
        c.env.DB.prepare('INSERT INTO oauth_states (state, code_verifier, nonce, is_internal, expires_at) VALUES (?, ?, ?, ?, ?)').bind(
          request.state,
          request.codeVerifier,
          request.nonce,
          internal ? 1 : 0,
          now + OAUTH_STATE_TTL_MS,
        ),
      ]);
      setCookie(c, STATE_COOKIE, request.state, {
        path: '/api/auth/google',
        httpOnly: true,
        sameSite: 'Lax',
        secure: isHttps(c),
        maxAge: OAUTH_STATE_TTL_MS / 1000,
      });
      return c.redirect(request.url, 302);
    } catch (err) {
      return backToApp(c, messageOf(err));
    }
  })
  .get('/google/callback', async (c) => {
    const { code, state, error } = c.req.query();
    const stateCookie = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: '/api/auth/google', secure: isHttps(c) });
    try {
      const config = oidcConfig(c.env);
      if (!config) throw new OidcError(OIDC_MESSAGES.notConfigured);
      if (!state || state.length > 128) throw new OidcError(error ? providerError(error) : OIDC_MESSAGES.stateInvalid);
      // Consumed exactly once, whatever happens next: a replayed callback finds nothing.
      const saved = await c.env.DB.prepare(
        'DELETE FROM oauth_states WHERE state = ? RETURNING code_verifier, nonce, is_internal, expires_at',
      )
        .bind(state)
        .first<{ code_verifier: string; nonce: string; is_internal: number; expires_at: number }>();
      if (!saved || saved.expires_at < Date.now() || stateCookie !== state) throw new OidcError(OIDC_MESSAGES.stateInvalid);
      if (error) throw new OidcError(providerError(error));
      if (!code || code.length > 2048) throw new OidcError(OIDC_MESSAGES.exchangeFailed);
      const who = await exchangeCode(config, {
        code,
        redirectUri: new URL(CALLBACK_PATH, c.req.url).toString(),
        codeVerifier: saved.code_verifier,
        nonce: saved.nonce,
      });
      await signInWithGoogle(c, who, saved.is_internal === 1);
      return backToApp(c);
    } catch (err) {
      return backToApp(c, messageOf(err));
    }
  })
  .post('/google', jsonBody(credentialSchema), async (c) => {
    const config = oidcConfig(c.env);
    if (!config) return fail(c, 404, OIDC_MESSAGES.notConfigured);
    const { credential, isInternalLogin } = c.req.valid('json');
    try {
      const who = await verifyCredential(config, credential);
      return c.json(await signInWithGoogle(c, who, isInternalLogin));
    } catch (err) {
      const message = messageOf(err);
      const status = err instanceof OidcError && message.startsWith('Internal login requires') ? 403 : 401;
      return fail(c, status, message);
    }
  });

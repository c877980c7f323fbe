// Google sign-in (docs/product.md#accounts): the OIDC code flow through the worker, and ID-token
// sign-in for Google Identity Services. Both end in the same session as password login.
import { eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { safeNextPath } from '#common/next-path.ts';
import type { SessionUser } from '#common/types.ts';
import { internalEmailError } from '#common/validation.ts';
import { eqNocase, orm } from '#worker/db/client.ts';
import { now as NOW, oauthStates, users } from '#worker/db/schema.ts';
import { appOrigin, staffDomain, type AppEnv, type Bindings } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { log } from '#worker/lib/log.ts';
import {
  authorizationRequest,
  exchangeCode,
  OAUTH_STATE_TTL_MS,
  OIDC_MESSAGES,
  OidcError,
  oidcConfig,
  verifyCredential,
  type GoogleIdentity,
} from '#worker/lib/oidc.ts';
import { CONFIRMED_FIRST, getSessionUser, isUniqueViolation, roleFor, syncRole } from '#worker/lib/accounts.ts';
import { createAccount } from '#worker/domain/credits/index.ts';
import { startSession } from '#worker/lib/session-cookie.ts';
import { sessionUserSchema } from '#common/api-schemas.ts';
import { error, json, redirect, route } from '#worker/lib/openapi.ts';
import { jsonBody, validated } from '#worker/lib/validator.ts';

/** The app page that reports the outcome (docs/product.md#screens). */
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

/**
 * The app's callback page, with the error if any and where to go next (checked again here: only a
 * same-origin path ever reaches a redirect, docs/decisions/0021). After an error the app keeps
 * `next` on its sign-in page, so another way of signing in still returns there.
 */
const backToApp = (c: Context<AppEnv>, { error, next }: { error?: string; next?: string | null }) => {
  const path = safeNextPath(next);
  const query = new URLSearchParams({ ...(error ? { error } : {}), ...(path ? { next: path } : {}) }).toString();
  return c.redirect(query ? `${APP_CALLBACK}?${query}` : APP_CALLBACK, 302);
};

/** The usable part of an email's local part as a username, at least 3 characters. */
function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40);
  return cleaned.length >= 3 ? cleaned : `${cleaned}user`.slice(0, 40).padEnd(3, '0');
}

/** Said when the address belongs to an account whose owner has not confirmed it (docs/decisions/0024). */
export const LINK_UNVERIFIED =
  'An account with this email already exists. Sign in with your password and confirm your email address, then you can use Google.';

/**
 * Finds the account for a Google identity (by Google id, else by email, linking it only when that
 * account's address is verified) or creates one with the sign-up credit grant, as registration
 * does. Google's word (email_verified === true, checked in identityFromClaims) verifies the address.
 */
export async function linkOrCreateUser(env: Bindings, who: GoogleIdentity, internal: boolean): Promise<number> {
  const db = orm(env.DB);
  const find = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ id: users.id, email: users.email, googleId: users.googleId, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(where)
      .orderBy(...CONFIRMED_FIRST)
      .limit(1);
    return row ?? null;
  };
  const linked = await find(eq(users.googleId, who.sub));
  const user = linked ?? (await find(eqNocase(users.email, who.email)));
  if (user) {
    // The email matches but the account already belongs to another Google identity.
    if (user.googleId && user.googleId !== who.sub)
      throw new OidcError('This email is linked to a different Google account');
    // Whoever registered the address first, without proving it, must not get the Google owner's
    // account, nor the Google owner theirs.
    if (!linked && user.emailVerifiedAt === null) throw new OidcError(LINK_UNVERIFIED);
    const sameAddress = user.email.toLowerCase() === who.email;
    // COALESCE and the CASE: drizzle has no words for them.
    await db
      .update(users)
      .set({
        googleId: who.sub,
        profilePicture: sql`COALESCE(${users.profilePicture}, ${who.picture ?? null})`,
        emailVerifiedAt: sql`CASE WHEN ${sameAddress ? 1 : 0} THEN COALESCE(${users.emailVerifiedAt}, ${NOW}) ELSE ${users.emailVerifiedAt} END`,
      })
      .where(eq(users.id, user.id))
      .run();
    await syncRole(env.DB, env, user.id, internal);
    return user.id;
  }

  const role = roleFor(env, who.email, true, { internal });
  const base = usernameBase(who.email);
  for (let attempt = 0; attempt < 6; attempt++) {
    const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eqNocase(users.username, username)).limit(1);
    if (taken) continue;
    try {
      return await createAccount(env.DB, {
        username,
        email: who.email,
        googleId: who.sub,
        profilePicture: who.picture ?? null,
        role,
        emailVerified: true,
      });
    } catch (err) {
      // A concurrent sign-in or registration took the username or email first: look again.
      if (!isUniqueViolation(err)) throw err;
      const existing = await find(or(eq(users.googleId, who.sub), eqNocase(users.email, who.email)));
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
  await startSession(c, userId, { internal });
  const user = await getSessionUser(c.env.DB, userId);
  if (!user) throw new OidcError(GENERIC_FAILURE);
  return user;
}

const messageOf = (c: Context<AppEnv>, err: unknown): string => {
  if (err instanceof OidcError) return err.message;
  log('error', 'google sign-in failed', { requestId: c.var.requestId, error: err });
  return GENERIC_FAILURE;
};

/** Provider errors (RFC 6749 4.1.2.1) worth a specific message; the rest read as a generic failure. */
const providerError = (code: string): string =>
  code === 'access_denied' ? 'Google sign-in was cancelled' : GENERIC_FAILURE;

const optionalText = (description: string) => v.optional(v.pipe(v.string(), v.description(description)));

export const googleAuthRoutes = new Hono<AppEnv>()
  .get(
    '/login/google',
    route({
      tag: 'auth',
      summary: 'Start signing in with Google',
      description:
        'Sends the browser to Google (or back to /auth with an error when Google sign-in is not configured).',
      access: 'anyone',
      responses: {
        302: redirect('To Google, or back to the app'),
        404: error(`${OIDC_MESSAGES.notConfigured} (asked for JSON)`),
      },
    }),
    // Lenient by design: a next that is not a path of this site is dropped, not refused.
    validated(
      'query',
      v.object({
        next: optionalText('Where to go after signing in: a path of this site'),
        isInternalLogin: optionalText('true: staff sign-in'),
      }),
    ),
    async (c) => {
      const config = oidcConfig(c.env);
      // Anything but a path of this site is dropped, not refused: the sign-in then ends at home.
      const next = safeNextPath(c.req.query('next'));
      const wantsJson = !/text\/html/.test(c.req.header('Accept') ?? '') && /json/.test(c.req.header('Accept') ?? '');
      if (!config) {
        if (wantsJson) return fail(c, 404, OIDC_MESSAGES.notConfigured);
        return c.redirect(
          `/auth?${new URLSearchParams({ error: OIDC_MESSAGES.notConfigured, ...(next ? { next } : {}) })}`,
          302,
        );
      }
      const internal = c.req.query('isInternalLogin') === 'true';
      // From the configured origin, never the request's Host (docs/decisions/0024).
      const redirectUri = new URL(CALLBACK_PATH, appOrigin(c.env)).toString();
      try {
        const request = await authorizationRequest(config, redirectUri);
        const now = Date.now();
        const db = orm(c.env.DB);
        await db.batch([
          // Housekeeping: abandoned attempts go away on the next start.
          db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
          db.insert(oauthStates).values({
            state: request.state,
            codeVerifier: request.codeVerifier,
            nonce: request.nonce,
            isInternal: internal,
            nextPath: next,
            expiresAt: now + OAUTH_STATE_TTL_MS,
          }),
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
        return backToApp(c, { error: messageOf(c, err), next });
      }
    },
  )
  .get(
    '/google/callback',
    route({
      tag: 'auth',
      summary: 'Where Google sends the browser back',
      access: 'anyone',
      responses: { 302: redirect('To the app, signed in or with an error') },
    }),
    validated(
      'query',
      v.object({
        code: optionalText('From Google'),
        state: optionalText('From Google'),
        error: optionalText('From Google'),
      }),
    ),
    async (c) => {
      const { code, state, error } = c.req.query();
      const stateCookie = getCookie(c, STATE_COOKIE);
      deleteCookie(c, STATE_COOKIE, { path: '/api/auth/google', secure: isHttps(c) });
      let next: string | null = null;
      try {
        const config = oidcConfig(c.env);
        if (!config) throw new OidcError(OIDC_MESSAGES.notConfigured);
        if (!state || state.length > 128)
          throw new OidcError(error ? providerError(error) : OIDC_MESSAGES.stateInvalid);
        // Consumed exactly once, whatever happens next: a replayed callback finds nothing.
        const [saved] = await orm(c.env.DB).delete(oauthStates).where(eq(oauthStates.state, state)).returning({
          codeVerifier: oauthStates.codeVerifier,
          nonce: oauthStates.nonce,
          isInternal: oauthStates.isInternal,
          nextPath: oauthStates.nextPath,
          expiresAt: oauthStates.expiresAt,
        });
        if (!saved || saved.expiresAt < Date.now() || stateCookie !== state)
          throw new OidcError(OIDC_MESSAGES.stateInvalid);
        next = saved.nextPath;
        if (error) throw new OidcError(providerError(error));
        if (!code || code.length > 2048) throw new OidcError(OIDC_MESSAGES.exchangeFailed);
        const who = await exchangeCode(config, {
          code,
          redirectUri: new URL(CALLBACK_PATH, appOrigin(c.env)).toString(),
          codeVerifier: saved.codeVerifier,
          nonce: saved.nonce,
        });
        await signInWithGoogle(c, who, saved.isInternal);
        return backToApp(c, { next });
      } catch (err) {
        return backToApp(c, { error: messageOf(c, err), next });
      }
    },
  )
  .post(
    '/google',
    route({
      tag: 'auth',
      summary: 'Sign in with a Google ID token',
      access: 'anyone',
      responses: {
        200: json(sessionUserSchema, 'Signed in: the session cookie is set'),
        401: error('The credential was not accepted'),
        403: error('Internal login requires a staff address'),
        404: error(OIDC_MESSAGES.notConfigured),
      },
    }),
    jsonBody(credentialSchema),
    async (c) => {
      const config = oidcConfig(c.env);
      if (!config) return fail(c, 404, OIDC_MESSAGES.notConfigured);
      const { credential, isInternalLogin } = c.req.valid('json');
      try {
        const who = await verifyCredential(config, credential);
        return c.json(await signInWithGoogle(c, who, isInternalLogin));
      } catch (err) {
        const message = messageOf(c, err);
        const status = err instanceof OidcError && message.startsWith('Internal login requires') ? 403 : 401;
        return fail(c, status, message);
      }
    },
  );

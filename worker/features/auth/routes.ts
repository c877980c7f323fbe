import { desc, eq, or } from 'drizzle-orm';
import type { D1Database } from '@cloudflare/workers-types';
import { Hono, type Context } from 'hono';
import {
  internalEmailError,
  isHoneypotFilled,
  loginSchema,
  MESSAGES,
  registerSchema,
  usernameKey,
} from '#common/validation.ts';
import { eqNocase, orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import { staffDomain, type AppEnv } from '#worker/env.ts';
import { CONFIRMED_FIRST, getSessionUser, isUniqueViolation, syncRole, takenMessage } from '#worker/lib/accounts.ts';
import { createAccount } from '#worker/domain/credits/index.ts';
import { fail } from '#worker/lib/http.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '#worker/lib/password.ts';
import { clearSessionHint, endSession, startSession } from '#worker/lib/session-cookie.ts';
import {
  CLIENT_ATTEMPTS,
  clientKey,
  hit,
  HOUR_MS,
  loginKeys,
  overHourlyLimit,
  PAIR_ATTEMPTS,
  peek,
  refund,
  REGISTRATIONS_PER_HOUR,
  reset,
  slowdownMs,
  tooMany,
} from '#worker/lib/throttle.ts';
import { okSchema, sessionUserSchema } from '#common/api-schemas.ts';
import { error, json, route, throttled } from '#worker/lib/openapi.ts';
import { jsonBody } from '#worker/lib/validator.ts';
import {
  externalLoginSchema,
  providerConfig,
  providerOnly,
  providerSignIn,
  type ProviderConfig,
} from '#worker/features/provider/index.ts';
import { mailVerification } from './account-mail';

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

type LoginKeys = ReturnType<typeof loginKeys>;

/**
 * Counts a sign-in attempt before the (slow) password check, so a parallel burst cannot slip past the
 * limits: over the client's or the (name, client) pair's, the 429. Per account only slower, never
 * refused: strangers' failures cannot lock the owner out.
 */
async function countAttempt(c: Context<AppEnv>, keys: LoginKeys) {
  const db = c.env.DB;
  const [clientCount, pairCount, accountFailures] = await Promise.all([
    hit(db, keys.client),
    hit(db, keys.pair),
    peek(db, keys.account),
  ]);
  if (clientCount > CLIENT_ATTEMPTS || pairCount > PAIR_ATTEMPTS) return tooMany(c, MESSAGES.throttled);
  await sleep(slowdownMs(accountFailures));
  return null;
}

/** Only failures count against the account and the client: a sign-in that worked gives its attempt back. */
const succeeded = (db: D1Database, keys: LoginKeys) => Promise.all([reset(db, keys.pair), refund(db, keys.client)]);

/** Provider mode (docs/product.md#provider): the provider checks the password; a refusal counts against the account. */
async function signInAtProvider(
  c: Context<AppEnv>,
  provider: ProviderConfig,
  keys: LoginKeys,
  email: string,
  password: string,
) {
  const signIn = await providerSignIn(c, provider, email, password);
  if (!signIn.ok) {
    await hit(c.env.DB, keys.account);
    return signIn.response;
  }
  await succeeded(c.env.DB, keys);
  return c.json((await getSessionUser(c.env.DB, signIn.userId))!);
}

export const authRoutes = new Hono<AppEnv>()
  .get(
    '/session',
    route({
      tag: 'auth',
      summary: 'Who is signed in',
      access: 'signed-in',
      responses: { 200: json(sessionUserSchema, 'The signed-in person') },
    }),
    (c) => {
      const user = c.var.user;
      if (user) return c.json(user);
      clearSessionHint(c);
      return fail(c, 401, MESSAGES.notSignedIn);
    },
  )
  .post(
    '/register',
    route({
      tag: 'auth',
      summary: 'Make an account',
      description: 'Signs in and mails a link to confirm the address.',
      access: 'anyone',
      responses: {
        201: json(sessionUserSchema, 'The new account, signed in'),
        409: error('The username is taken'),
        429: throttled(MESSAGES.registerThrottled),
      },
    }),
    jsonBody(registerSchema),
    async (c) => {
      const body = c.req.valid('json');
      const { username, email, password, isInternalLogin, next } = body;
      if (isHoneypotFilled(body)) return fail(c, 400, MESSAGES.honeypot);
      if (await overHourlyLimit(c, 'register', REGISTRATIONS_PER_HOUR))
        return tooMany(c, MESSAGES.registerThrottled, HOUR_MS);
      if (isInternalLogin) {
        const problem = internalEmailError(email, staffDomain(c.env));
        if (problem) return fail(c, 400, problem);
      }
      // Usernames are public, so a taken one is named. The email is not looked at here: an address
      // another account has confirmed is answered as a free one, and its owner is mailed instead
      // (mailVerification), so registering never tells whether an address has an account (docs/decisions/0024).
      const taken = await takenMessage(c.env.DB, username, '');
      if (taken) return fail(c, 409, taken);
      let id: number;
      try {
        // A customer until the address is confirmed (docs/product.md#roles): typing an admin's address earns nothing.
        id = await createAccount(c.env.DB, {
          username,
          email,
          passwordHash: await hashPassword(password),
          role: 'user',
        });
      } catch (err) {
        // Someone registered the same name a moment earlier (the one unique column a new, unconfirmed account can clash on).
        if (isUniqueViolation(err)) return fail(c, 409, MESSAGES.usernameTaken);
        throw err;
      }
      // Staff once the address is confirmed, in this session only (docs/decisions/0038).
      await startSession(c, id, { internal: isInternalLogin });
      // The link continues to the page that asked for the account (checked in mailVerification's link).
      await mailVerification(c, { id, username }, email, false, next);
      return c.json((await getSessionUser(c.env.DB, id))!, 201);
    },
  )
  .post(
    '/login',
    route({
      tag: 'auth',
      summary: 'Sign in with a username or email and password',
      access: 'anyone',
      responses: {
        200: json(sessionUserSchema, 'Signed in: the session cookie is set'),
        401: error(MESSAGES.invalidCredentials),
        429: throttled(MESSAGES.throttled),
      },
    }),
    jsonBody(loginSchema),
    async (c) => {
      const { username, password, isInternalLogin } = c.req.valid('json');
      const db = c.env.DB;
      const login = username.toLowerCase();
      const sameEmail = eqNocase(users.email, login);
      const [row] = await orm(db)
        .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(or(eq(users.usernameKey, usernameKey(username)), eqNocase(users.username, login), sameEmail))
        // An email always means its owner, even if another account took that text as its username;
        // of the accounts claiming an address, the one that confirmed it (migration 0018).
        .orderBy(desc(sameEmail), ...CONFIRMED_FIRST)
        .limit(1);
      // Keyed by what was typed, not by the account found: were a username's and an email's failures
      // counted together, the slowdown one causes would show on the other and tell which public
      // username owns which address (docs/decisions/0024). Each name keeps its own budget of guesses.
      const keys = loginKeys(login.includes('@') ? login : usernameKey(username), clientKey(c));
      const refused = await countAttempt(c, keys);
      if (refused) return refused;
      if (isInternalLogin && login.includes('@')) {
        const problem = internalEmailError(login, staffDomain(c.env));
        if (problem) return fail(c, 400, problem);
      }
      // Provider mode: the username field holds the email.
      const provider = providerConfig(c.env);
      if (provider) return signInAtProvider(c, provider, keys, login, password);
      // The hash is checked even without an account so timing does not reveal which names exist.
      const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !row.passwordHash || !ok) {
        await hit(db, keys.account);
        return fail(c, 401, MESSAGES.invalidCredentials);
      }
      await succeeded(db, keys);
      if (isInternalLogin) {
        const problem = internalEmailError(row.email, staffDomain(c.env));
        if (problem) return fail(c, 400, problem);
      }
      await syncRole(db, c.env, row.id, isInternalLogin);
      await startSession(c, row.id, { internal: isInternalLogin });
      return c.json((await getSessionUser(db, row.id))!);
    },
  )
  // The same provider sign-in as /login, by email; provider mode only.
  .post(
    '/external-login',
    route({
      tag: 'auth',
      summary: "Sign in with the provider's account",
      description: 'Provider mode only (404 otherwise).',
      access: 'anyone',
      responses: {
        200: json(sessionUserSchema, 'Signed in'),
        401: error(MESSAGES.invalidCredentials),
        404: error(MESSAGES.notFound),
        429: throttled(MESSAGES.throttled),
      },
    }),
    providerOnly,
    jsonBody(externalLoginSchema),
    async (c) => {
      const { email, password } = c.req.valid('json');
      const keys = loginKeys(email, clientKey(c));
      const refused = await countAttempt(c, keys);
      if (refused) return refused;
      return signInAtProvider(c, providerConfig(c.env)!, keys, email, password);
    },
  )
  .post(
    '/logout',
    route({
      tag: 'auth',
      summary: 'Sign out on this device',
      access: 'anyone',
      personal: true,
      responses: { 200: json(okSchema, 'Signed out') },
    }),
    async (c) => {
      await endSession(c);
      return c.json({ ok: true });
    },
  );

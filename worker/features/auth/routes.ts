import type { D1Database } from '@cloudflare/workers-types';
import { Hono } from 'hono';
import { loginSchema, MESSAGES, registerSchema, internalEmailError } from '../../../common/validation';
import { staffDomain, type AppEnv } from '../../env';
import { createAccount, getSessionUser, isUniqueViolation, roleFor } from '../../lib/accounts';
import { fail } from '../../lib/http';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/password';
import { clearSessionHint, endSession, startSession } from '../../lib/session-cookie';
import { ACCOUNT_ATTEMPTS, CLIENT_ATTEMPTS, clientKey, hit, refund, reset } from '../../lib/throttle';
import { jsonBody } from '../../lib/validator';
import { providerConfig } from '../provider/client';
import { externalLoginSchema, providerOnly, providerSignIn } from '../provider/sign-in';
import type { Role } from '../../../common/types';

interface CredentialRow {
  id: number;
  username: string;
  email: string;
  role: Role;
  password_hash: string | null;
}

/** The 409 message when the username or email belongs to an account already (case-insensitive). */
async function takenMessage(db: D1Database, username: string, email: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT username = ?1 COLLATE NOCASE AS sameName FROM users WHERE username = ?1 COLLATE NOCASE OR email = ?2 COLLATE NOCASE LIMIT 1')
    .bind(username, email)
    .first<{ sameName: number }>();
  if (!row) return null;
  return row.sameName ? MESSAGES.usernameTaken : MESSAGES.emailTaken;
}

export const authRoutes = new Hono<AppEnv>()
  .get('/session', (c) => {
    const user = c.var.user;
    if (user) return c.json(user);
    clearSessionHint(c);
    return fail(c, 401, MESSAGES.notSignedIn);
  })
  .post('/register', jsonBody(registerSchema), async (c) => {
    const { username, email, password, isInternalLogin } = c.req.valid('json');
    if ((await hit(c.env.DB, `register:${clientKey(c)}`)) > CLIENT_ATTEMPTS) return fail(c, 429, MESSAGES.throttled);
    if (isInternalLogin) {
      const problem = internalEmailError(email, staffDomain(c.env));
      if (problem) return fail(c, 400, problem);
    }
    const taken = await takenMessage(c.env.DB, username, email);
    if (taken) return fail(c, 409, taken);
    let id: number;
    try {
      id = await createAccount(c.env.DB, { username, email, passwordHash: await hashPassword(password), role: roleFor(c.env, email, isInternalLogin, null) });
    } catch (err) {
      // Someone registered the same name or email a moment earlier: look again to say which.
      if (isUniqueViolation(err)) return fail(c, 409, (await takenMessage(c.env.DB, username, email)) ?? MESSAGES.usernameTaken);
      throw err;
    }
    await startSession(c, id);
    return c.json(await getSessionUser(c.env.DB, id), 201);
  })
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { username, password, isInternalLogin } = c.req.valid('json');
    const db = c.env.DB;
    const login = username.toLowerCase();
    const row = await db
      // An email always means its owner, even if another account took that text as its username.
      .prepare(
        'SELECT id, username, email, role, password_hash FROM users WHERE username = ?1 COLLATE NOCASE OR email = ?1 COLLATE NOCASE ORDER BY email = ?1 COLLATE NOCASE DESC LIMIT 1',
      )
      .bind(login)
      .first<CredentialRow>();
    // Keyed by the account's username, so naming it by email shares the same budget of guesses.
    const accountKey = `login:${(row?.username ?? login).toLowerCase()}`;
    const clientLoginKey = `login-client:${clientKey(c)}`;
    // Attempts are counted before the (slow) hash check so a parallel burst cannot slip past the limits.
    const [clientCount, accountCount] = await Promise.all([hit(db, clientLoginKey), hit(db, accountKey)]);
    if (clientCount > CLIENT_ATTEMPTS || accountCount > ACCOUNT_ATTEMPTS) return fail(c, 429, MESSAGES.throttled);
    if (isInternalLogin && login.includes('@')) {
      const problem = internalEmailError(login, staffDomain(c.env));
      if (problem) return fail(c, 400, problem);
    }
    // Provider mode (SPEC §7): the provider checks the password; the username field holds the email.
    const provider = providerConfig(c.env);
    if (provider) {
      const signIn = await providerSignIn(c, provider, login, password, isInternalLogin);
      if (!signIn.ok) return signIn.response;
      await Promise.all([reset(db, accountKey), refund(db, clientLoginKey)]);
      return c.json(await getSessionUser(db, signIn.userId));
    }
    // The hash is checked even without an account so timing does not reveal which names exist.
    const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !row.password_hash || !ok) return fail(c, 401, MESSAGES.invalidCredentials);
    // Only failures count against the account and the client.
    await Promise.all([reset(db, accountKey), refund(db, clientLoginKey)]);
    if (isInternalLogin) {
      const problem = internalEmailError(row.email, staffDomain(c.env));
      if (problem) return fail(c, 400, problem);
    }
    const role = roleFor(c.env, row.email, isInternalLogin, row.role);
    if (role !== row.role) await db.prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, row.id).run();
    await startSession(c, row.id);
    return c.json(await getSessionUser(db, row.id));
  })
  // The same provider sign-in as /login, by email; provider mode only.
  .post('/external-login', providerOnly, jsonBody(externalLoginSchema), async (c) => {
    const provider = providerConfig(c.env)!;
    const { email, password } = c.req.valid('json');
    const db = c.env.DB;
    const accountKey = `login:${email}`;
    const clientLoginKey = `login-client:${clientKey(c)}`;
    const [clientCount, accountCount] = await Promise.all([hit(db, clientLoginKey), hit(db, accountKey)]);
    if (clientCount > CLIENT_ATTEMPTS || accountCount > ACCOUNT_ATTEMPTS) return fail(c, 429, MESSAGES.throttled);
    const signIn = await providerSignIn(c, provider, email, password);
    if (!signIn.ok) return signIn.response;
    await Promise.all([reset(db, accountKey), refund(db, clientLoginKey)]);
    return c.json(await getSessionUser(db, signIn.userId));
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return c.json({ ok: true });
  });

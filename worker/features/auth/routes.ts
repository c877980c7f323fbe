import { Hono } from 'hono';
import { loginSchema, MESSAGES, registerSchema, internalEmailError } from '../../../common/validation';
import { staffDomain, type AppEnv } from '../../env';
import { createAccount, getSessionUser, isUniqueViolation, roleFor } from '../../lib/accounts';
import { fail } from '../../lib/http';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/password';
import { endSession, startSession } from '../../lib/session-cookie';
import { ACCOUNT_ATTEMPTS, CLIENT_ATTEMPTS, clientKey, hit, peek, reset } from '../../lib/throttle';
import { jsonBody } from '../../lib/validator';
import type { Role } from '../../../common/types';

interface CredentialRow {
  id: number;
  email: string;
  role: Role;
  password_hash: string | null;
}

export const authRoutes = new Hono<AppEnv>()
  .get('/session', (c) => {
    const user = c.var.user;
    return user ? c.json(user) : fail(c, 401, MESSAGES.notSignedIn);
  })
  .post('/register', jsonBody(registerSchema), async (c) => {
    const { username, email, password, isInternalLogin } = c.req.valid('json');
    if ((await hit(c.env.DB, `register:${clientKey(c)}`)) > CLIENT_ATTEMPTS) return fail(c, 429, MESSAGES.throttled);
    if (isInternalLogin) {
      const problem = internalEmailError(email, staffDomain(c.env));
      if (problem) return fail(c, 400, problem);
    }
    const taken = await c.env.DB.prepare(
      'SELECT username = ? COLLATE NOCASE AS sameName FROM users WHERE username = ? COLLATE NOCASE OR email = ? COLLATE NOCASE LIMIT 1',
    )
      .bind(username, username, email)
      .first<{ sameName: number }>();
    if (taken) return fail(c, 409, taken.sameName ? MESSAGES.usernameTaken : MESSAGES.emailTaken);
    let id: number;
    try {
      id = await createAccount(c.env.DB, { username, email, passwordHash: await hashPassword(password), role: roleFor(c.env, email, isInternalLogin, null) });
    } catch (err) {
      // Someone registered the same name a moment earlier.
      if (isUniqueViolation(err)) return fail(c, 409, MESSAGES.usernameTaken);
      throw err;
    }
    await startSession(c, id);
    return c.json(await getSessionUser(c.env.DB, id), 201);
  })
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { username, password, isInternalLogin } = c.req.valid('json');
    const login = username.toLowerCase();
    const accountKey = `login:${login}`;
    if ((await hit(c.env.DB, `login-client:${clientKey(c)}`)) > CLIENT_ATTEMPTS || (await peek(c.env.DB, accountKey)) >= ACCOUNT_ATTEMPTS) {
      return fail(c, 429, MESSAGES.throttled);
    }
    if (isInternalLogin && login.includes('@')) {
      const problem = internalEmailError(login, staffDomain(c.env));
      if (problem) return fail(c, 400, problem);
    }
    const row = await c.env.DB.prepare(
      'SELECT id, email, role, password_hash FROM users WHERE username = ?1 COLLATE NOCASE OR email = ?1 COLLATE NOCASE LIMIT 1',
    )
      .bind(login)
      .first<CredentialRow>();
    // The hash is checked even without an account so timing does not reveal which names exist.
    const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !row.password_hash || !ok) {
      await hit(c.env.DB, accountKey);
      return fail(c, 401, MESSAGES.invalidCredentials);
    }
    if (isInternalLogin) {
      const problem = internalEmailError(row.email, staffDomain(c.env));
      if (problem) return fail(c, 400, problem);
    }
    await reset(c.env.DB, accountKey);
    const role = roleFor(c.env, row.email, isInternalLogin, row.role);
    if (role !== row.role) await c.env.DB.prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, row.id).run();
    await startSession(c, row.id);
    return c.json(await getSessionUser(c.env.DB, row.id));
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return c.json({ ok: true });
  });

import { and, eq, gt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { Role } from '#common/types.ts';
import { MESSAGES } from '#common/validation.ts';
import { orm } from '#worker/db/client.ts';
import { sessions, users } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { errorBody } from '#worker/lib/http.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { parseStoredTokens } from '#worker/lib/provider-tokens.ts';
import { roleFor } from '#worker/lib/accounts.ts';
import { SESSION_USER_COLUMNS, toSessionUser } from '#worker/lib/session-user.ts';

/** The session the request's cookie names, if it is current: its user, its hash and the provider's tokens. */
export async function readSession(c: Context<AppEnv>) {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 128) return null;
  const hash = await sha256Hex(token);
  const [row] = await orm(c.env.DB)
    .select({ ...SESSION_USER_COLUMNS, providerData: sessions.providerData, internal: sessions.internal })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, Date.now())));
  if (!row) return null;
  const { providerData, internal, ...userRow } = row;
  // The role as the configuration says now, not as it was at sign-in (docs/decisions/0038).
  const role = roleFor(c.env, row.email, row.emailVerifiedAt !== null, { internal });
  return { user: toSessionUser({ ...userRow, role }), hash, providerSession: parseStoredTokens(providerData) };
}

/** Resolves the session cookie to a user (or null) for every /api request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await readSession(c);
  c.set('user', session?.user ?? null);
  c.set('sessionHash', session?.hash ?? null);
  c.set('tokenId', null);
  c.set('providerSession', session?.providerSession ?? null);
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) return c.json(errorBody(MESSAGES.notSignedIn), 401);
  await next();
};

export const requireRole =
  (...roles: Role[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json(errorBody(MESSAGES.notSignedIn), 401);
    if (!roles.includes(user.role)) return c.json(errorBody(MESSAGES.forbidden), 403);
    await next();
  };

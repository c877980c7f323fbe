import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../../common/constants';
import type { Role, SessionUser } from '../../common/types';
import { MESSAGES } from '../../common/validation';
import type { AppEnv } from '../env';
import { errorBody } from '../lib/http';
import { sha256Hex } from '../lib/crypto';
import { parseStoredTokens } from '../features/provider/client';

interface SessionUserRow {
  id: number;
  username: string;
  email: string;
  credits: number;
  consumed: number;
  role: Role;
  profile_picture: string | null;
  created_at: string;
  email_verified_at: string | null;
}

export const toSessionUser = (row: SessionUserRow): SessionUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  credits: row.credits,
  consumed: row.consumed,
  role: row.role,
  profilePicture: row.profile_picture,
  createdAt: row.created_at,
  emailVerified: row.email_verified_at !== null,
});

export const SESSION_USER_COLUMNS =
  'u.id, u.username, u.email, u.credits, u.consumed, u.role, u.profile_picture, u.created_at, u.email_verified_at';

/** Resolves the session cookie to a user (or null) for every /api request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  c.set('sessionHash', null);
  c.set('providerSession', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token && token.length <= 128) {
    const hash = await sha256Hex(token);
    const row = await c.env.DB.prepare(
      `SELECT ${SESSION_USER_COLUMNS}, s.provider_data FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ?`,
    )
      .bind(hash, Date.now())
      .first<SessionUserRow & { provider_data: string | null }>();
    if (row) {
      c.set('user', toSessionUser(row));
      c.set('sessionHash', hash);
      c.set('providerSession', parseStoredTokens(row.provider_data));
    }
  }
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

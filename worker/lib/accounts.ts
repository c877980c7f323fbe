// Account helpers shared by every sign-in path (password, Google, provider).
import type { D1Database } from '@cloudflare/workers-types';
import { INITIAL_CREDITS } from '../../common/constants';
import type { Role, SessionUser } from '../../common/types';
import { adminEmails, type Bindings } from '../env';
import { SESSION_USER_COLUMNS, toSessionUser } from '../middleware/session';

/** The role an account should have after a sign-in: roles only ever go up here (DESIGN decision 4). */
export function roleFor(env: Bindings, email: string, internal: boolean, current: Role | null): Role {
  if (adminEmails(env).has(email.toLowerCase())) return 'admin';
  if (current === 'admin' || current === 'staff') return current;
  return internal ? 'staff' : 'user';
}

export async function getSessionUser(db: D1Database, userId: number): Promise<SessionUser | null> {
  const row = await db.prepare(`SELECT ${SESSION_USER_COLUMNS} FROM users u WHERE u.id = ?`).bind(userId).first<Parameters<typeof toSessionUser>[0]>();
  return row ? toSessionUser(row) : null;
}

export interface NewAccount {
  username: string;
  email: string;
  role: Role;
  passwordHash?: string | null;
  googleId?: string | null;
  profilePicture?: string | null;
}

/**
 * Creates an account with the sign-up grant as a ledger entry, in one batch so neither exists
 * without the other. A taken username or email surfaces as D1's UNIQUE constraint error.
 */
export async function createAccount(db: D1Database, account: NewAccount): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO users (username, email, password_hash, google_id, profile_picture, role, credits) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .bind(account.username, account.email, account.passwordHash ?? null, account.googleId ?? null, account.profilePicture ?? null, account.role, INITIAL_CREDITS),
    db
      .prepare(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, description, idempotency_key)
         SELECT id, 'signup', ?, ?, 'Sign-up credits', 'signup:' || id FROM users WHERE email = ? COLLATE NOCASE`,
      )
      .bind(INITIAL_CREDITS, INITIAL_CREDITS, account.email),
  ]);
  const id = inserted?.results[0]?.id;
  if (!id) throw new Error('account insert returned no id');
  return id;
}

export const isUniqueViolation = (err: unknown): boolean => /UNIQUE/i.test(String(err));

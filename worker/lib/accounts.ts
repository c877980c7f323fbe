// Account helpers shared by every sign-in path (password, Google, provider).
import type { D1Database } from '@cloudflare/workers-types';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { INITIAL_CREDITS } from '../../common/constants';
import type { Role, SessionUser } from '../../common/types';
import { internalEmailError, MESSAGES, usernameKey } from '../../common/validation';
import { orm } from '../db/client';
import { users } from '../db/schema';
import { adminEmails, staffDomain, type Bindings } from '../env';
import { SESSION_USER_COLUMNS, toSessionUser } from '../middleware/session';

/**
 * The role an account earns (DESIGN decision 4): admin for a verified address in ADMIN_EMAILS; staff
 * for a verified address at STAFF_EMAIL_DOMAIN that signs in internally (or already is staff);
 * otherwise user. An unverified address earns nothing, so typing someone else's address never
 * borrows their role, and a role lost with an address is not kept.
 */
export function roleFor(env: Bindings, email: string, verified: boolean, { internal = false, current = null as Role | null } = {}): Role {
  if (!verified) return 'user';
  const address = email.trim().toLowerCase();
  if (adminEmails(env).has(address)) return 'admin';
  const staffAddress = !internalEmailError(address, staffDomain(env));
  if (staffAddress && (internal || current === 'staff' || current === 'admin')) return 'staff';
  return 'user';
}

/** Recomputes and stores an account's role from its current address (every sign-in and email change). */
export async function syncRole(db: D1Database, env: Bindings, userId: number, internal = false): Promise<Role | null> {
  const row = await db
    .prepare('SELECT email, role, email_verified_at FROM users WHERE id = ?')
    .bind(userId)
    .first<{ email: string; role: Role; email_verified_at: string | null }>();
  if (!row) return null;
  const role = roleFor(env, row.email, row.email_verified_at !== null, { internal, current: row.role });
  if (role !== row.role) await db.prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, userId).run();
  return role;
}

export async function getSessionUser(d1: D1Database, userId: number): Promise<SessionUser | null> {
  const [row] = await orm(d1).select(SESSION_USER_COLUMNS).from(users).where(eq(users.id, userId));
  return row ? toSessionUser(row) : null;
}

export interface NewAccount {
  username: string;
  email: string;
  role: Role;
  passwordHash?: string | null;
  googleId?: string | null;
  profilePicture?: string | null;
  /** The address is already proven (Google's email_verified === true). */
  emailVerified?: boolean;
}

/**
 * Creates an account with the sign-up grant as a ledger entry, in one batch so neither exists
 * without the other. A taken username or email surfaces as D1's UNIQUE constraint error.
 */
export async function createAccount(db: D1Database, account: NewAccount): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO users (username, username_key, email, password_hash, google_id, profile_picture, role, credits, email_verified_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END) RETURNING id`,
      )
      .bind(
        account.username,
        usernameKey(account.username),
        account.email,
        account.passwordHash ?? null,
        account.googleId ?? null,
        account.profilePicture ?? null,
        account.role,
        INITIAL_CREDITS,
        account.emailVerified ? 1 : 0,
      ),
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

/** D1's UNIQUE constraint error; drizzle wraps it as the cause (its own message holds the query and parameters). */
export const isUniqueViolation = (err: unknown): boolean =>
  err instanceof DrizzleQueryError ? isUniqueViolation(err.cause) : /UNIQUE/i.test(String(err));

/**
 * The 409 message when another account (not `exceptId`) has this username (compared NFKC and
 * case-insensitively) or email; null when both are free.
 */
export async function takenMessage(db: D1Database, username: string, email: string, exceptId = 0): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT (username_key = ?1 OR username = ?2 COLLATE NOCASE) AS sameName FROM users
       WHERE id <> ?4 AND (username_key = ?1 OR username = ?2 COLLATE NOCASE OR email = ?3 COLLATE NOCASE) LIMIT 1`,
    )
    .bind(usernameKey(username), username, email, exceptId)
    .first<{ sameName: number }>();
  if (!row) return null;
  return row.sameName ? MESSAGES.usernameTaken : MESSAGES.emailTaken;
}

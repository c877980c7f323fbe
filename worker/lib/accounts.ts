// Account helpers shared by every sign-in path (password, Google, provider). Creating an account
// writes its sign-up grant, so it lives with the money: createAccount in worker/domain/credits.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, DrizzleQueryError, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Role, SessionUser } from '#common/types.ts';
import { internalEmailError, MESSAGES, usernameKey } from '#common/validation.ts';
import { eqNocase, orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import { adminEmails, staffDomain, type Bindings } from '#worker/env.ts';
import { SESSION_USER_COLUMNS, toSessionUser } from '#worker/lib/session-user.ts';
import { fillSkeletons, skeleton } from './confusables';

/**
 * The role a request acts with (docs/product.md#roles): admin for a verified address in ADMIN_EMAILS;
 * staff for a verified address at STAFF_EMAIL_DOMAIN in a session started through the 'Internal'
 * sign-in; otherwise user. An unverified address earns nothing, so typing someone else's address
 * never borrows their role. Computed on every request from the configuration as it is now
 * (docs/decisions/0038): a role taken out of the configuration ends with the next request.
 */
export function roleFor(env: Bindings, email: string, verified: boolean, { internal = false } = {}): Role {
  if (!verified) return 'user';
  const address = email.trim().toLowerCase();
  if (adminEmails(env).has(address)) return 'admin';
  if (internal && !internalEmailError(address, staffDomain(env))) return 'staff';
  return 'user';
}

/**
 * Recomputes and stores an account's role (every sign-in and email change): what the sign-in's
 * answer and public lists show. Authorization never reads the stored role: the session middleware
 * recomputes it on every request (roleFor).
 */
export async function syncRole(d1: D1Database, env: Bindings, userId: number, internal = false): Promise<Role | null> {
  const db = orm(d1);
  const [row] = await db
    .select({ email: users.email, role: users.role, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const role = roleFor(env, row.email, row.emailVerifiedAt !== null, { internal });
  if (role !== row.role) await db.update(users).set({ role }).where(eq(users.id, userId)).run();
  return role;
}

export async function getSessionUser(d1: D1Database, userId: number): Promise<SessionUser | null> {
  const [row] = await orm(d1).select(SESSION_USER_COLUMNS).from(users).where(eq(users.id, userId));
  return row ? toSessionUser(row) : null;
}

/** D1's UNIQUE constraint error; drizzle wraps it as the cause (its own message holds the query and parameters). */
export const isUniqueViolation = (err: unknown): boolean =>
  err instanceof DrizzleQueryError ? isUniqueViolation(err.cause) : /UNIQUE/i.test(String(err));

/**
 * Of the accounts claiming an address, the one that confirmed it first, then the newest (migration
 * 0018: an address is one account's only once proven). For sign-in, reset, Google and provider look-ups.
 */
export const CONFIRMED_FIRST = [sql`${users.emailVerifiedAt} IS NULL`, desc(users.id)] as const;

/**
 * The 409 message when another account (not `exceptId`) has this username (compared NFKC and
 * case-insensitively, and by confusables skeleton so a look-alike counts as the same name) or has
 * confirmed this email (an unconfirmed claim takes nothing from anyone); null when both are free.
 * Callers never show the email's answer to someone who has not proven the mailbox (docs/decisions/0024).
 */
export async function takenMessage(
  d1: D1Database,
  username: string,
  email: string,
  exceptId = 0,
): Promise<string | null> {
  if (username) await fillSkeletons(d1, 'users');
  const sameName = username
    ? or(
        eq(users.usernameKey, usernameKey(username)),
        eqNocase(users.username, username),
        eq(users.usernameSkeleton, skeleton(username)),
      )!
    : sql`0`;
  const [row] = await orm(d1)
    .select({ sameName: sql<number>`${sameName}` })
    .from(users)
    .where(
      and(ne(users.id, exceptId), or(sameName, and(eqNocase(users.email, email), isNotNull(users.emailVerifiedAt)))),
    )
    .limit(1);
  if (!row) return null;
  return row.sameName ? MESSAGES.usernameTaken : MESSAGES.emailTaken;
}

// Account helpers shared by every sign-in path (password, Google, provider).
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, DrizzleQueryError, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { INITIAL_CREDITS } from '#common/constants.ts';
import type { LedgerKind, Role, SessionUser } from '#common/types.ts';
import { internalEmailError, MESSAGES, usernameKey } from '#common/validation.ts';
import { eqNocase, orm } from '#worker/db/client.ts';
import { creditLedger, now, users } from '#worker/db/schema.ts';
import { adminEmails, staffDomain, type Bindings } from '#worker/env.ts';
import { SESSION_USER_COLUMNS, toSessionUser } from '#worker/lib/session-user.ts';
import { fillUsernameSkeletons, skeleton } from './confusables';

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
  const [row] = await db.select({ email: users.email, role: users.role, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!row) return null;
  const role = roleFor(env, row.email, row.emailVerifiedAt !== null, { internal });
  if (role !== row.role) await db.update(users).set({ role }).where(eq(users.id, userId)).run();
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
export async function createAccount(d1: D1Database, account: NewAccount): Promise<number> {
  const db = orm(d1);
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({
        username: account.username,
        usernameKey: usernameKey(account.username),
        usernameSkeleton: skeleton(account.username),
        email: account.email,
        passwordHash: account.passwordHash ?? null,
        googleId: account.googleId ?? null,
        profilePicture: account.profilePicture ?? null,
        role: account.role,
        credits: INITIAL_CREDITS,
        emailVerifiedAt: account.emailVerified ? now : null,
      })
      .returning({ id: users.id }),
    // insert … select names every column, in the table's order (drizzle checks it).
    db.insert(creditLedger).select(
      db
        .select({
          id: sql<number>`NULL`.as('id'),
          userId: users.id,
          kind: sql<LedgerKind>`'signup'`.as('kind'),
          amount: sql<number>`${INITIAL_CREDITS}`.as('amount'),
          balanceAfter: sql<number>`${INITIAL_CREDITS}`.as('balance_after'),
          consumedAfter: sql<number>`0`.as('consumed_after'),
          reference: sql<string | null>`NULL`.as('reference'),
          description: sql<string>`'Sign-up credits'`.as('description'),
          idempotencyKey: sql<string>`'signup:' || ${users.id}`.as('idempotency_key'),
          createdAt: sql<string>`${now}`.as('created_at'),
          agentName: sql<null>`NULL`.as('agent_name'),
        })
        .from(users)
        // By username: it is unique, while several unconfirmed accounts may claim one address.
        .where(eqNocase(users.username, account.username)),
    ),
  ]);
  const id = inserted[0]?.id;
  if (!id) throw new Error('account insert returned no id');
  return id;
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
export async function takenMessage(d1: D1Database, username: string, email: string, exceptId = 0): Promise<string | null> {
  if (username) await fillUsernameSkeletons(d1);
  const sameName = username
    ? or(eq(users.usernameKey, usernameKey(username)), eqNocase(users.username, username), eq(users.usernameSkeleton, skeleton(username)))!
    : sql`0`;
  const [row] = await orm(d1)
    .select({ sameName: sql<number>`${sameName}` })
    .from(users)
    .where(and(ne(users.id, exceptId), or(sameName, and(eqNocase(users.email, email), isNotNull(users.emailVerifiedAt)))))
    .limit(1);
  if (!row) return null;
  return row.sameName ? MESSAGES.usernameTaken : MESSAGES.emailTaken;
}

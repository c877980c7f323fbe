// One-time tokens of mailed links (docs/decisions/0032): random, stored only as a SHA-256 hash,
// single use, 24 h to verify an address, 1 h to reset a password and 7 days to undo an email change
// from the address it replaced (docs/decisions/0024).
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { orm } from '#worker/db/client.ts';
import { emailTokens, users } from '#worker/db/schema.ts';
import { randomToken, sha256Hex } from './crypto';

export type TokenPurpose = 'verify' | 'reset' | 'undo';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify: 24 * 3_600_000,
  reset: 3_600_000,
  undo: 7 * 24 * 3_600_000,
};

/**
 * Issues a token for `email` (the address a verify link confirms, the account's address for a
 * reset, the replaced address for an undo). Earlier verify or reset tokens stop working; undo
 * tokens all stay, so a second change cannot take back the owner's way home. Expired ones of
 * anyone are pruned.
 */
export async function issueToken(
  d1: D1Database,
  userId: number,
  purpose: TokenPurpose,
  email: string,
  now = Date.now(),
): Promise<string> {
  const db = orm(d1);
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  await db.batch([
    db
      .delete(emailTokens)
      .where(
        or(
          lt(emailTokens.expiresAt, now),
          purpose === 'undo' ? sql`0` : and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)),
        ),
      ),
    db.insert(emailTokens).values({ tokenHash, userId, purpose, email, expiresAt: now + TOKEN_TTL_MS[purpose] }),
  ]);
  return token;
}

/** Uses a token up: the row is deleted whatever happens next, so a link works at most once. */
export async function consumeToken(
  d1: D1Database,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<{ userId: number; email: string; expiresAt: number } | null> {
  const tokenHash = await sha256Hex(token);
  const [row] = await orm(d1)
    .delete(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .returning({ userId: emailTokens.userId, email: emailTokens.email, expiresAt: emailTokens.expiresAt });
  if (!row || row.expiresAt < now) return null;
  return row;
}

/** A live token's account and address, without using it up (the link may still need a password). */
export async function findToken(
  d1: D1Database,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<{ userId: number; email: string } | null> {
  const [row] = await orm(d1)
    .select({ userId: emailTokens.userId, email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, await sha256Hex(token)),
        eq(emailTokens.purpose, purpose),
        gte(emailTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Voids the account's pending links when someone recovers it (docs/decisions/0038): every
 * confirmation, email change and reset link, and every undo link but one. The link an address
 * change mailed to the address it replaced is the owner's way home, and an intruder who knows the
 * password or holds the new mailbox can make any of these requests: so the oldest pending undo link
 * stays (its address was the account's before the first pending change), unless the request is
 * itself an undo at least as old (`usedUndoExpiresAt`), which ends everything the later changes
 * planted. Undo links all live 7 days, so their expiry orders them by issue. A statement for the
 * caller's batch.
 */
export const voidPendingTokens = (
  d1: D1Database,
  userId: number,
  { usedUndoExpiresAt = Number.MAX_SAFE_INTEGER } = {},
) => {
  const oldestUndo = sql`(SELECT oldest.token_hash FROM ${emailTokens} oldest
    WHERE oldest.user_id = ${userId} AND oldest.purpose = 'undo' AND oldest.expires_at < ${usedUndoExpiresAt}
    ORDER BY oldest.expires_at, oldest.token_hash LIMIT 1)`;
  return orm(d1)
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), sql`${emailTokens.tokenHash} IS NOT ${oldestUndo}`));
};

/** Cancels a pending email change (verify links for an address other than the account's). */
export const cancelEmailChange = (d1: D1Database, userId: number) =>
  orm(d1)
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'verify'),
        ne(emailTokens.email, sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId}) COLLATE NOCASE`),
      ),
    );

/** The address an email change is waiting to confirm, if any. */
export async function pendingEmail(d1: D1Database, userId: number, now = Date.now()): Promise<string | null> {
  const [row] = await orm(d1)
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'verify'),
        gte(emailTokens.expiresAt, now),
        // COLLATE NOCASE: an address differing only in case is not a change.
        sql`${emailTokens.email} <> ${users.email} COLLATE NOCASE`,
      ),
    )
    .limit(1);
  return row?.email ?? null;
}

// One-time tokens of mailed links (DESIGN decision 13): random, stored only as a SHA-256 hash,
// single use, 24 h to verify an address and 1 h to reset a password.
import type { D1Database } from '@cloudflare/workers-types';
import { randomToken, sha256Hex } from './crypto';

export type TokenPurpose = 'verify' | 'reset';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { verify: 24 * 3_600_000, reset: 3_600_000 };

/**
 * Issues a token for `email` (the address a verify link confirms, or the account's address for a
 * reset). Earlier tokens of the same purpose stop working, and expired ones of anyone are pruned.
 */
export async function issueToken(db: D1Database, userId: number, purpose: TokenPurpose, email: string, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.batch([
    db.prepare('DELETE FROM email_tokens WHERE expires_at < ? OR (user_id = ? AND purpose = ?)').bind(now, userId, purpose),
    db
      .prepare('INSERT INTO email_tokens (token_hash, user_id, purpose, email, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(await sha256Hex(token), userId, purpose, email, now + TOKEN_TTL_MS[purpose]),
  ]);
  return token;
}

/** Uses a token up: the row is deleted whatever happens next, so a link works at most once. */
export async function consumeToken(db: D1Database, token: string, purpose: TokenPurpose, now = Date.now()): Promise<{ userId: number; email: string } | null> {
  const row = await db
    .prepare('DELETE FROM email_tokens WHERE token_hash = ? AND purpose = ? RETURNING user_id, email, expires_at')
    .bind(await sha256Hex(token), purpose)
    .first<{ user_id: number; email: string; expires_at: number }>();
  if (!row || row.expires_at < now) return null;
  return { userId: row.user_id, email: row.email };
}

/** The address an email change is waiting to confirm, if any. */
export async function pendingEmail(db: D1Database, userId: number, now = Date.now()): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT t.email FROM email_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.user_id = ? AND t.purpose = 'verify' AND t.expires_at >= ? AND t.email <> u.email COLLATE NOCASE LIMIT 1`,
    )
    .bind(userId, now)
    .first<{ email: string }>();
  return row?.email ?? null;
}

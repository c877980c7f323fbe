// The account's signed-in browsers, for Settings' 'Where you are signed in' (docs/decisions/0038). A
// session is named by the first 16 hex digits of its token's hash: enough to tell an account's
// sessions apart, and nothing a browser could sign in with.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { SignedInSession } from '#common/api-schemas.ts';
import { orm } from '#worker/db/client.ts';
import { sessions } from '#worker/db/schema.ts';

export const SESSION_ID_LENGTH = 16;
/** A session's id as listSessions names it: anything else names none. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{16}$/;
const sessionId = (hash: string) => hash.slice(0, SESSION_ID_LENGTH);

/** The account's current sessions, newest first, the caller's own marked. */
export async function listSessions(
  d1: D1Database,
  userId: number,
  currentHash: string | null,
): Promise<SignedInSession[]> {
  const rows = await orm(d1)
    .select({ hash: sessions.tokenHash, device: sessions.device, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, Date.now())))
    .orderBy(desc(sessions.createdAt), sessions.tokenHash);
  return rows.map((row) => ({
    id: sessionId(row.hash),
    device: row.device,
    createdAt: row.createdAt,
    current: row.hash === currentHash,
  }));
}

/** Ends one of the account's sessions by its id; false when the account has no such session. */
export async function endSessionById(d1: D1Database, userId: number, id: string): Promise<boolean> {
  if (!SESSION_ID_PATTERN.test(id)) return false;
  const ended = await orm(d1)
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`substr(${sessions.tokenHash}, 1, ${SESSION_ID_LENGTH}) = ${id}`))
    .returning({ hash: sessions.tokenHash });
  return ended.length > 0;
}

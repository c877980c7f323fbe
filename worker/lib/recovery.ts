// Recovery ends every credential (docs/decisions/0038): what a password reset, a password change,
// confirming an address by choosing a password, 'Sign out of all devices' and an email change undo
// write, in the caller's batch with the change itself, so no credential an intruder made outlives
// the owner taking the account back.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import { orm } from '#worker/db/client.ts';
import { apiTokens } from '#worker/db/schema.ts';
import { voidPendingTokens } from './email-tokens';
import { endOtherSessions } from './session-cookie';

export interface RecoveryOptions {
  /** The caller's own session, when the request proved the password in it (a password change). */
  keepSessionHash?: string | null;
  /** The undo link being used, when the recovery is an undo (see voidPendingTokens). */
  usedUndoExpiresAt?: number;
}

/**
 * Every session (but `keepSessionHash`), every personal token and every pending link (see
 * voidPendingTokens) of the account: statements for the caller's batch.
 */
export function endEveryCredential(
  d1: D1Database,
  userId: number,
  { keepSessionHash = null, usedUndoExpiresAt }: RecoveryOptions = {},
) {
  const db = orm(d1);
  return [
    endOtherSessions(d1, userId, keepSessionHash),
    db
      .update(apiTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))),
    voidPendingTokens(d1, userId, { usedUndoExpiresAt }),
  ] as const;
}

// Recovery ends every credential (docs/decisions/0038): what a password reset, a password change,
// confirming an address by choosing a password, 'Sign out of all devices' and an email change undo
// write, in the caller's batch with the change itself, so no credential an intruder made outlives
// the owner taking the account back. Connected apps (docs/decisions/0042) are api_tokens rows too, so
// the batch ends them; their OAuth grants live in KV, outside any batch, and endEveryGrant removes
// them once the batch is written.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import { orm } from '#worker/db/client.ts';
import { apiTokens } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { voidPendingTokens } from './email-tokens';
import { log } from './log';
import { revokeGrants } from './oauth-server';
import { endOtherSessions } from './session-cookie';

export interface RecoveryOptions {
  /** The caller's own session, when the request proved the password in it (a password change). */
  keepSessionHash?: string | null;
  /** The undo link being used, when the recovery is an undo (see voidPendingTokens). */
  usedUndoExpiresAt?: number;
}

/**
 * Every session (but `keepSessionHash`), every personal token and connected app, and every pending
 * link (see voidPendingTokens) of the account: statements for the caller's batch. Follow the batch
 * with endEveryGrant.
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

/**
 * After endEveryCredential's batch: every OAuth grant of the account leaves KV with its tokens, so an
 * app an intruder connected cannot even refresh. Its D1 row, revoked by the batch, already refuses
 * it at /mcp and at the token endpoint, so a KV failure here is logged, never the caller's failure.
 */
export async function endEveryGrant(env: Bindings, userId: number): Promise<void> {
  try {
    await revokeGrants(env, userId);
  } catch (error) {
    log('error', 'revoking OAuth grants failed', { userId, error });
  }
}

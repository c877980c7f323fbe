// Connected apps at rest (docs/decisions/0042): one api_tokens row of kind 'app' per connection, which
// its OAuth grant (in KV) names as `credentialId`. The row is the connection's truth: revoked here, it
// is refused at /mcp and at the token endpoint at once, whatever KV still holds.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq } from 'drizzle-orm';
import type { TokenScope } from '#common/api-tokens.ts';
import { orm } from '#worker/db/client.ts';
import { apiTokens } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { revokeGrants } from '#worker/lib/oauth-server.ts';
import { ownActiveCredentials, revokeCredential } from '#worker/features/tokens/index.ts';

// Listing, limiting and revoking the rows is the tokens feature's, by kind (listCredentials & co.).

/**
 * A new connection's row: what the person allowed on the consent page. An earlier connection of the
 * same app ends in the same batch, as its grant does when the new one is stored (the library's
 * default), so Settings never lists a connection that can no longer work.
 */
export async function createConnection(
  d1: D1Database,
  userId: number,
  app: { name: string; clientId: string; scopes: TokenScope[]; spendLimit: number | null },
): Promise<number> {
  const db = orm(d1);
  const [, inserted] = await db.batch([
    db
      .update(apiTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(ownActiveCredentials(userId, 'app'), eq(apiTokens.clientId, app.clientId))),
    db
      .insert(apiTokens)
      .values({
        userId,
        kind: 'app',
        name: app.name,
        clientId: app.clientId,
        scopes: app.scopes.join(' '),
        spendLimit: app.spendLimit,
      })
      .returning({ id: apiTokens.id }),
  ]);
  return inserted[0]!.id;
}

/**
 * Ends a connection: its row first (refused from then on), then its grants in KV with their tokens.
 * False when the owner has no such active connection.
 */
export async function endConnection(env: Bindings, userId: number, id: number): Promise<boolean> {
  if (!(await revokeCredential(env.DB, userId, 'app', id))) return false;
  await revokeGrants(env, userId, id);
  return true;
}

// Connected apps at rest (docs/decisions/0042): one api_tokens row of kind 'app' per connection, which
// its OAuth grant (in KV) names as `credentialId`. The row is the connection's truth: revoked here, it
// is refused at /mcp and at the token endpoint at once, whatever KV still holds.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Connection } from '#common/api-schemas.ts';
import { TOKEN_SCOPES, type TokenScope } from '#common/api-tokens.ts';
import { orm } from '#worker/db/client.ts';
import { apiTokens } from '#worker/db/schema.ts';
import { spentThisMonth } from '#worker/domain/credits/index.ts';
import type { Bindings } from '#worker/env.ts';
import { revokeGrants } from '#worker/lib/oauth-server.ts';

const COLUMNS = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  spendLimit: apiTokens.spendLimit,
  clientId: apiTokens.clientId,
};

type Row = {
  id: number;
  name: string;
  scopes: string;
  createdAt: string;
  lastUsedAt: string | null;
  spendLimit: number | null;
  clientId: string | null;
};

const toConnection = (row: Row, spent: ReadonlyMap<number, number>): Connection => ({
  ...row,
  // Never null for kind 'app' (the table's api_tokens_client check).
  clientId: row.clientId ?? '',
  scopes: TOKEN_SCOPES.filter((s) => row.scopes.split(' ').includes(s)),
  spentThisMonth: spent.get(row.id) ?? 0,
});

/** The owner's active connected apps (never a personal token). */
const ownActiveApps = (userId: number) =>
  and(eq(apiTokens.userId, userId), eq(apiTokens.kind, 'app'), isNull(apiTokens.revokedAt));

/** The owner's connected apps, newest first, each with what it spent this month (one query for all). */
export async function listConnections(d1: D1Database, userId: number): Promise<Connection[]> {
  const rows = await orm(d1).select(COLUMNS).from(apiTokens).where(ownActiveApps(userId)).orderBy(desc(apiTokens.id));
  const spent = await spentThisMonth(
    d1,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toConnection(row, spent));
}

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
      .where(and(ownActiveApps(userId), eq(apiTokens.clientId, app.clientId))),
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

/** Sets one of the owner's connections' monthly limit; the connection after, or null when there is none. */
export async function setConnectionSpendLimit(
  d1: D1Database,
  userId: number,
  id: number,
  spendLimit: number | null,
): Promise<Connection | null> {
  const [row] = await orm(d1)
    .update(apiTokens)
    .set({ spendLimit })
    .where(and(eq(apiTokens.id, id), ownActiveApps(userId)))
    .returning(COLUMNS);
  return row ? toConnection(row, await spentThisMonth(d1, [row.id])) : null;
}

/** Revokes one of the owner's connections in D1; false when the owner has no such active one. */
export async function revokeConnection(d1: D1Database, userId: number, id: number): Promise<boolean> {
  const done = await orm(d1)
    .update(apiTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(apiTokens.id, id), ownActiveApps(userId)))
    .returning({ id: apiTokens.id });
  return done.length > 0;
}

/**
 * Ends a connection: its row first (refused from then on), then its grants in KV with their tokens.
 * False when the owner has no such active connection.
 */
export async function endConnection(env: Bindings, userId: number, id: number): Promise<boolean> {
  if (!(await revokeConnection(env.DB, userId, id))) return false;
  await revokeGrants(env, userId, id);
  return true;
}

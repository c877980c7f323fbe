// Personal API tokens at rest (docs/decisions/0030): only the SHA-256 of a token is stored, as for
// sessions; the token itself exists once, in the answer that creates it.
import type { D1Database } from '@cloudflare/workers-types';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import {
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type ApiTokenSummary,
  type CreatedApiToken,
  type TokenScope,
} from '#common/api-tokens.ts';
import type { SessionUser } from '#common/types.ts';
import { orm } from '#worker/db/client.ts';
import { apiTokens, users } from '#worker/db/schema.ts';
import { randomToken, sha256Hex } from '#worker/lib/crypto.ts';
import { SESSION_USER_COLUMNS, toSessionUser } from '#worker/lib/session-user.ts';

/** A token is the prefix and 256 random bits; anything longer is not one of ours. */
export const TOKEN_MAX_LENGTH = 80;
/** last_used_at is written at most this often per token: one write a minute, not one per request. */
const LAST_USED_STEP_MS = 60_000;

const parseScopes = (stored: string): TokenScope[] => TOKEN_SCOPES.filter((s) => stored.split(' ').includes(s));

const SUMMARY_COLUMNS = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

type SummaryRow = { id: number; name: string; scopes: string; createdAt: string; lastUsedAt: string | null };
const toSummary = (row: SummaryRow): ApiTokenSummary => ({ ...row, scopes: parseScopes(row.scopes) });

export async function activeTokenCount(d1: D1Database, userId: number): Promise<number> {
  const [row] = await orm(d1)
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

export async function createToken(
  d1: D1Database,
  userId: number,
  input: { name: string; scopes: TokenScope[] },
): Promise<CreatedApiToken> {
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const [row] = await orm(d1)
    .insert(apiTokens)
    .values({ userId, name: input.name, scopes: input.scopes.join(' '), tokenHash: await sha256Hex(token) })
    .returning(SUMMARY_COLUMNS);
  return { ...toSummary(row!), token };
}

/** The owner's active tokens, newest first. */
export async function listTokens(d1: D1Database, userId: number): Promise<ApiTokenSummary[]> {
  const rows = await orm(d1)
    .select(SUMMARY_COLUMNS)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.id));
  return rows.map(toSummary);
}

/** Revokes one of the owner's tokens; false when the owner has no such active token. */
export async function revokeToken(d1: D1Database, userId: number, id: number): Promise<boolean> {
  const done = await orm(d1)
    .update(apiTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return done.length > 0;
}

export interface TokenHolder {
  tokenId: number;
  scopes: TokenScope[];
  user: SessionUser;
}

/** The active token a Bearer credential names, with its owner; null for anything else. */
export async function findToken(d1: D1Database, token: string): Promise<TokenHolder | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > TOKEN_MAX_LENGTH) return null;
  const [row] = await orm(d1)
    .select({
      ...SESSION_USER_COLUMNS,
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, await sha256Hex(token)), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  const { tokenId, scopes, lastUsedAt, ...user } = row;
  const now = Date.now();
  if (!lastUsedAt || Date.parse(lastUsedAt) < now - LAST_USED_STEP_MS) {
    const cutoff = new Date(now - LAST_USED_STEP_MS).toISOString();
    await orm(d1)
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now).toISOString() })
      .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, cutoff))));
  }
  // A program acts as a customer whatever its owner's role: no token reaches an operator's or an
  // admin's route (policy.ts), and none sees what only they see (docs/decisions/0038).
  return { tokenId, scopes: parseScopes(scopes), user: toSessionUser({ ...user, role: 'user' }) };
}

// Personal API tokens at rest (docs/decisions/0030): only the SHA-256 of a token is stored, as for
// sessions; the token itself exists once, in the answer that creates it. api_tokens also holds the
// apps connected through OAuth (kind 'app', docs/decisions/0042): the token routes only ever touch
// kind 'token', while a request's holder may be either.
import type { D1Database } from '@cloudflare/workers-types';
import { and, count, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import {
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type ApiTokenSummary,
  type CreatedApiToken,
  type TokenScope,
} from '#common/api-tokens.ts';
import type { Connection } from '#common/api-schemas.ts';
import type { SessionUser } from '#common/types.ts';
import { orm } from '#worker/db/client.ts';
import { spentThisMonth } from '#worker/domain/credits/index.ts';
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
  spendLimit: apiTokens.spendLimit,
};
/** A connected app's row also names the OAuth client it registered as. */
const CREDENTIAL_COLUMNS = { ...SUMMARY_COLUMNS, clientId: apiTokens.clientId };

type SummaryRow = {
  id: number;
  name: string;
  scopes: string;
  createdAt: string;
  lastUsedAt: string | null;
  spendLimit: number | null;
};
const toSummary = (row: SummaryRow, spent: ReadonlyMap<number, number>): ApiTokenSummary => ({
  ...row,
  scopes: parseScopes(row.scopes),
  spentThisMonth: spent.get(row.id) ?? 0,
});

/** What the owner's list shows of each kind of credential: a personal token, or an app connected through OAuth. */
interface CredentialOfKind {
  token: ApiTokenSummary;
  app: Connection;
}
type CredentialKind = keyof CredentialOfKind;

function toCredential<K extends CredentialKind>(
  kind: K,
  { clientId, ...row }: SummaryRow & { clientId: string | null },
  spent: ReadonlyMap<number, number>,
): CredentialOfKind[K] {
  const summary = toSummary(row, spent);
  // Never null for kind 'app' (the table's api_tokens_client check); a token's answer has no client.
  return (
    kind === 'app' ? { ...summary, clientName: summary.name, clientId: clientId ?? '' } : summary
  ) as CredentialOfKind[K];
}

/** The owner's active credentials of one kind: tokens and connected apps are listed and limited apart. */
export const ownActiveCredentials = (userId: number, kind: CredentialKind) =>
  and(eq(apiTokens.userId, userId), eq(apiTokens.kind, kind), isNull(apiTokens.revokedAt));

export async function activeTokenCount(d1: D1Database, userId: number): Promise<number> {
  const [row] = await orm(d1).select({ n: count() }).from(apiTokens).where(ownActiveCredentials(userId, 'token'));
  return row?.n ?? 0;
}

export async function createToken(
  d1: D1Database,
  userId: number,
  input: { name: string; scopes: TokenScope[]; spendLimit?: number | null },
): Promise<CreatedApiToken> {
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const [row] = await orm(d1)
    .insert(apiTokens)
    .values({
      userId,
      kind: 'token',
      name: input.name,
      scopes: input.scopes.join(' '),
      tokenHash: await sha256Hex(token),
      spendLimit: input.spendLimit ?? null,
    })
    .returning(SUMMARY_COLUMNS);
  // A new token has spent nothing yet.
  return { ...toSummary(row!, new Map()), token };
}

/** The owner's active credentials of one kind, newest first, each with what it spent this month (one query for all). */
export async function listCredentials<K extends CredentialKind>(
  d1: D1Database,
  userId: number,
  kind: K,
): Promise<CredentialOfKind[K][]> {
  const rows = await orm(d1)
    .select(CREDENTIAL_COLUMNS)
    .from(apiTokens)
    .where(ownActiveCredentials(userId, kind))
    .orderBy(desc(apiTokens.id));
  const spent = await spentThisMonth(
    d1,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCredential(kind, row, spent));
}

/**
 * Revokes one of the owner's active credentials of this kind in D1; false when the owner has no such
 * active one. A connected app's grants in KV are its feature's to end.
 */
export async function revokeCredential(
  d1: D1Database,
  userId: number,
  kind: CredentialKind,
  id: number,
): Promise<boolean> {
  const done = await orm(d1)
    .update(apiTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(apiTokens.id, id), ownActiveCredentials(userId, kind)))
    .returning({ id: apiTokens.id });
  return done.length > 0;
}

/**
 * Sets the monthly spending limit of one of the owner's active credentials of this kind (null: none);
 * the credential after, or null when the owner has no such one. The next try reads it (docs/decisions/0042).
 */
export async function setCredentialSpendLimit<K extends CredentialKind>(
  d1: D1Database,
  userId: number,
  kind: K,
  id: number,
  spendLimit: number | null,
): Promise<CredentialOfKind[K] | null> {
  const [row] = await orm(d1)
    .update(apiTokens)
    .set({ spendLimit })
    .where(and(eq(apiTokens.id, id), ownActiveCredentials(userId, kind)))
    .returning(CREDENTIAL_COLUMNS);
  return row ? toCredential(kind, row, await spentThisMonth(d1, [row.id])) : null;
}

/** Who a request with a credential acts as, and with what. */
export interface TokenHolder {
  /** The credential's id (api_tokens): a personal token's or a connected app's. */
  tokenId: number;
  /** Its name, as the owner gave it (a token) or the app registered it: messages name it. */
  name: string;
  kind: 'token' | 'app';
  scopes: TokenScope[];
  user: SessionUser;
}

/**
 * The active credential `where` selects, with its owner, its last use written at most once a minute;
 * null when there is none.
 */
async function findHolder(d1: D1Database, where: SQL | undefined): Promise<TokenHolder | null> {
  const [row] = await orm(d1)
    .select({
      ...SESSION_USER_COLUMNS,
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      kind: apiTokens.kind,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(where, isNull(apiTokens.revokedAt)));
  if (!row) return null;
  const { tokenId, tokenName, kind, scopes, lastUsedAt, ...user } = row;
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
  return {
    tokenId,
    name: tokenName,
    kind,
    scopes: parseScopes(scopes),
    user: toSessionUser({ ...user, role: 'user' }),
  };
}

/** The active personal token a Bearer credential names, with its owner; null for anything else. */
export async function findToken(d1: D1Database, token: string): Promise<TokenHolder | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > TOKEN_MAX_LENGTH) return null;
  return findHolder(d1, and(eq(apiTokens.kind, 'token'), eq(apiTokens.tokenHash, await sha256Hex(token))));
}

/**
 * The active credential of any kind with this id, with its owner: how a connected app's OAuth grant,
 * which names its credential's id, becomes a holder (docs/decisions/0042). Null when revoked or gone.
 */
export async function findCredential(d1: D1Database, credentialId: number): Promise<TokenHolder | null> {
  return findHolder(d1, eq(apiTokens.id, credentialId));
}

// One way to start and end a session for every sign-in path (password, Google, provider).
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, SESSION_HINT_COOKIE, SESSION_TTL_MS } from '#common/constants.ts';
import { orm } from '#worker/db/client.ts';
import { sessions } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { randomToken, sha256Hex } from './crypto';
import { deviceLabel } from './device-label';

const isHttps = (c: Context<AppEnv>) => new URL(c.req.url).protocol === 'https:';

export interface SessionOptions {
  /** Provider mode's tokens, kept server-side (docs/decisions/0003). */
  providerData?: unknown;
  /** Signed in through 'Internal' (checked by the caller): the only sessions that act as staff (docs/decisions/0038). */
  internal?: boolean;
}

/**
 * A fresh random token (256 bits) in an HttpOnly, SameSite=Lax cookie; D1 keeps only its hash. The
 * browser's previous session, if any, ends here so a token never outlives a new sign-in.
 */
export async function startSession(
  c: Context<AppEnv>,
  userId: number,
  { providerData, internal = false }: SessionOptions = {},
): Promise<void> {
  const db = orm(c.env.DB);
  const token = randomToken();
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db.insert(sessions).values({
      tokenHash: await sha256Hex(token),
      userId,
      expiresAt: Date.now() + SESSION_TTL_MS,
      providerData: providerData === undefined ? null : JSON.stringify(providerData),
      internal,
      device: deviceLabel(c.req.header('User-Agent')),
    }),
  ];
  // Expired rows are the hourly prune's (worker/features/maintenance/prune.ts): sweeping them here read
  // every session of every person at each sign-in (no index on the expiry; docs/capacity.md).
  if (c.var.sessionHash) statements.push(db.delete(sessions).where(eq(sessions.tokenHash, c.var.sessionHash)));
  await db.batch(statements);
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  setCookie(c, SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c), maxAge });
  setCookie(c, SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'Lax', secure: isHttps(c), maxAge });
}

/** Drops the readable hint (e.g. when the session it stood for has expired). */
export function clearSessionHint(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/', sameSite: 'Lax', secure: isHttps(c) });
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  if (c.var.sessionHash) await orm(c.env.DB).delete(sessions).where(eq(sessions.tokenHash, c.var.sessionHash)).run();
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
  clearSessionHint(c);
}

/** Ends every session of a user except `keepHash` (the caller's own, when there is one): a statement to run or batch. */
export const endOtherSessions = (d1: D1Database, userId: number, keepHash: string | null) =>
  orm(d1)
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash ?? '')));

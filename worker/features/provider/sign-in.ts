// Provider-mode sign-in (docs/product.md#provider, docs/product.md#security): the provider checks the password, we keep a
// local account for the email and put the provider's tokens in the server-side session only.
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX, USERNAME_MIN } from '#common/constants.ts';
import { MESSAGES } from '#common/validation.ts';
import { eqNocase, orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { CONFIRMED_FIRST, isUniqueViolation, syncRole } from '#worker/lib/accounts.ts';
import { createAccount } from '#worker/domain/credits/index.ts';
import { fail } from '#worker/lib/http.ts';
import { startSession } from '#worker/lib/session-cookie.ts';
import { providerConfig, providerLogin, type ProviderConfig, type ProviderTokens } from './client';

export const INVALID_RESPONSE_FORMAT = 'Invalid response format from server';

/** POST /api/auth/external-login body. */
export const externalLoginSchema = v.object({
  email: v.pipe(
    v.string(MESSAGES.email),
    v.trim(),
    v.nonEmpty(MESSAGES.email),
    v.maxLength(EMAIL_MAX, MESSAGES.email),
    v.email(MESSAGES.email),
    v.toLowerCase(),
  ),
  password: v.pipe(
    v.string(MESSAGES.passwordMin),
    v.minLength(1, MESSAGES.passwordMin),
    v.maxLength(PASSWORD_MAX, MESSAGES.passwordMax),
  ),
});

export const looksLikeEmail = (value: string): boolean => v.is(v.pipe(v.string(), v.email()), value);

/** A username from the email's local part, in our allowed length, with a suffix when taken. */
function usernameCandidate(email: string, attempt: number): string {
  let base = email
    .split('@')[0]!
    .replace(/[^\p{L}\p{N}._-]+/gu, '')
    .slice(0, USERNAME_MAX - 6);
  if (base.length < USERNAME_MIN) base = `user${base}`;
  return attempt === 0 ? base : `${base}-${Math.floor(1000 + Math.random() * 9000)}`;
}

const findByEmail = async (c: Context<AppEnv>, email: string) => {
  const [row] = await orm(c.env.DB)
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eqNocase(users.email, email))
    .orderBy(...CONFIRMED_FIRST)
    .limit(1);
  return row ?? null;
};

/** Finds or creates the local account for a provider-verified email; returns its id. */
async function localAccount(c: Context<AppEnv>, email: string): Promise<number> {
  const existing = await findByEmail(c, email);
  if (existing) {
    // The provider checked the password, not the mailbox: the role follows our own verification.
    await syncRole(c.env.DB, c.env, existing.id);
    return existing.id;
  }
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      return await createAccount(c.env.DB, { username: usernameCandidate(email, attempt), email, role: 'user' });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The same email signed in a moment earlier: use that account.
      const raced = await findByEmail(c, email);
      if (raced) return raced.id;
    }
  }
  throw new Error('no free username for provider account');
}

/** A refusal is the 401 to answer, typed as such so the sign-in routes' answers stay typed. */
export type ProviderSignIn =
  { ok: true; userId: number; tokens: ProviderTokens } | { ok: false; response: ReturnType<typeof fail<401>> };

/**
 * Signs in at the provider and, on success, starts a local session holding the tokens. Refusal ->
 * 401 invalidCredentials; an answer without tokens -> 401 'Invalid response format from server';
 * a provider outage -> 502 (thrown as HttpError).
 */
export async function providerSignIn(
  c: Context<AppEnv>,
  config: ProviderConfig,
  email: string,
  password: string,
): Promise<ProviderSignIn> {
  if (!looksLikeEmail(email)) return { ok: false, response: fail(c, 401, MESSAGES.invalidCredentials) };
  const outcome = await providerLogin(config, email, password);
  if (outcome.kind === 'refused') return { ok: false, response: fail(c, 401, MESSAGES.invalidCredentials) };
  if (outcome.kind === 'bad-format') return { ok: false, response: fail(c, 401, INVALID_RESPONSE_FORMAT) };
  const userId = await localAccount(c, email.toLowerCase());
  await startSession(c, userId, { providerData: outcome.tokens });
  return { ok: true, userId, tokens: outcome.tokens };
}

/** Routes that exist only in provider mode answer 404 otherwise (before any body checks). */
export const providerOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!providerConfig(c.env)) return fail(c, 404, MESSAGES.notFound);
  await next();
};

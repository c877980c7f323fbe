// Personal API tokens (docs/decisions/0030): the scopes, the creation schema and its messages, used by
// the settings form and the worker's routes alike.
import * as v from 'valibot';
import type { ApiTokenSummary, CreatedApiToken } from './api-schemas';

/** `read`: the catalogue, the owner's balance and history. `try`: try agents, charged like a tap. */
export const TOKEN_SCOPES = ['read', 'try'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_TEXT: Record<TokenScope, string> = {
  read: 'Read: search and open agents, categories, your balance and history',
  try: 'Try: try agents with your credits, charged exactly as in the app',
};

/** Every token starts with this, so a leaked one is recognisable (and refused in a query string). */
export const TOKEN_PREFIX = 'amk_';
export const TOKEN_NAME_MAX = 60;
/** Active tokens one account may hold: plenty for scripts and assistants, few enough to review. */
export const TOKENS_PER_USER_MAX = 20;
/** Requests one token may make per minute (docs/decisions/0030). */
export const TOKEN_REQUESTS_PER_MINUTE = 60;

/**
 * Monthly spending limits (docs/decisions/0042): the credits a token or a connected app may spend per
 * UTC calendar month; null is no limit. A connected app starts with a modest one the person can change
 * on the consent screen; a token starts with none.
 */
export const SPEND_LIMIT_MAX = 100_000;
export const DEFAULT_APP_SPEND_LIMIT = 20;
/** The owner is mailed when a credential's spending this month reaches these shares of its limit. */
export const SPEND_NOTICE_LEVELS = [80, 100] as const;

export const SPEND_LIMIT_MESSAGES = {
  invalid: `A monthly spending limit is a whole number of credits from 1 to ${SPEND_LIMIT_MAX.toLocaleString('en-US')}, or none.`,
  /** A try refused by the limit (REST 402, MCP tool error): names the credential and the figures. */
  reached: (name: string, limit: number, spent: number) =>
    `This try would pass the monthly spending limit of '${name}': ${limit} credits, ${spent} spent this month. The owner can raise it in Settings.`,
} as const;

/** A limit as sent: a whole number of credits in range, or null for none. */
export const spendLimitSchema = v.nullable(
  v.pipe(
    v.number(SPEND_LIMIT_MESSAGES.invalid),
    v.integer(SPEND_LIMIT_MESSAGES.invalid),
    v.minValue(1, SPEND_LIMIT_MESSAGES.invalid),
    v.maxValue(SPEND_LIMIT_MAX, SPEND_LIMIT_MESSAGES.invalid),
  ),
);
/** PATCH /api/tokens/{id} and PATCH /api/connections/{id}: change the limit. */
export const setSpendLimitSchema = v.object({ spendLimit: spendLimitSchema });
export type SetSpendLimitInput = v.InferInput<typeof setSpendLimitSchema>;

export const TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name',
  nameMax: `Token names must be at most ${TOKEN_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `Scopes are ${TOKEN_SCOPES.join(' and ')}`,
  tooMany: `You can have at most ${TOKENS_PER_USER_MAX} tokens; revoke one you no longer use`,
  notFound: 'Token not found',
  missing: 'Send a personal API token: Authorization: Bearer <token> (create one in Settings, API tokens)',
  invalid: 'This API token is not valid or was revoked',
  notAllowed: 'API tokens cannot be used for this; sign in to the app instead',
  scopeMissing: (scope: TokenScope) => `This API token lacks the '${scope}' scope`,
  inQuery: 'Send API tokens in the Authorization header (Bearer), never in the address',
  throttled: `Too many requests with this API token; it may make ${TOKEN_REQUESTS_PER_MINUTE} a minute`,
} as const;

export const createTokenSchema = v.object({
  name: v.pipe(
    v.string(TOKEN_MESSAGES.nameRequired),
    v.trim(),
    v.minLength(1, TOKEN_MESSAGES.nameRequired),
    v.maxLength(TOKEN_NAME_MAX, TOKEN_MESSAGES.nameMax),
  ),
  scopes: v.pipe(
    v.array(v.picklist(TOKEN_SCOPES, TOKEN_MESSAGES.scopeUnknown), TOKEN_MESSAGES.scopesRequired),
    v.minLength(1, TOKEN_MESSAGES.scopesRequired),
    // Stored in one order without repeats, whatever order the caller sent.
    v.transform((scopes) => TOKEN_SCOPES.filter((s) => scopes.includes(s))),
  ),
  // Absent: no limit. No default, so the typed client may leave it out (its input type is the output).
  spendLimit: v.optional(spendLimitSchema),
});
export type CreateTokenInput = v.InferInput<typeof createTokenSchema>;

// The answers' shapes are their schemas' outputs (common/api-schemas.ts).
export type { ApiTokenSummary, CreatedApiToken };

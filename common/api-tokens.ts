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
});
export type CreateTokenInput = v.InferInput<typeof createTokenSchema>;

// The answers' shapes are their schemas' outputs (common/api-schemas.ts).
export type { ApiTokenSummary, CreatedApiToken };

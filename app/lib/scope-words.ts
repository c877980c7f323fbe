import { TOKEN_SCOPE_TEXT, type TokenScope } from '#common/api-tokens.ts';

/**
 * What a token or a connected app may do, in the words the consent screen and the token form use
 * for each scope (TOKEN_SCOPE_TEXT), so a scope reads the same everywhere: 'Read: search and open
 * agents, categories, your balance and history. Try: try agents with your credits, charged exactly
 * as in the app.'
 */
export const scopesInWords = (scopes: readonly TokenScope[]): string =>
  scopes.map((scope) => `${TOKEN_SCOPE_TEXT[scope]}.`).join(' ');

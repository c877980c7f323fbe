// An OAuth access token at /mcp (docs/decisions/0042): the library checks it (its KV record, expiry and
// audience, the one resource /mcp), its grant names the connection's row, and the row decides, so a
// revoked connection is refused at once although KV is only eventually consistent.
import type { Bindings } from '#worker/env.ts';
import { authorizationServer, mcpResource, type GrantProps } from '#worker/lib/oauth-server.ts';
import { findCredential, type TokenHolder } from '#worker/features/tokens/index.ts';

/** Bytes of a bearer read at all: an issued token (below) has at most 70; longer is not one of ours. */
const ACCESS_TOKEN_MAX_BYTES = 256;
/**
 * The shape of an access token the library issues (its dist/oauth-provider.js: `${userId}:${grantId}:
 * ${generateRandomString(TOKEN_LENGTH)}`, a 16-character grant id and a 32-character secret, both
 * from the alphabet A-Z a-z 0-9 - _), with this app's user ids, decimal. Anything else is refused
 * before the library builds a KV key from it: a key over KV's 512 bytes fails as a 500, not a 401.
 */
const ISSUED_ACCESS_TOKEN = /^[1-9][0-9]{0,15}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{32}$/;

/** Whether `token` can be an access token this server issued: ASCII of the issued shape, within the byte cap. */
const issuedAccessTokenShape = (token: string): boolean =>
  new TextEncoder().encode(token).length <= ACCESS_TOKEN_MAX_BYTES && ISSUED_ACCESS_TOKEN.test(token);

/**
 * Who an OAuth access token acts for: the connected app's holder, with the scopes both its row and
 * the token carry (a refresh may narrow a token); null for anything else.
 */
export async function findConnection(env: Bindings, token: string): Promise<TokenHolder | null> {
  // A personal token (amk_…) never has this shape either.
  if (!issuedAccessTokenShape(token)) return null;
  const validated = await authorizationServer(env).validateToken<Partial<GrantProps>>(mcpResource(env), token, env);
  const id = validated?.props?.credentialId;
  if (!validated || typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  const holder = await findCredential(env.DB, id);
  if (!holder || holder.kind !== 'app' || String(holder.user.id) !== validated.userId) return null;
  return { ...holder, scopes: holder.scopes.filter((scope) => validated.scope.includes(scope)) };
}

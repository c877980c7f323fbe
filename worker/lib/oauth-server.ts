// The OAuth 2.1 authorization server of the MCP endpoint (docs/decisions/0042): Cloudflare's
// workers-oauth-provider in its functional shape, so this one worker is both the authorization server
// (issuer: the configured origin) and its one protected resource, /mcp. The library keeps apps,
// grants and tokens in KV (OAUTH_KV), tokens only as hashes; D1 keeps one api_tokens row per
// connection (kind 'app'), named by each grant's props and metadata as `credentialId`, and that row
// is what says whether the connection is alive: revoking it ends the connection at once, whatever KV
// still holds. Here, not in a feature, because recovery (./recovery.ts) ends every grant too.
import { OAuthAuthorizationServer, OAuthError, type OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import { and, eq, isNull } from 'drizzle-orm';
import { TOKEN_SCOPES } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES } from '#common/oauth.ts';
import { orm } from '#worker/db/client.ts';
import { apiTokens } from '#worker/db/schema.ts';
import { appOrigin, type Bindings } from '#worker/env.ts';
import { appNameRefusal } from './app-name';
import { log } from './log';

export const MCP_PATH = '/mcp';
export const AUTHORIZE_PATH = '/authorize';
export const TOKEN_PATH = '/oauth/token';
export const REGISTRATION_PATH = '/oauth/register';

const DAY_SECONDS = 86_400;
/** An access token lives an hour; the app refreshes it. */
const ACCESS_TOKEN_SECONDS = 3_600;
/**
 * A connection lives while its app uses it: each refresh moves the grant's end a month out, so an
 * assistant in use never has to be connected again, and one left unused for a month stops working.
 */
const IDLE_GRANT_SECONDS = 30 * DAY_SECONDS;

/**
 * The most bytes of a client id, code or token this server reads. The library builds KV keys from them
 * (keys hold at most 512 bytes, and a longer one fails as a 500); none it issues comes near this.
 */
const PART_MAX_BYTES = 256;
export const fitsKey = (value: string) => new TextEncoder().encode(value).length <= PART_MAX_BYTES;

/** The one protected resource (RFC 8707 audience of every token): the MCP endpoint on the configured origin. */
export const mcpResource = (env: Bindings) => `${appOrigin(env)}${MCP_PATH}`;
/** Where /mcp's protected resource metadata (RFC 9728) is: what its 401 names. */
export const resourceMetadataUrl = (env: Bindings) =>
  `${appOrigin(env)}/.well-known/oauth-protected-resource${MCP_PATH}`;

/** What a grant carries: props (encrypted, what a token resolves to) and metadata (readable, for listing). */
export interface GrantProps {
  credentialId: number;
}

const credentialIdOf = (value: unknown): number | null => {
  const id = (value as Partial<GrantProps> | null)?.credentialId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Whether the connected app's row is still there and not revoked. */
async function connectionAlive(env: Bindings, props: unknown): Promise<boolean> {
  const id = credentialIdOf(props);
  if (id === null) return false;
  const [row] = await orm(env.DB)
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.kind, 'app'), isNull(apiTokens.revokedAt)));
  return row !== undefined;
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A redirect URI that would carry the code over plain HTTP to another machine. */
function insecureRedirect(uri: unknown): boolean {
  try {
    const url = new URL(String(uri));
    return url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname);
  } catch {
    // Malformed ones are the library's to refuse, with its own message.
    return false;
  }
}

function newServer(issuer: string): OAuthAuthorizationServer<Bindings> {
  return new OAuthAuthorizationServer<Bindings>({
    issuer,
    resources: [`${issuer}${MCP_PATH}`],
    // The same scopes as personal API tokens: what the consent page offers.
    scopesSupported: [...TOKEN_SCOPES],
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: TOKEN_PATH,
    // Dynamic client registration (RFC 7591), public clients included: how most assistants arrive.
    clientRegistrationEndpoint: REGISTRATION_PATH,
    accessTokenTTL: ACCESS_TOKEN_SECONDS,
    refreshTokenTTL: IDLE_GRANT_SECONDS,
    refreshTokenIdleTTL: IDLE_GRANT_SECONDS,
    // The library needs one compliant redirect URI and never lets a request use a non-compliant one;
    // a remote http one is refused outright, so no registration can even name it. The name, and each
    // localized one (client_name#fr: RFC 7591 §2.2), is the app's own claim shown to the person and
    // mailed: one that could pass for this site or carry a message is refused (./app-name.ts).
    clientRegistrationCallback: ({ clientMetadata }) => {
      const uris = clientMetadata.redirect_uris;
      if (Array.isArray(uris) && uris.some(insecureRedirect))
        return { code: 'invalid_redirect_uri', description: OAUTH_MESSAGES.redirectUriInsecure };
      for (const [field, value] of Object.entries(clientMetadata)) {
        if (field !== 'client_name' && !field.startsWith('client_name#')) continue;
        const refusal = typeof value === 'string' ? appNameRefusal(value) : null;
        if (refusal) return { code: 'invalid_client_metadata', description: refusal };
      }
    },
    // D1 decides: a code or refresh token of a revoked connection gets nothing, and its grant ends
    // (the library revokes the grant on invalid_grant from here).
    tokenExchangeCallback: async ({ grantType, props, env }) => {
      if (grantType !== 'authorization_code' && grantType !== 'refresh_token') return;
      if (!(await connectionAlive(env, props)))
        throw new OAuthError('invalid_grant', { description: OAUTH_MESSAGES.connectionEnded });
    },
    // The library's refusals, in our log format; `internal` names the exact check, never a secret.
    onError: ({ code, status, internal }) => {
      log('warn', 'oauth refusal', { code, status, category: internal.category, reason: internal.reason });
    },
  });
}

const servers = new Map<string, OAuthAuthorizationServer<Bindings>>();

/**
 * The authorization server of the configured origin. Made on first use, not at module scope: the
 * origin is configuration, which a worker only reads per request (env).
 */
export function authorizationServer(env: Bindings): OAuthAuthorizationServer<Bindings> {
  const issuer = appOrigin(env);
  let server = servers.get(issuer);
  if (!server) {
    server = newServer(issuer);
    servers.set(issuer, server);
  }
  return server;
}

/** The library's helpers (consent, grants, clients) for this request's bindings. */
export const oauthApi = (env: Bindings): OAuthHelpers => authorizationServer(env).getOAuthApi(env);

/**
 * Revokes the person's grants in KV, with their tokens: every one, or those `credentialId` names.
 * Returns how many. KV lists are eventually consistent, so a grant made a moment ago may be missed;
 * its D1 row, revoked first by every caller, already refuses it.
 */
export async function revokeGrants(env: Bindings, userId: number, credentialId?: number): Promise<number> {
  const api = oauthApi(env);
  const owner = String(userId);
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.listUserGrants(owner, cursor ? { cursor } : {});
    for (const grant of page.items)
      if (credentialId === undefined || credentialIdOf(grant.metadata) === credentialId) ids.push(grant.id);
    cursor = page.cursor;
  } while (cursor);
  await Promise.all(ids.map((id) => api.revokeGrant(id, owner)));
  return ids.length;
}

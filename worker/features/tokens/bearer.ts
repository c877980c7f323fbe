// Authorization: Bearer for programs (docs/decisions/0030). A request that carries a personal API
// token acts as the token's owner, only for what the token's scopes allow, at most
// TOKEN_REQUESTS_PER_MINUTE a minute per token. The session cookie is ignored for such a request, so
// a token can never borrow a browser session's rights.
import type { Context, MiddlewareHandler } from 'hono';
import { TOKEN_MESSAGES, TOKEN_PREFIX, TOKEN_REQUESTS_PER_MINUTE, TOKEN_SCOPES } from '#common/api-tokens.ts';
import type { AppEnv } from '#worker/env.ts';
import { errorBody } from '#worker/lib/http.ts';
import { MCP_PATH, resourceMetadataUrl } from '#worker/lib/oauth-server.ts';
import { hit, tooMany } from '#worker/lib/throttle.ts';
import { findToken, type TokenHolder } from './data';
import { scopeFor } from './policy';

const MINUTE_MS = 60_000;
/** Query parameter names programs commonly put tokens in. */
const TOKEN_PARAMS = new Set(['access_token', 'api_key', 'apikey', 'token', 'bearer']);

/** Requests made by the MCP endpoint on behalf of a token it already checked and counted. */
const forwarded = new WeakMap<Request, TokenHolder>();
export const forwardAs = (request: Request, holder: TokenHolder): Request => {
  forwarded.set(request, holder);
  return request;
};

/** A token in the address ends up in logs, histories and Referer headers: refuse it, whatever its name. */
export function tokenInQuery(url: string): boolean {
  for (const [name, value] of new URL(url).searchParams) {
    if (TOKEN_PARAMS.has(name.toLowerCase()) || value.startsWith(TOKEN_PREFIX)) return true;
  }
  return false;
}

/** The Bearer credential of the request; undefined without an Authorization header, '' when malformed. */
export function bearerOf(c: Context): string | undefined {
  const header = c.req.header('Authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/**
 * The Bearer challenge of a 401 (RFC 6750). /mcp's also names its protected resource metadata (RFC
 * 9728), which is how an MCP client finds where to connect through OAuth (docs/decisions/0042), and
 * both scopes, so the consent page offers both and the person narrows them there; error=invalid_token
 * when a token was sent and refused, so the client knows to refresh it.
 */
function challenge(c: Context<AppEnv>): string {
  const path = c.req.path;
  if (path !== MCP_PATH && !path.startsWith(`${MCP_PATH}/`)) return 'Bearer realm="AgentMarket"';
  const refused = c.req.header('Authorization') !== undefined ? ', error="invalid_token"' : '';
  return `Bearer realm="AgentMarket"${refused}, resource_metadata="${resourceMetadataUrl(c.env)}", scope="${TOKEN_SCOPES.join(' ')}"`;
}

export const unauthorized = (c: Context<AppEnv>, message: string) => {
  c.header('WWW-Authenticate', challenge(c));
  return c.json(errorBody(message), 401);
};

/** How a Bearer credential is checked: by default as a personal API token. */
interface BearerCheck {
  /** How many calls the request makes (the messages of an MCP batch: docs/decisions/0030), at least one. */
  calls?: number;
  /** Who the credential is, or null; default findToken (personal API tokens). */
  find?: (token: string) => Promise<TokenHolder | null>;
  /** The 401's message when `find` finds no one. */
  invalid?: string;
}

/**
 * Resolves and counts a Bearer token: the holder, or the response refusing it (401 unknown or
 * revoked, 429 over the per-token limit). Shared by /api and /mcp, whose OAuth access tokens are
 * found by its own `find` and counted against the same per-credential limit.
 */
export async function authenticateBearer(
  c: Context<AppEnv>,
  token: string,
  { calls = 1, find = (t) => findToken(c.env.DB, t), invalid = TOKEN_MESSAGES.invalid }: BearerCheck = {},
): Promise<TokenHolder | Response> {
  const holder = token ? await find(token) : null;
  if (!holder) return unauthorized(c, invalid);
  const used = await hit(c.env.DB, `api-token:${holder.tokenId}`, { windowMs: MINUTE_MS, count: Math.max(1, calls) });
  if (used > TOKEN_REQUESTS_PER_MINUTE) return tooMany(c, TOKEN_MESSAGES.throttled, MINUTE_MS);
  return holder;
}

/** Runs after loadSession on /api: a Bearer token replaces whatever the cookie said. */
export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (tokenInQuery(c.req.url)) return unauthorized(c, TOKEN_MESSAGES.inQuery);
  let holder = forwarded.get(c.req.raw);
  if (!holder) {
    const token = bearerOf(c);
    if (token === undefined) return next();
    const result = await authenticateBearer(c, token);
    if (result instanceof Response) return result;
    holder = result;
  }
  const path = c.req.path.replace(/^\/api/, '');
  const scope = scopeFor(c.req.method, path);
  if (!scope) return c.json(errorBody(TOKEN_MESSAGES.notAllowed), 403);
  if (!holder.scopes.includes(scope)) return c.json(errorBody(TOKEN_MESSAGES.scopeMissing(scope)), 403);
  c.set('user', holder.user);
  c.set('tokenId', holder.tokenId);
  c.set('sessionHash', null);
  c.set('providerSession', null);
  await next();
};

// The OAuth endpoints outside /api (docs/decisions/0042), where MCP clients look for them: discovery
// (RFC 9728 protected resource metadata, RFC 8414 authorization server metadata), registration (RFC
// 7591), the token endpoint (code with PKCE S256, refresh, revocation: RFC 7009), all served by the
// library, and the authorization endpoint, /authorize, which is the app's consent page.
import type { OAuthAuthorizationServer } from '@cloudflare/workers-oauth-provider';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authHref } from '#common/next-path.ts';
import { TOKEN_SCOPES } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES, REGISTRATION_BODY_MAX } from '#common/oauth.ts';
import { appOrigin, type AppEnv, type Bindings } from '#worker/env.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { log } from '#worker/lib/log.ts';
import {
  AUTHORIZE_PATH,
  authorizationServer,
  fitsKey,
  MCP_PATH,
  mcpResource,
  oauthApi,
  REGISTRATION_PATH,
  TOKEN_PATH,
  type GrantProps,
} from '#worker/lib/oauth-server.ts';
import { clientKey, HOUR_MS, hit, retryAfter } from '#worker/lib/throttle.ts';
import { BODY_LIMIT_BYTES, securityHeaders } from '#worker/middleware/security.ts';
import { readSession } from '#worker/middleware/session.ts';
import { revokeCredential } from '#worker/features/tokens/index.ts';

/** Apps one client address may register per hour: plenty for people, few enough to keep KV small. */
export const REGISTRATIONS_PER_HOUR = 20;

/**
 * The address a registration is counted against: an IPv4 address itself, an IPv6 address by its /64
 * (one subscriber's network: a single host often holds all of it, so counting each address would
 * let it register without limit). CF-Connecting-IP may write IPv6 compressed ('2001:db8::1') or not.
 */
function registrationAddress(address: string): string {
  if (!address.includes(':')) return address;
  // An embedded IPv4 tail ('::ffff:192.0.2.1') is the last two groups, past the /64.
  const [head = '', tail, ...more] = address
    .toLowerCase()
    .replace(/[\d.]+\.\d+$/, '0:0')
    .split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groups(head);
  const after = groups(tail);
  const missing = 8 - before.length - after.length;
  // Not an IPv6 address: counted as it came.
  if (more.length > 0 || (tail === undefined ? missing !== 0 : missing < 1)) return address;
  const full = [...before, ...Array<string>(missing).fill('0'), ...after];
  const prefix = full.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ''));
  return prefix.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? `${prefix.join(':')}::/64` : address;
}

/** An OAuth error answer (RFC 6749 §5.2), with the CORS headers the library gives its own. */
function oauthError(request: Request, status: number, error: string, description: string, headers = {}): Response {
  const res = new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers },
  });
  const origin = request.headers.get('Origin');
  if (origin) {
    res.headers.set('Access-Control-Allow-Origin', origin);
    res.headers.set('Access-Control-Expose-Headers', 'WWW-Authenticate, Retry-After');
    res.headers.set('Vary', 'Origin');
  }
  return res;
}

/** The grant record as the library keeps it in KV (its storage schema, `grant:<userId>:<grantId>`): the fields read here. */
interface StoredGrant {
  previousRefreshTokenId?: string;
  metadata?: Partial<GrantProps>;
}

/** Fields of a token request the library builds KV keys from. */
const KEYED_FIELDS = ['client_id', 'code', 'refresh_token', 'token', 'subject_token'];

/**
 * The client id of an HTTP Basic Authorization header (client_secret_basic), if any, read exactly as
 * the library reads it (its parseBasicAuthorizationHeader: the scheme, case-insensitive, then spaces
 * or tabs, one base64 word, the id before the first ':', form-decoded), so no id it will use as a KV
 * key escapes the length check.
 */
function basicClientId(request: Request): string | null {
  const match = /^basic[ \t]+(.*)$/is.exec(request.headers.get('Authorization') ?? '');
  if (!match) return null;
  try {
    const credentials = atob(match[1]!.trim());
    const separator = credentials.indexOf(':');
    return separator === -1 ? null : decodeURIComponent(credentials.slice(0, separator).replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * What this server checks on a token request before the library: no field longer than any it issues,
 * and refresh reuse. Refresh tokens rotate, and an old one is refused and ends its grant (RFC 9700
 * §4.14.2: a rotated token used again means two parties hold it). The library keeps the previous
 * token valid until the new one is first used, so a client that lost a refresh answer could retry;
 * here that previous token ends the grant instead, and the connection's row with it. Older tokens the
 * library already refuses (invalid_grant); only the previous one is provably a real token of the
 * grant, so only it ends it, and nobody who merely knows a grant's id can end someone's connection.
 */
async function tokenRequestRefusal(request: Request, form: URLSearchParams, env: Bindings): Promise<Response | null> {
  const fields = [...KEYED_FIELDS.flatMap((name) => form.getAll(name)), basicClientId(request) ?? ''];
  if (!fields.every(fitsKey)) return oauthError(request, 400, 'invalid_request', OAUTH_MESSAGES.tooLong);
  if (form.get('grant_type') !== 'refresh_token') return null;
  const token = form.get('refresh_token') ?? '';
  const found = await grantOfToken(env, token);
  if (!found?.grant.previousRefreshTokenId || (await sha256Hex(token)) !== found.grant.previousRefreshTokenId)
    return null;
  const { userId, grantId, grant } = found;
  await oauthApi(env).revokeGrant(grantId, userId);
  const credentialId = grant.metadata?.credentialId;
  if (typeof credentialId === 'number' && /^\d+$/.test(userId))
    await revokeCredential(env.DB, Number(userId), 'app', credentialId);
  log('warn', 'oauth refresh token used again: grant ended', { grantId, connection: credentialId ?? null });
  return oauthError(request, 400, 'invalid_grant', OAUTH_MESSAGES.refreshReused);
}

/** The grant a token of the library's (`userId:grantId:secret`) names, as KV holds it now; null when none. */
async function grantOfToken(env: Bindings, token: string) {
  const [userId, grantId, secret, ...rest] = token.split(':');
  if (!userId || !grantId || !secret || rest.length > 0) return null;
  const grant = await env.OAUTH_KV!.get<StoredGrant>(`grant:${userId}:${grantId}`, 'json');
  return grant ? { userId, grantId, grant } : null;
}

/**
 * A token request to the library, and after it what it changed that D1 must know. An app that
 * revokes its own refresh token (RFC 7009, on this endpoint: a token and no grant_type, as the
 * library tells them apart) ends its grant in KV; the connection's row then ends too, or Settings
 * would list as active an app that can no longer do anything. Only a grant that existed before the
 * request and is gone after it: the library ends one only for the client that holds a real token of it.
 */
async function tokenEndpoint(c: Context<AppEnv>): Promise<Response> {
  // Decoded from bytes: workerd warns when .text() reads a form.
  const form = new URLSearchParams(new TextDecoder().decode(await c.req.raw.clone().arrayBuffer()));
  const refused = await tokenRequestRefusal(c.req.raw, form, c.env);
  if (refused) return refused;
  const token = form.get('token');
  const revoking = !form.get('grant_type') && token ? await grantOfToken(c.env, token) : null;
  const res = await serve(c);
  const credentialId = revoking?.grant.metadata?.credentialId;
  if (!res.ok || !revoking || typeof credentialId !== 'number' || !/^\d+$/.test(revoking.userId)) return res;
  if (!(await grantOfToken(c.env, token!))) {
    await revokeCredential(c.env.DB, Number(revoking.userId), 'app', credentialId);
    log('info', 'oauth grant revoked by its app: connection ended', {
      grantId: revoking.grantId,
      connection: credentialId,
    });
  }
  return res;
}

/** The ExecutionContext the library's fetch takes (typed from it: the app's type check has no Workers globals). */
type ExecutionContextArg = Parameters<OAuthAuthorizationServer<Bindings>['fetch']>[2];

/** The request's ExecutionContext, or a stand-in where the runtime gave none (the library's endpoints here do not use it). */
function executionContextOf(c: Context<AppEnv>): ExecutionContextArg {
  try {
    return c.executionCtx as unknown as ExecutionContextArg;
  } catch {
    return { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContextArg;
  }
}

/**
 * KV's refusal of a key longer than its 512 bytes (Miniflare and Cloudflare: 'KV GET failed: 414 UTF-8
 * encoded length of … exceeds key length limit of 512').
 */
const OVERSIZE_KEY = /\bKV [A-Z]+ failed: 414\b|exceeds key length limit/;

/**
 * The library serves the request. Should a client id, code or token still reach it too long for a KV
 * key (the checks in front of it are meant to stop them all), the caller sent it: a 400, never a 500.
 */
async function serve(c: Context<AppEnv>): Promise<Response> {
  try {
    return await authorizationServer(c.env).fetch(c.req.raw, c.env, executionContextOf(c));
  } catch (err) {
    if (!(err instanceof Error) || !OVERSIZE_KEY.test(err.message)) throw err;
    log('warn', 'oauth request with an oversize key', { path: c.req.path });
    return oauthError(c.req.raw, 400, 'invalid_request', OAUTH_MESSAGES.tooLong);
  }
}

/** The same body limit as the API's, answered as an OAuth error. */
const smallBody = bodyLimit({
  maxSize: BODY_LIMIT_BYTES,
  onError: (c) => oauthError(c.req.raw, 413, 'invalid_request', 'The request body is too large'),
});

/** A registration's own, smaller limit: every one read is stored in KV for as long as the app is used. */
const registrationBody = bodyLimit({
  maxSize: REGISTRATION_BODY_MAX,
  onError: (c) => oauthError(c.req.raw, 413, 'invalid_client_metadata', OAUTH_MESSAGES.registrationTooLarge),
});

/** RFC 9728: what /mcp is and who issues its tokens; public, and readable from any web page. */
function protectedResourceMetadata(c: Context<AppEnv>) {
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cache-Control', 'public, max-age=300');
  return c.json({
    resource: mcpResource(c.env),
    authorization_servers: [appOrigin(c.env)],
    scopes_supported: [...TOKEN_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'AgentMarket',
  });
}

/** A browser client's preflight before reading the metadata with its own headers (MCP-Protocol-Version). */
const preflight = (c: Context<AppEnv>) =>
  c.body(null, 204, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': '*',
    'Access-Control-Max-Age': '86400',
  });

/**
 * `appShell`: how the worker serves a signed-in page (worker/features/pages, passed in by the app that
 * mounts both features).
 */
export const oauthServerRoutes = (appShell: (c: Context<AppEnv>) => Promise<Response>) =>
  new Hono<AppEnv>()
    .use('/.well-known/*', securityHeaders)
    .use('/oauth/*', securityHeaders, smallBody)
    .use(AUTHORIZE_PATH, securityHeaders)
    // The root document too: some clients look there before the resource's own path.
    .get('/.well-known/oauth-protected-resource', protectedResourceMetadata)
    .get(`/.well-known/oauth-protected-resource${MCP_PATH}`, protectedResourceMetadata)
    .options('/.well-known/oauth-protected-resource', preflight)
    .options(`/.well-known/oauth-protected-resource${MCP_PATH}`, preflight)
    .all('/.well-known/oauth-authorization-server', serve)
    .post(REGISTRATION_PATH, registrationBody, async (c) => {
      const key = `oauth-register:${registrationAddress(clientKey(c))}`;
      if ((await hit(c.env.DB, key, { windowMs: HOUR_MS })) > REGISTRATIONS_PER_HOUR)
        return oauthError(c.req.raw, 429, 'temporarily_unavailable', OAUTH_MESSAGES.registrationsThrottled, {
          'Retry-After': retryAfter(HOUR_MS),
        });
      return serve(c);
    })
    .post(TOKEN_PATH, tokenEndpoint)
    // Preflights and other methods: the library answers them (204 with CORS, or its refusal).
    .all('/oauth/*', serve)
    // The consent page: the app's, for a signed-in person; anyone else signs in first and comes back
    // to this very request. Never framed (clickjacking the Allow button), never stored.
    .get(AUTHORIZE_PATH, async (c) => {
      if (!(await readSession(c))) return c.redirect(authHref(`${AUTHORIZE_PATH}${new URL(c.req.url).search}`), 302);
      const page = await appShell(c);
      const res = new Response(page.body, page);
      res.headers.set('Cache-Control', 'no-store');
      res.headers.set('X-Frame-Options', 'DENY');
      return res;
    });

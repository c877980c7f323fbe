// An OAuth client for the worker tests, doing what an MCP client does (docs/decisions/0042): register,
// open the consent page's request as a signed-in person, decide, exchange the code with PKCE, refresh.
import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { TokenScope } from '#common/api-tokens.ts';
import type { ConsentDetails } from '#common/oauth.ts';
import { base64Url } from '#worker/lib/crypto.ts';
import { call, setCookies } from '#worker/test/fixtures.ts';

export const ORIGIN = 'http://localhost';
export const RESOURCE = `${ORIGIN}/mcp`;
export const REDIRECT = 'http://127.0.0.1:33418/callback';

/** A request from a program: no cookie, no Origin. */
export const fetchWorker = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(new Request(`${ORIGIN}${path}`, init));

/** A form post to the token endpoint (RFC 6749 §4.1.3, §6; RFC 7009 on the same endpoint). */
export const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetchWorker('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });

export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
  resource: string;
}

let clients = 0;
/** Registers a public client (RFC 7591) from an address of its own, so the per-address limit stays out of the way. */
export async function register(
  metadata: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  clients++;
  const res = await fetchWorker('/oauth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.77.${clients >> 8}.${clients & 255}` },
    body: JSON.stringify({
      client_name: 'Test Assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function registeredClient(metadata: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await register(metadata);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.client_id as string;
}

/** A PKCE pair (RFC 7636): the verifier the client keeps and its S256 challenge. */
export async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64Url(new Uint8Array(digest)) };
}

/** The query an MCP client opens /authorize with; `params` replaces or (undefined) drops a parameter. */
export function authorizeQuery(clientId: string, challenge: string, params: Record<string, string | undefined> = {}) {
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'read try',
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: RESOURCE,
    ...params,
  };
  const defined = Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return `?${new URLSearchParams(defined)}`;
}

/** The `name=value` of each cookie a response sets. */
export const cookiePairs = (res: Response) => setCookies(res).map((cookie) => cookie.split(';')[0]!);

export async function beginConsent(cookie: string, query: string) {
  return call('/api/oauth/consent/begin', { json: { query }, cookie });
}

/** The consent page opened: what it shows, and the browser's cookies with the handle's binding. */
export async function openConsent(cookie: string, query: string) {
  const res = await beginConsent(cookie, query);
  expect(res.status, await res.clone().text()).toBe(200);
  const details = (await res.json()) as ConsentDetails;
  return { details, cookie: [cookie, ...cookiePairs(res)].join('; ') };
}

export async function decide(
  cookie: string,
  decision: { handle: string; allow: boolean; scopes?: TokenScope[]; spendLimit?: number | null },
) {
  return call('/api/oauth/consent', { json: decision, cookie });
}

/** Where the browser goes once the person allowed: the code, state and iss on the redirect URI. */
export async function allow(
  cookie: string,
  query: string,
  choice: { scopes?: TokenScope[]; spendLimit?: number | null } = {},
): Promise<URL> {
  const page = await openConsent(cookie, query);
  const res = await decide(page.cookie, {
    handle: page.details.handle,
    allow: true,
    scopes: ['read', 'try'],
    ...choice,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return new URL(((await res.json()) as { redirectTo: string }).redirectTo);
}

/** A whole connection: registered, allowed, the code exchanged. */
export async function connect(
  cookie: string,
  choice: { scopes?: TokenScope[]; spendLimit?: number | null; clientId?: string } = {},
): Promise<{ clientId: string; tokens: TokenAnswer & { refresh_token: string } }> {
  const clientId = choice.clientId ?? (await registeredClient());
  const { verifier, challenge } = await pkce();
  const back = await allow(cookie, authorizeQuery(clientId, challenge), choice);
  const res = await tokenRequest({
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: verifier,
    resource: RESOURCE,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { clientId, tokens: (await res.json()) as TokenAnswer & { refresh_token: string } };
}

export const refresh = (clientId: string, refreshToken: string) =>
  tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource: RESOURCE });

/** A JSON-RPC call to /mcp with `token`, as an MCP client sends it. */
export const mcpCall = (token: string, method = 'tools/list', params: Record<string, unknown> = {}) =>
  fetchWorker('/mcp', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });

// OAuth 2.1 for the MCP endpoint (docs/decisions/0042), driven as an MCP client drives it: discovery
// from /mcp's 401, registration, the consent page's calls as a signed-in person, the code with PKCE,
// refresh rotation and revocation, against the worker with its real D1 and KV.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_SPEND_LIMIT, TOKEN_MESSAGES } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES } from '#common/oauth.ts';
import { call, countOf, createUser, db, messageOf, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { lastMailTo } from '#worker/test/mail.ts';
import { REGISTRATIONS_PER_HOUR } from './server-routes';
import {
  allow,
  authorizeQuery,
  beginConsent,
  connect,
  decide,
  fetchWorker,
  mcpCall,
  openConsent,
  ORIGIN,
  pkce,
  REDIRECT,
  refresh,
  register,
  registeredClient,
  RESOURCE,
  tokenRequest,
  type TokenAnswer,
} from './test-client';

beforeAll(async () => {
  await seedCatalog();
});

const CHALLENGE = `Bearer realm="AgentMarket", resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp", scope="read try"`;
const REFUSED_CHALLENGE = `Bearer realm="AgentMarket", error="invalid_token", resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp", scope="read try"`;

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const grantsOf = async (userId: number) => (await env.OAUTH_KV!.list({ prefix: `grant:${userId}:` })).keys.length;

describe('discovery', () => {
  it('/mcp answers 401 with a challenge naming its protected resource metadata', async () => {
    const none = await fetchWorker('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe(CHALLENGE);
    const unknown = await mcpCall('1:not-a-grant:secret');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('WWW-Authenticate')).toBe(REFUSED_CHALLENGE);
    expect(await json(unknown)).toMatchObject({ error: { code: -32001, message: OAUTH_MESSAGES.accessInvalid } });
    // /api keeps its own plain challenge.
    const api = await call('/api/credits/balance', { headers: { Authorization: 'Bearer amk_unknown' } });
    expect(api.headers.get('WWW-Authenticate')).toBe('Bearer realm="AgentMarket"');
  });

  it('publishes the protected resource metadata (RFC 9728) at the resource path and the root', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await fetchWorker(path, { headers: { Origin: 'https://assistant.example' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(await res.json()).toEqual({
        resource: RESOURCE,
        authorization_servers: [ORIGIN],
        scopes_supported: ['read', 'try'],
        bearer_methods_supported: ['header'],
        resource_name: 'AgentMarket',
      });
    }
    const preflight = await fetchWorker('/.well-known/oauth-protected-resource/mcp', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('publishes the authorization server metadata (RFC 8414): S256 only, refresh, revocation, registration', async () => {
    const res = await fetchWorker('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    const metadata = await json(res);
    expect(metadata).toMatchObject({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/authorize`,
      token_endpoint: `${ORIGIN}/oauth/token`,
      registration_endpoint: `${ORIGIN}/oauth/register`,
      revocation_endpoint: `${ORIGIN}/oauth/token`,
      scopes_supported: ['read', 'try'],
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      protected_resources: [RESOURCE],
    });
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(metadata.token_endpoint_auth_methods_supported).toContain('none');
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers public clients with https or loopback redirect URIs', async () => {
    for (const uris of [
      ['https://assistant.example/oauth/callback'],
      ['http://localhost:6274/callback'],
      ['http://127.0.0.1:8080/cb', 'http://[::1]:8080/cb'],
    ]) {
      const { status, body } = await register({ redirect_uris: uris });
      expect(status, uris.join()).toBe(201);
      expect(body).toMatchObject({ redirect_uris: uris, token_endpoint_auth_method: 'none' });
      expect(body.client_id).toEqual(expect.any(String));
      expect(body.client_secret).toBeUndefined();
    }
  });

  it('refuses remote http, dangerous or missing redirect URIs', async () => {
    const cases: [unknown, string][] = [
      [['http://assistant.example/callback'], 'invalid_redirect_uri'],
      [['https://assistant.example/cb', 'http://evil.example/cb'], 'invalid_redirect_uri'],
      [['javascript:alert(1)'], 'invalid_redirect_uri'],
      [['https://assistant.example/cb#fragment'], 'invalid_redirect_uri'],
      [[], 'invalid_redirect_uri'],
    ];
    for (const [uris, error] of cases) {
      const { status, body } = await register({ redirect_uris: uris });
      expect(status, JSON.stringify(uris)).toBe(400);
      expect(body.error, JSON.stringify(uris)).toMatch(new RegExp(`${error}|invalid_client_metadata`));
    }
    // Beside a compliant one, the library would store it (and refuse it at use); this server refuses it at once.
    const mixed = await register({ redirect_uris: ['https://assistant.example/cb', 'http://evil.example/cb'] });
    expect(mixed.body.error_description).toBe(OAUTH_MESSAGES.redirectUriInsecure);
  });

  it(`limits registrations to ${REGISTRATIONS_PER_HOUR} an hour per address`, async () => {
    const address = '10.99.0.1';
    await db()
      .prepare('INSERT INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)')
      .bind(`oauth-register:${address}`, REGISTRATIONS_PER_HOUR, Date.now())
      .run();
    const res = await fetchWorker('/oauth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
      body: JSON.stringify({ client_name: 'One more', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('3600');
    expect(await res.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: OAUTH_MESSAGES.registrationsThrottled,
    });
  });
});

describe('the authorization endpoint and the consent page', () => {
  it('sends a visitor to sign in and back to this very request; serves a signed-in person the page, never framed or kept', async () => {
    const clientId = await registeredClient();
    const query = authorizeQuery(clientId, (await pkce()).challenge);
    const visitor = await fetchWorker(`/authorize${query}`, { redirect: 'manual' });
    expect(visitor.status).toBe(302);
    const location = new URL(visitor.headers.get('Location')!, ORIGIN);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('next')).toBe(`/authorize${query}`);

    const cookie = await signIn((await createUser()).id);
    const page = await fetchWorker(`/authorize${query}`, { headers: { Cookie: cookie, Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    expect(page.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(await page.text()).toContain('<div id="root">');
  });

  it('describes the request: the app, where access goes, the scopes to offer and the default limit', async () => {
    const clientId = await registeredClient({ client_name: 'Claude' });
    const cookie = await signIn((await createUser()).id);
    const { details } = await openConsent(cookie, authorizeQuery(clientId, (await pkce()).challenge));
    expect(details).toEqual({
      handle: expect.any(String),
      client: { name: 'Claude', clientId, domain: null, redirectHost: '127.0.0.1', loopback: true },
      scopes: ['read', 'try'],
      spendLimit: DEFAULT_APP_SPEND_LIMIT,
    });
    const readOnly = await openConsent(cookie, authorizeQuery(clientId, (await pkce()).challenge, { scope: 'read' }));
    expect(readOnly.details.scopes).toEqual(['read']);
    // Asking for none of ours (or nothing): both are offered, and the person chooses.
    for (const scope of [undefined, 'offline_access']) {
      const page = await openConsent(cookie, authorizeQuery(clientId, (await pkce()).challenge, { scope }));
      expect(page.details.scopes, scope).toEqual(['read', 'try']);
    }
    const https = await registeredClient({ redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] });
    const remote = await openConsent(
      cookie,
      authorizeQuery(https, (await pkce()).challenge, { redirect_uri: 'https://claude.ai/api/mcp/auth_callback' }),
    );
    expect(remote.details.client).toMatchObject({ redirectHost: 'claude.ai', loopback: false });
  });

  it('refuses what it cannot trust with a sentence, and tells the app only once its redirect URI is proven', async () => {
    const clientId = await registeredClient();
    const { challenge } = await pkce();
    const cookie = await signIn((await createUser()).id);
    const local: [string, string][] = [
      [authorizeQuery('no-such-client', challenge), 'invalid client_id'],
      [authorizeQuery(clientId, challenge, { client_id: undefined }), 'client_id is required'],
      [authorizeQuery(clientId, challenge, { redirect_uri: 'http://127.0.0.1:33418/other' }), 'invalid redirect URI'],
      [authorizeQuery(clientId, challenge, { redirect_uri: 'https://evil.example/callback' }), 'invalid redirect URI'],
      [authorizeQuery('x'.repeat(600), challenge), 'invalid client_id'],
    ];
    for (const [query, why] of local) {
      const res = await beginConsent(cookie, query);
      expect(res.status, query).toBe(400);
      const body = await json(res);
      expect(body, query).toEqual({
        message: OAUTH_MESSAGES.invalidRequest(why),
        error: OAUTH_MESSAGES.invalidRequest(why),
      });
    }
    // PKCE missing or plain, another resource: back to the app, with the error and its state.
    const toApp = [
      authorizeQuery(clientId, challenge, { code_challenge: undefined, code_challenge_method: undefined }),
      authorizeQuery(clientId, challenge, { code_challenge_method: 'plain' }),
      authorizeQuery(clientId, challenge, { resource: 'https://elsewhere.example/mcp' }),
    ];
    for (const query of toApp) {
      const res = await beginConsent(cookie, query);
      expect(res.status, query).toBe(400);
      const body = await json(res);
      expect(body.message, query).toMatch(/^This connection request is not valid: /);
      const back = new URL(body.redirectTo as string);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get('error'), query).toMatch(/^invalid_(request|target)$/);
      expect(back.searchParams.get('state')).toBe('state-123');
      expect(back.searchParams.get('iss')).toBe(ORIGIN);
    }
    // A confidential client may skip PKCE as far as the library goes; this server wants it from everyone.
    const confidential = await registeredClient({ token_endpoint_auth_method: 'client_secret_post' });
    const noPkce = await beginConsent(
      cookie,
      authorizeQuery(confidential, challenge, { code_challenge: undefined, code_challenge_method: undefined }),
    );
    expect(noPkce.status).toBe(400);
    expect(new URL((await json(noPkce)).redirectTo as string).searchParams.get('error')).toBe('invalid_request');
  });

  it('needs a session and a well-formed body', async () => {
    const query = authorizeQuery(await registeredClient(), (await pkce()).challenge);
    expect((await call('/api/oauth/consent/begin', { json: { query } })).status).toBe(401);
    expect((await call('/api/oauth/consent', { json: { handle: 'x', allow: false } })).status).toBe(401);
    const cookie = await signIn((await createUser()).id);
    for (const body of [{}, { query: 'client_id=x' }, { query: 42 }]) {
      const res = await call('/api/oauth/consent/begin', { json: body, cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toBe(OAUTH_MESSAGES.queryMissing);
    }
    const tooLong = await call('/api/oauth/consent/begin', { json: { query: `?${'a'.repeat(5000)}` }, cookie });
    expect(await messageOf(tooLong)).toBe(OAUTH_MESSAGES.invalidRequest('it is too long'));
    const noDecision = await call('/api/oauth/consent', { json: { handle: 'x' }, cookie });
    expect(noDecision.status).toBe(400);
    expect(await messageOf(noDecision)).toBe(OAUTH_MESSAGES.decisionMissing);
    const badLimit = await call('/api/oauth/consent', { json: { handle: 'x', allow: true, spendLimit: 0 }, cookie });
    expect(badLimit.status).toBe(400);
    // A personal API token never reaches the consent API.
    const token = await call('/api/tokens', { json: { name: 'Script', scopes: ['read', 'try'] }, cookie });
    const bearer = ((await token.json()) as { token: string }).token;
    const refused = await call('/api/oauth/consent/begin', {
      json: { query },
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(TOKEN_MESSAGES.notAllowed);
  });

  it('a handle works once, in the browser that opened the page, for its own person', async () => {
    const clientId = await registeredClient();
    const cookie = await signIn((await createUser()).id);
    const query = authorizeQuery(clientId, (await pkce()).challenge);

    // Without the page's binding cookie (another browser, or a forged form): expired.
    const page = await openConsent(cookie, query);
    const elsewhere = await decide(cookie, { handle: page.details.handle, allow: true, scopes: ['read'] });
    expect(elsewhere.status).toBe(400);
    expect(await messageOf(elsewhere)).toBe(OAUTH_MESSAGES.consentExpired);

    // No scope chosen: refused before the handle is used, so the page can send it again.
    const none = await decide(page.cookie, { handle: page.details.handle, allow: true, scopes: [] });
    expect(none.status).toBe(400);
    expect(await messageOf(none)).toBe(TOKEN_MESSAGES.scopesRequired);
    const first = await decide(page.cookie, { handle: page.details.handle, allow: true, scopes: ['read'] });
    expect(first.status).toBe(200);
    const again = await decide(page.cookie, { handle: page.details.handle, allow: true, scopes: ['read'] });
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(OAUTH_MESSAGES.consentExpired);
    const unknown = await decide(page.cookie, { handle: 'not-a-handle', allow: false });
    expect(await messageOf(unknown)).toBe(OAUTH_MESSAGES.consentExpired);
  });

  it('deny sends the app access_denied with its state, and connects nothing', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const page = await openConsent(cookie, authorizeQuery(await registeredClient(), (await pkce()).challenge));
    const res = await decide(page.cookie, { handle: page.details.handle, allow: false });
    expect(res.status).toBe(200);
    const back = new URL(((await res.json()) as { redirectTo: string }).redirectTo);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('code')).toBeNull();
    expect(await countOf("SELECT count(*) AS n FROM api_tokens WHERE user_id = ? AND kind = 'app'", user.id)).toBe(0);
    expect(await grantsOf(user.id)).toBe(0);
  });
});

describe('the code flow', () => {
  it('connects: a row for the app, the owner mailed, tokens for /mcp only, the code once', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const clientId = await registeredClient({ client_name: 'Claude' });
    const { verifier, challenge } = await pkce();
    const back = await allow(cookie, authorizeQuery(clientId, challenge), { scopes: ['read', 'try'], spendLimit: 30 });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('iss')).toBe(ORIGIN);
    const code = back.searchParams.get('code')!;

    const row = await db()
      .prepare(
        "SELECT id, name, client_id, scopes, spend_limit, token_hash FROM api_tokens WHERE user_id = ? AND kind = 'app'",
      )
      .bind(user.id)
      .first<Record<string, unknown>>();
    expect(row).toEqual({
      id: expect.any(Number),
      name: 'Claude',
      client_id: clientId,
      scopes: 'read try',
      spend_limit: 30,
      token_hash: null,
    });
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe('An app was connected to your account');
    expect(mail.text).toContain('“Claude” (signing in at 127.0.0.1:33418)');
    expect(mail.text).toContain('at most 30 credits a month');
    expect(mail.text).toContain(`${ORIGIN}/settings#settings-connected-apps`);

    const exchange = (form: Record<string, string>) =>
      tokenRequest({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, ...form });
    // PKCE: no verifier, or another one, gets nothing (and does not use the code up).
    const missing = await exchange({});
    expect(missing.status).toBe(400);
    const wrong = await exchange({ code_verifier: (await pkce()).verifier });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toBe('invalid_grant');
    // Another redirect URI than the one authorized.
    const otherRedirect = await exchange({ code_verifier: verifier, redirect_uri: 'http://127.0.0.1:33418/other' });
    expect(otherRedirect.status).toBe(400);

    const res = await exchange({ code_verifier: verifier, resource: RESOURCE });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const tokens = (await res.json()) as TokenAnswer;
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'read try', resource: RESOURCE, expires_in: 3600 });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    // Only hashes are kept: neither token appears in KV.
    const stored = await env.OAUTH_KV!.list();
    for (const key of stored.keys) {
      const value = await env.OAUTH_KV!.get(key.name);
      expect(value ?? '').not.toContain(tokens.access_token.split(':')[2]);
      expect(value ?? '').not.toContain(tokens.refresh_token!.split(':')[2]);
    }
    expect((await mcpCall(tokens.access_token)).status).toBe(200);

    // The code again: refused, and the grant it made ends with every token (RFC 6749 §4.1.2).
    const replay = await exchange({ code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect((await json(replay)).error).toBe('invalid_grant');
    expect((await mcpCall(tokens.access_token)).status).toBe(401);
    expect((await refresh(clientId, tokens.refresh_token!)).status).toBe(400);
  });

  it('a code for another resource, or from another client, is refused', async () => {
    const cookie = await signIn((await createUser()).id);
    const clientId = await registeredClient();
    const other = await registeredClient();
    const { verifier, challenge } = await pkce();
    const back = await allow(cookie, authorizeQuery(clientId, challenge));
    const code = back.searchParams.get('code')!;
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier };
    const elsewhere = await tokenRequest({ ...base, client_id: clientId, resource: 'https://elsewhere.example/mcp' });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).error).toBe('invalid_target');
    const stolen = await tokenRequest({ ...base, client_id: other });
    expect(stolen.status).toBe(400);
    expect((await json(stolen)).error).toBe('invalid_grant');
  });

  it('an access token works at /mcp only: the SDK lists the tools and tries an agent, charged like a tap', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { tokens } = await connect(cookie, { spendLimit: 50 });
    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
      fetch: (url, init) => exports.default.fetch(new Request(url, init)),
    });
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('try_agent');
    const tried = await client.callTool({ name: 'try_agent', arguments: { agentId: 2, expectedCost: 12 } });
    expect(tried.isError).toBeFalsy();
    expect(tried.structuredContent).toMatchObject({ agentId: 2, balance: 88, consumed: 12 });
    await client.close();
    const [connection] = (await (await call('/api/connections', { cookie })).json()) as { id: number }[];
    const ledger = await db()
      .prepare("SELECT credential_id FROM credit_ledger WHERE user_id = ? AND kind = 'try'")
      .bind(user.id)
      .first<{ credential_id: number }>();
    expect(ledger!.credential_id).toBe(connection!.id);
    // Not a personal API token: /api refuses it.
    expect(
      (await call('/api/credits/balance', { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status,
    ).toBe(401);
  });

  it("a connection with 'read' alone cannot try", async () => {
    const user = await createUser();
    const { tokens } = await connect(await signIn(user.id), { scopes: ['read'] });
    expect(tokens.scope).toBe('read');
    const res = await mcpCall(tokens.access_token, 'tools/call', {
      name: 'try_agent',
      arguments: { agentId: 2, expectedCost: 12 },
    });
    expect(await json(res)).toMatchObject({
      result: { isError: true, content: [{ text: TOKEN_MESSAGES.scopeMissing('try') }] },
    });
    expect(await countOf("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'try'", user.id)).toBe(
      0,
    );
  });
});

describe('the token endpoint', () => {
  it('refuses a client id, code or token longer than any it issues, never with a 5xx', async () => {
    const long = 'x'.repeat(600);
    for (const form of [
      { grant_type: 'authorization_code', code: `1:${long}:x`, client_id: 'abc', code_verifier: 'a'.repeat(50) },
      { grant_type: 'authorization_code', code: '1:g:x', client_id: long, code_verifier: 'a'.repeat(50) },
      { grant_type: 'refresh_token', refresh_token: `${long}:${long}:x`, client_id: 'abc' },
      { token: `1:${long}:x`, client_id: 'abc' },
    ] as Record<string, string>[]) {
      const res = await tokenRequest(form);
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      expect((await json(res)).error).toBe('invalid_request');
    }
    const basic = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: '1:g:x' },
      { Authorization: `Basic ${btoa(`${long}:secret`)}` },
    );
    expect(basic.status).toBe(400);
  });
});

describe('refresh and revocation', () => {
  it('refresh tokens rotate: the new pair works, the old refresh token is refused and ends the grant', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { clientId, tokens } = await connect(cookie);
    const rotated = await refresh(clientId, tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as TokenAnswer & { refresh_token: string };
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    expect(second.access_token).not.toBe(tokens.access_token);
    expect((await mcpCall(second.access_token)).status).toBe(200);
    const third = (await (await refresh(clientId, second.refresh_token)).json()) as TokenAnswer & {
      refresh_token: string;
    };
    expect((await mcpCall(third.access_token)).status).toBe(200);

    // The previous refresh token again: someone else holds it. Refused, and the connection ends.
    const reused = await refresh(clientId, second.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant', error_description: OAUTH_MESSAGES.refreshReused });
    expect((await refresh(clientId, third.refresh_token)).status).toBe(400);
    for (const token of [second.access_token, third.access_token]) expect((await mcpCall(token)).status).toBe(401);
    expect(await grantsOf(user.id)).toBe(0);
    expect((await (await call('/api/connections', { cookie })).json()) as unknown[]).toEqual([]);
  });

  it("the previous refresh token ends the grant even before its successor's first use", async () => {
    const user = await createUser();
    const { clientId, tokens } = await connect(await signIn(user.id));
    const next = (await (await refresh(clientId, tokens.refresh_token)).json()) as TokenAnswer & {
      refresh_token: string;
    };
    // The library would accept the first token once more here (a retry after a lost answer).
    const reused = await refresh(clientId, tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect((await refresh(clientId, next.refresh_token)).status).toBe(400);
    expect((await mcpCall(next.access_token)).status).toBe(401);
  });

  it('revocation (RFC 7009): an access token ends alone; a refresh token ends the grant', async () => {
    const cookie = await signIn((await createUser()).id);
    const { clientId, tokens } = await connect(cookie);
    const revokeAccess = await tokenRequest({
      token: tokens.access_token,
      token_type_hint: 'access_token',
      client_id: clientId,
    });
    expect(revokeAccess.status).toBe(200);
    expect((await mcpCall(tokens.access_token)).status).toBe(401);
    const fresh = (await (await refresh(clientId, tokens.refresh_token)).json()) as TokenAnswer & {
      refresh_token: string;
    };
    expect((await mcpCall(fresh.access_token)).status).toBe(200);

    const revokeRefresh = await tokenRequest({ token: fresh.refresh_token, client_id: clientId });
    expect(revokeRefresh.status).toBe(200);
    expect((await refresh(clientId, fresh.refresh_token)).status).toBe(400);
    expect((await mcpCall(fresh.access_token)).status).toBe(401);
  });

  it('a connection revoked in D1 is refused at once, at /mcp and at the token endpoint, whatever KV holds', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { clientId, tokens } = await connect(cookie);
    // As if KV had not caught up: only the row changes.
    await db()
      .prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE user_id = ? AND kind = 'app'")
      .bind(user.id)
      .run();
    const res = await mcpCall(tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe(REFUSED_CHALLENGE);
    const refused = await refresh(clientId, tokens.refresh_token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'invalid_grant', error_description: OAUTH_MESSAGES.connectionEnded });
    // The refusal ended the grant in KV too.
    expect(await grantsOf(user.id)).toBe(0);
  });

  it('connecting the same app again replaces the earlier connection', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const first = await connect(cookie);
    const second = await connect(cookie, { clientId: first.clientId, spendLimit: 5 });
    expect((await mcpCall(first.tokens.access_token)).status).toBe(401);
    expect((await mcpCall(second.tokens.access_token)).status).toBe(200);
    const list = (await (await call('/api/connections', { cookie })).json()) as { spendLimit: number }[];
    expect(list).toEqual([expect.objectContaining({ clientId: first.clientId, spendLimit: 5 })]);
  });
});

describe('recovery ends connected apps (docs/decisions/0038)', () => {
  it("'Sign out of all devices' ends every connection and its grants in KV", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const one = await connect(cookie);
    const two = await connect(cookie);
    const bystander = await createUser();
    const theirs = await connect(await signIn(bystander.id));
    expect(await grantsOf(user.id)).toBe(2);

    expect((await call('/api/auth/logout-everywhere', { method: 'POST', cookie })).status).toBe(200);
    expect(await grantsOf(user.id)).toBe(0);
    for (const { clientId, tokens } of [one, two]) {
      expect((await mcpCall(tokens.access_token)).status).toBe(401);
      expect((await refresh(clientId, tokens.refresh_token)).status).toBe(400);
    }
    expect(
      await countOf('SELECT count(*) AS n FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL', user.id),
    ).toBe(0);
    // Someone else's connection is untouched.
    expect((await mcpCall(theirs.tokens.access_token)).status).toBe(200);
    expect(await grantsOf(bystander.id)).toBe(1);
  });
});

// Where the OAuth library is looser than AgentMarket wants (docs/decisions/0042), probed as a hostile
// or careless client would: Basic headers and keys longer than KV takes at the token endpoint, junk
// bearers at /mcp, app names that could pass for the site or carry a message, registrations from one
// IPv6 network or with a huge body, and an app revoking its own grant.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_NAME_MAX, OAUTH_MESSAGES, REGISTRATION_BODY_MAX } from '#common/oauth.ts';
import { budgetNoticeMail } from '#worker/lib/budget-mail.ts';
import { appConnectedMail } from '#worker/lib/oauth-mail.ts';
import { call, createUser, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { REGISTRATIONS_PER_HOUR } from './server-routes';
import {
  authorizeQuery,
  connect,
  fetchWorker,
  mcpCall,
  openConsent,
  ORIGIN,
  pkce,
  REDIRECT,
  refresh,
  register,
  registeredClient,
  tokenRequest,
} from './test-client';

beforeAll(async () => {
  await seedCatalog();
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const REFUSED_CHALLENGE = `Bearer realm="AgentMarket", error="invalid_token", resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp", scope="read try"`;

describe('the token endpoint never answers 5xx for a key KV cannot take', () => {
  const long = 'x'.repeat(600);

  it('reads a Basic header as the library does, tabs and any case included: a 600-character client id is 400', async () => {
    for (const scheme of ['Basic\t', 'basic \t ', 'BASIC\t\t', 'Basic ']) {
      const res = await tokenRequest(
        { grant_type: 'authorization_code', code: '1:g:x', code_verifier: 'a'.repeat(50) },
        { Authorization: `${scheme}${btoa(`${long}:secret`)}` },
      );
      expect(res.status, JSON.stringify(scheme)).toBe(400);
      expect(await json(res)).toEqual({ error: 'invalid_request', error_description: OAUTH_MESSAGES.tooLong });
    }
  });

  it("answers KV's refusal of an oversize key inside the library as the caller's error, 400", async () => {
    const get = env.OAUTH_KV!.get.bind(env.OAUTH_KV);
    // What KV throws for a key over 512 bytes, wherever the library builds one (here: the client's).
    const spy = vi
      .spyOn(env.OAUTH_KV!, 'get')
      .mockImplementation(((key: string, type: never) =>
        key.startsWith('client:')
          ? Promise.reject(new Error('KV GET failed: 414 UTF-8 encoded length of 607 exceeds key length limit of 512.'))
          : get(key, type)) as typeof get);
    try {
      const res = await tokenRequest({
        grant_type: 'authorization_code',
        code: '1:g:x',
        client_id: 'abc',
        code_verifier: 'a'.repeat(50),
      });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ error: 'invalid_request', error_description: OAUTH_MESSAGES.tooLong });
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('/mcp refuses a bearer the library never issued before reading KV', () => {
  it("answers 401 with the challenge for 'é' tokens and latin1 high bytes, never 500", async () => {
    const spy = vi.spyOn(env.OAUTH_KV!, 'get');
    try {
      for (const token of [
        // 245 UTF-16 characters but 485 bytes: a KV key built from it passes 512.
        `${'é'.repeat(120)}:${'é'.repeat(120)}:abc`,
        `${'\u00ff'.repeat(120)}:${'\u00e9'.repeat(120)}:abc`,
        // The issued shape, but for a character or two.
        `1:${'é'.repeat(16)}:${'a'.repeat(32)}`,
        `1:${'g'.repeat(16)}:${'a'.repeat(31)}\u00ff`,
        `${'1'.repeat(300)}:${'g'.repeat(16)}:${'a'.repeat(32)}`,
      ]) {
        const res = await mcpCall(token);
        expect(res.status, token.slice(0, 20)).toBe(401);
        expect(res.headers.get('WWW-Authenticate')).toBe(REFUSED_CHALLENGE);
        expect(await json(res)).toMatchObject({ error: { code: -32001, message: OAUTH_MESSAGES.accessInvalid } });
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('still reads a token of the issued shape, and a real one works', async () => {
    const { tokens } = await connect(await signIn((await createUser()).id));
    expect((await mcpCall(tokens.access_token)).status).toBe(200);
    const [user, grant] = tokens.access_token.split(':');
    expect((await mcpCall(`${user}:${grant}:${'a'.repeat(32)}`)).status).toBe(401);
  });
});

describe('app names at registration (RFC 7591 client_name)', () => {
  it.each([
    ['x'.repeat(CLIENT_NAME_MAX + 1), OAUTH_MESSAGES.clientNameTooLong],
    ['AgentMarket\n\nSecurity notice: confirm your account', OAUTH_MESSAGES.clientNameControl],
    ['Claude\r', OAUTH_MESSAGES.clientNameControl],
    ['Claude \u202egnp.exe', OAUTH_MESSAGES.clientNameControl],
    ['Cla\u200bude', OAUTH_MESSAGES.clientNameControl],
    ['Claude\u2028Desktop', OAUTH_MESSAGES.clientNameControl],
    ['Sign in at https://evil.example', OAUTH_MESSAGES.clientNameLink],
    ['Helper (see www.evil)', OAUTH_MESSAGES.clientNameLink],
    ['agentmarket-verify.example', OAUTH_MESSAGES.clientNameLink],
    ['Claude ｅｖｉｌ．ｃｏｍ', OAUTH_MESSAGES.clientNameLink],
    ['AgentMarket', OAUTH_MESSAGES.clientNameReserved],
    ['agent market', OAUTH_MESSAGES.clientNameReserved],
    ['AGENT-MARKET Assistant', OAUTH_MESSAGES.clientNameReserved],
    ['\u0410g\u0435nt M\u0430rk\u0435t', OAUTH_MESSAGES.clientNameReserved],
    ['ＡｇｅｎｔＭａｒｋｅｔ', OAUTH_MESSAGES.clientNameReserved],
    ['Agentrnarket', OAUTH_MESSAGES.clientNameReserved],
  ])('refuses %j with invalid_client_metadata', async (name, description) => {
    const { status, body } = await register({ client_name: name });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_client_metadata', error_description: description });
  });

  it('checks a localized name (client_name#fr) too', async () => {
    const { status, body } = await register({ client_name: 'Claude', 'client_name#fr': 'Agent Market' });
    expect(status).toBe(400);
    expect(body.error_description).toBe(OAUTH_MESSAGES.clientNameReserved);
  });

  it('accepts a normal name, shown as registered on the consent page', async () => {
    const cookie = await signIn((await createUser()).id);
    for (const name of ['Claude', 'VS Code', 'Visual Studio Code – Insiders', 'x'.repeat(CLIENT_NAME_MAX)]) {
      const clientId = await registeredClient({ client_name: name });
      const { details } = await openConsent(cookie, authorizeQuery(clientId, (await pkce()).challenge));
      expect(details.client.name).toBe(name);
    }
  });

  it('puts a name in a mail or its subject on one line', () => {
    const connected = appConnectedMail({
      to: 'owner@example.com',
      username: 'owner',
      appName: 'Claude\n\nDesktop\t app',
      redirectHost: '127.0.0.1:33418',
      scopes: ['read'],
      spendLimit: 20,
      settingsLink: 'http://localhost/settings',
    });
    expect(connected.text).toContain('The app “Claude Desktop app” (signing in at 127.0.0.1:33418)');
    const notice = budgetNoticeMail({
      to: 'owner@example.com',
      username: 'owner',
      kind: 'token',
      name: 'Nightly\r\nBcc: someone',
      limit: 10,
      spent: 10,
      level: 100,
      refused: false,
      settingsLink: 'http://localhost/settings',
    });
    expect(notice.subject).toBe('Your API token “Nightly Bcc: someone” reached its monthly spending limit');
    expect(notice.subject).not.toMatch(/[\r\n]/);
  });
});

describe('registration limits', () => {
  const registerFrom = (address: string, metadata: Record<string, unknown> = {}) =>
    fetchWorker('/oauth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
      body: JSON.stringify({
        client_name: 'Test Assistant',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        ...metadata,
      }),
    });

  it(`counts an IPv6 address by its /64: ${REGISTRATIONS_PER_HOUR} an hour for the whole network`, async () => {
    for (let i = 1; i <= REGISTRATIONS_PER_HOUR; i++) {
      // Written compressed or in full, any address of the network counts alike.
      const address = i % 2 ? `2001:db8:42:7::${i.toString(16)}` : `2001:0DB8:0042:0007:0000:0000:abcd:${i}`;
      expect((await registerFrom(address)).status, address).toBe(201);
    }
    const over = await registerFrom('2001:db8:42:7:ffff:ffff:ffff:ffff');
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: OAUTH_MESSAGES.registrationsThrottled,
    });
    // The next network, and IPv4 addresses, are their own.
    expect((await registerFrom('2001:db8:42:8::1')).status).toBe(201);
    expect((await registerFrom('198.51.100.42')).status).toBe(201);
  });

  it(`reads at most ${REGISTRATION_BODY_MAX} bytes: a larger body is 413 invalid_client_metadata`, async () => {
    const huge = await registerFrom('198.51.100.43', { software_id: 'x'.repeat(REGISTRATION_BODY_MAX) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      error: 'invalid_client_metadata',
      error_description: OAUTH_MESSAGES.registrationTooLarge,
    });
    // Sent without a length, as a stream: counted as it is read.
    const streamed = await fetchWorker('/oauth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.44' },
      body: new Blob([JSON.stringify({ redirect_uris: [REDIRECT], pad: 'x'.repeat(REGISTRATION_BODY_MAX) })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // A real registration with several redirect URIs fits easily.
    const uris = Array.from({ length: 10 }, (_, i) => `http://127.0.0.1:${33000 + i}/callback`);
    expect((await registerFrom('198.51.100.45', { redirect_uris: uris })).status).toBe(201);
  });
});

describe('an app revoking its own grant (RFC 7009)', () => {
  const listed = async (cookie: string) => (await (await call('/api/connections', { cookie })).json()) as unknown[];

  it('ends the connection in Settings once its grant is gone; an access token alone, or another client, does not', async () => {
    const cookie = await signIn((await createUser()).id);
    const { clientId, tokens } = await connect(cookie);
    // Revoking the access token alone leaves the grant: the app is still connected.
    expect((await tokenRequest({ token: tokens.access_token, client_id: clientId })).status).toBe(200);
    expect(await listed(cookie)).toHaveLength(1);
    // Another client cannot revoke it (the library answers 200 and changes nothing).
    const other = await registeredClient();
    expect((await tokenRequest({ token: tokens.refresh_token, client_id: other })).status).toBe(200);
    expect(await listed(cookie)).toHaveLength(1);

    const revoked = await tokenRequest({
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: clientId,
    });
    expect(revoked.status).toBe(200);
    expect(await listed(cookie)).toEqual([]);
    expect((await refresh(clientId, tokens.refresh_token)).status).toBe(400);
  });
});

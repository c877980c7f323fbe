// An assistant connects the standard way (docs/decisions/0042): the official MCP TypeScript SDK's
// client, with its own OAuth client provider, finds the authorization server from /mcp's 401,
// registers itself, sends the person to the consent screen (here a phone, signed out), gets its
// tokens with PKCE, and then spends only the budget the person gave it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { agentNamed } from './support/agents';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/test';

test.use({
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  // Registrations are limited per client: this spec counts against an address of its own.
  extraHTTPHeaders: { 'CF-Connecting-IP': '10.30.0.7' },
});

/** The assistant's loopback redirect (RFC 8252): the page it lands on after consent, and the code. */
async function loopbackCallback(): Promise<{ server: Server; url: string; code: Promise<string> }> {
  let deliver!: (code: string) => void;
  const code = new Promise<string>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const got = url.searchParams.get('code');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>E2E Assistant</title><h1>${got ? 'Connected' : 'Not connected'}</h1>`);
    if (got) deliver(got);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/callback`, code };
}

/** What an MCP client keeps between runs, in memory: the SDK asks and tells it everything else. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'E2E Assistant',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation = () => this.client;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.client = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

const textOf = (result: Record<string, unknown>) =>
  ((result.content ?? []) as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');

test('an assistant connects through OAuth with consent on a phone and is refused past its monthly limit', async ({
  page,
  playwright,
  baseURL,
}) => {
  // The person has an account but is signed out in this browser.
  const username = `o${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'secret-pass';
  const account = await playwright.request.newContext({ baseURL });
  const registered = await account.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password, isInternalLogin: false },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const agent = await agentNamed(account, 'LeadScout Pro');
  expect(agent.creditCost).toBeGreaterThan(0);

  const callback = await loopbackCallback();
  const provider = new MemoryProvider(callback.url);
  const mcpUrl = new URL('/mcp', baseURL);
  try {
    // No token: the SDK follows the 401's resource metadata, registers and asks to authorize.
    const first = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toThrow(
      UnauthorizedError,
    );
    expect(provider.client?.client_id).toBeTruthy();
    expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');

    // The person opens it on their phone: signs in first, then comes back to the consent screen.
    await page.goto(provider.authorizationUrl!.toString());
    await page.getByLabel('Username or email').fill(username);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('heading', { name: /Connect E2E Assistant/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Unverified')).toBeVisible();
    await expect(page.getByText(/127\.0\.0\.1/).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Try:/ })).toBeChecked();
    // Allow arms after the page has been in view a moment; the page is judged as it is then used.
    await expect(page.getByRole('button', { name: 'Allow' })).toBeEnabled();
    await expectNoSeriousViolations(page);
    const limit = page.getByLabel('Monthly spending limit (credits)');
    await expect(limit).toHaveValue('20');
    // Enough for one try of this agent, not two.
    await limit.fill(String(agent.creditCost));
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('heading', { name: 'Connected' })).toBeVisible();

    // The SDK exchanges the code (with its PKCE verifier) and connects.
    const authorizing = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await authorizing.finishAuth(await callback.code);
    expect(provider.saved?.refresh_token).toBeTruthy();
    const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('try_agent');

    // Within the budget: charged like a tap.
    const tried = await client.callTool({
      name: 'try_agent',
      arguments: { agentId: agent.id, expectedCost: agent.creditCost },
    });
    expect(tried.isError, textOf(tried)).toBeFalsy();
    // Past it: a tool error that names the limit, and nothing charged.
    const refused = await client.callTool({
      name: 'try_agent',
      arguments: { agentId: agent.id, expectedCost: agent.creditCost },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(
      `This try would pass the monthly spending limit of 'E2E Assistant': ${agent.creditCost} credits, ${agent.creditCost} spent this month.`,
    );
    await client.close();
    const balance = await (await account.get('/api/credits/balance')).json();
    expect(balance).toEqual({ balance: 100 - agent.creditCost, consumed: agent.creditCost });

    // Settings lists the app with what it spent, and Revoke ends it.
    await page.goto('/settings');
    const apps = page.getByRole('region', { name: 'Connected apps' });
    const row = apps.getByRole('listitem').filter({ hasText: 'E2E Assistant' });
    await expect(row.getByText(`${agent.creditCost} of ${agent.creditCost} credits`)).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await expect(row).toHaveCount(0);
    const after = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    const revokedTransport = new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { Authorization: `Bearer ${provider.saved!.access_token}` } },
    });
    await expect(after.connect(revokedTransport)).rejects.toThrow();
  } finally {
    callback.server.close();
    await account.dispose();
  }
});

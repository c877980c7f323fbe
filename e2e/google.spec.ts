// Google sign-in end to end: the browser goes through the worker to an OpenID provider stand-in
// (oauth2-mock-server) and back. scripts/e2e-server.mjs points the worker at this issuer.
import { expect, test, type Page } from './support/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { controlledBySw } from './support/pwa';

/** Must match scripts/e2e-server.mjs: the app's port plus 100, on loopback. */
const ISSUER_PORT = Number(process.env.E2E_PORT ?? 8799) + 100;
const ISSUER = `http://127.0.0.1:${ISSUER_PORT}`;

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const unique = () => `g${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let server: OAuth2Server;
/** Claims the provider puts into the next tokens it signs (the stand-in has no users of its own). */
let claims: Record<string, unknown> = {};
/** How many sign-ins the provider has been asked to start. */
let authorizeRequests = 0;

/**
 * Playwright starts a new worker (and so a new provider) after a failed test, while the app keeps
 * the keys it fetched for a while (as it should): keep one signing key per issuer port. Each run
 * starts a fresh app, so reusing it across runs is harmless.
 */
async function signingKey(provider: OAuth2Server) {
  const file = path.join(tmpdir(), `am-e2e-oidc-key-${ISSUER_PORT}.json`);
  if (existsSync(file)) {
    await provider.issuer.keys.add(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
    return;
  }
  await provider.issuer.keys.generate('RS256');
  writeFileSync(file, JSON.stringify(provider.issuer.keys.toJSON(true)[0]), { mode: 0o600 });
}

test.beforeAll(async () => {
  server = new OAuth2Server();
  await signingKey(server);
  // Set before start so the library keeps it instead of naming the host "localhost".
  server.issuer.url = ISSUER;
  server.service.on('beforeAuthorizeRedirect', () => {
    authorizeRequests += 1;
  });
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  await server.start(ISSUER_PORT, '127.0.0.1');
});

test.afterAll(async () => {
  await server?.stop();
});

test.describe('Google sign-in', () => {
  test('Continue with Google signs a new customer in', async ({ page }) => {
    const name = unique();
    claims = { sub: `sub-${name}`, email: `${name}@gmail.example`, email_verified: true, name: 'Google Person' };

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // Provider (signs in at once) -> worker callback -> app callback page -> reload at the root.
    await expect(page).toHaveURL('/', { timeout: 20_000 });
    await expect(toast(page, 'Authentication Successful')).toBeVisible();
    await expect(page.getByTestId('navbar-credits')).toHaveText('100');

    const session = await page.request.get('/api/auth/session');
    expect(session.ok()).toBe(true);
    expect(await session.json()).toMatchObject({
      username: name,
      email: `${name}@gmail.example`,
      credits: 100,
      role: 'user',
    });
  });

  test('signing in with Google from an agent page comes back to that page', async ({ page }) => {
    const name = unique();
    claims = { sub: `sub-${name}`, email: `${name}@gmail.example`, email_verified: true };
    const found = (await (await page.request.get('/api/agents/search?q=LeadScout%20Pro')).json()) as {
      id: number;
      name: string;
    }[];
    const agent = found.find((a) => a.name === 'LeadScout Pro')!;
    await page.goto(`/agents/${agent.id}`);
    await page.getByRole('link', { name: 'Login to Try Agent' }).click();
    await expect(page).toHaveURL(`/auth?next=%2Fagents%2F${agent.id}`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(`/agents/${agent.id}`, { timeout: 20_000 });
    await expect(toast(page, 'Authentication Successful')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Try Agent \(\d+ credits?\)$/ })).toBeVisible();
  });

  test('in the installed app (its service worker in control) one tap starts one sign-in, which succeeds', async ({
    page,
  }) => {
    const name = unique();
    claims = { sub: `sub-${name}`, email: `${name}@gmail.example`, email_verified: true };
    await page.goto('/auth');
    await controlledBySw(page);
    const before = authorizeRequests;

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL('/', { timeout: 20_000 });
    await expect(toast(page, 'Authentication Successful')).toBeVisible();
    // A navigation the service worker left unanswered was sent twice: two attempts, the second
    // refusing the first.
    expect(authorizeRequests - before).toBe(1);
  });

  test('Internal sign-in with a non-staff Google account is refused', async ({ page }) => {
    const name = unique();
    claims = { sub: `sub-${name}`, email: `${name}@gmail.example`, email_verified: true };

    await page.goto('/auth');
    await page.getByRole('button', { name: /^Internal/ }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    await expect(toast(page, 'Authentication Error')).toBeVisible({ timeout: 20_000 });
    await expect(toast(page, 'Internal sign-in requires your company email address')).toBeVisible();
    await expect(page).toHaveURL('/auth');
    expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  });
});

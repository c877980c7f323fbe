import { chromium, expect, test } from './support/test';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { controlledBySw, persisted, reportOffline, savedPagesShowOffline } from './support/pwa';

// An offline browser logs the requests it cannot make; anything else it logs fails the test.
test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch/] });

// Where the server reads the app: npm test's one build (scripts/test.mjs), else this port's own build.
const distDir = process.env.PREBUILT_DIST ?? `.wrangler/e2e-${process.env.E2E_PORT ?? 8799}/dist`;

test('the app is installable and a service worker controls it', async ({ baseURL, launchOptions }) => {
  // Chromium never offers installation in incognito, which is what test contexts are: use a profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'agentmarket-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlledBySw(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest names the app, its scope and its icons', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'AgentMarket', display: 'standalone', start_url: '/', scope: '/' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
  );
});

test('after one online visit the home page and any app route work offline', async ({ page, context }) => {
  await page.goto('/');
  await controlledBySw(page);
  await expect(page.getByRole('region', { name: 'Top Performing Agents' }).getByRole('article')).toHaveCount(6);
  await persisted(page);

  await context.setOffline(true);
  await page.reload();
  await reportOffline(page);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top Performing Agents' }).getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Explore by Category' }).getByRole('listitem')).toHaveCount(8);

  // start_url and any other app route answer from the precached shell.
  const shell = await page.goto('/some/app/route');
  expect(shell?.status()).toBe(200);
  await reportOffline(page);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await context.setOffline(false);
});

test('offline, saved listings and a visited agent page with its reviews still show', async ({
  page,
  context,
  request,
}) => {
  const [agent] = (await (await request.get('/api/agents?sort=reviews&limit=1')).json()) as {
    id: number;
    name: string;
  }[];
  const [review] = (await (await request.get(`/api/agents/${agent!.id}/ratings`)).json()) as {
    user: { username: string };
  }[];

  await page.goto('/agents');
  await controlledBySw(page);
  await expect(page.getByRole('article').first()).toBeVisible();
  await persisted(page, '"list"');
  await page.goto(`/agents/${agent!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: agent!.name })).toBeVisible();
  await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
  await expect(page.getByRole('list', { name: 'Reviews' }).getByText(review!.user.username).first()).toBeVisible();
  await persisted(page, `"ratings"`);
  await persisted(page, `"detail",${agent!.id}]`);

  await savedPagesShowOffline(page, context, agent!, review!.user.username);
});

// Last in this file: the local server reloads its assets when sw.js is rewritten, and a service
// worker installed right after that reload never became ready in our runs.
test('a waiting new version is offered as "Reload to update", never applied by itself', async ({ page, request }) => {
  await page.goto('/');
  await controlledBySw(page);
  const swPath = `${distDir}/sw.js`;
  const original = readFileSync(swPath, 'utf8');
  // The local server restarts to serve a changed file; its ETag for the file changes with each
  // restart. It holds requests meanwhile, so none of these may fail (docs/decisions/0020).
  const etag = async () => (await request.get('/sw.js')).headers()['etag'];
  const tags = new Set([await etag()]);
  try {
    // A changed service worker script is what a new deployment looks like to the browser.
    appendFileSync(swPath, `\n// build ${Date.now()}\n`);
    await expect
      .poll(
        async () => {
          await page.evaluate(async () =>
            (await navigator.serviceWorker.getRegistration())?.update().catch(() => undefined),
          );
          return page.getByRole('button', { name: 'Reload to update' }).isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect(page.getByText('A new version of AgentMarket is available.')).toBeVisible();
  } finally {
    tags.add(await etag());
    writeFileSync(swPath, original);
    // Done once the server has restarted with the original (an ETag not seen before), so the
    // next test is served the original service worker.
    await expect
      .poll(
        async () => {
          const tag = await etag();
          return tag !== undefined && !tags.has(tag);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await (await request.get('/sw.js')).text()).toBe(original);
  }
});

import { chromium, expect, test, type Page } from '@playwright/test';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const distDir = `.wrangler/e2e-${process.env.E2E_PORT ?? 8799}/dist`;

/** Waits until a service worker controls the page (the first visit installs it; a reload uses it). */
async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The query cache is written to IndexedDB at most once a second. */
const persisted = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              const tx = open.result.transaction('keyval', 'readonly');
              const get = tx.objectStore('keyval').get('agentmarket-query-cache');
              get.onsuccess = () => resolve(typeof get.result === 'string' && get.result.includes('"agents"'));
              get.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);

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
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top Performing Agents' }).getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Explore by Category' }).getByRole('listitem')).toHaveCount(8);

  // start_url and any other app route answer from the precached shell.
  const shell = await page.goto('/some/app/route');
  expect(shell?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await context.setOffline(false);
});

test('a waiting new version is offered as "Reload to update", never applied by itself', async ({ page }) => {
  await page.goto('/');
  await controlledBySw(page);
  const swPath = `${distDir}/sw.js`;
  const original = readFileSync(swPath, 'utf8');
  try {
    // A changed service worker script is what a new deployment looks like to the browser.
    appendFileSync(swPath, `\n// build ${Date.now()}\n`);
    await expect
      .poll(async () => {
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update().catch(() => undefined));
        return page.getByRole('button', { name: 'Reload to update' }).isVisible();
      }, { timeout: 30_000 })
      .toBe(true);
    await expect(page.getByText('A new version of AgentMarket is available.')).toBeVisible();
  } finally {
    writeFileSync(swPath, original);
  }
});

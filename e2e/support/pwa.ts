import { expect, type APIRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** Waits until a service worker controls the page (the first visit installs it; a reload uses it). */
export async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Waits until a query saved for offline use (one IndexedDB entry per query) holds `needle` in its key or data. */
export const persisted = (page: Page, needle = '"agents"') =>
  expect
    .poll(() =>
      page.evaluate(
        (needle) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('agentmarket-offline');
            open.onsuccess = () => {
              if (!open.result.objectStoreNames.contains('queries')) return resolve(false);
              const cursor = open.result.transaction('queries', 'readonly').objectStore('queries').openCursor();
              cursor.onsuccess = () => {
                const at = cursor.result;
                if (!at) return resolve(false);
                if (String(at.key).includes(needle) || JSON.stringify(at.value).includes(needle)) return resolve(true);
                at.continue();
              };
              cursor.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
        needle,
      ),
    )
    .toBe(true);

/**
 * Chromium 150 does not carry Playwright's offline emulation into a reloaded document's
 * navigator.onLine (requests still fail): tell the page what a real offline browser would, for good.
 * The app starts after the first paint, so it may read navigator.onLine after the event has gone by.
 */
export async function reportOffline(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await page.evaluate(() => {
    if (!navigator.onLine) return;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });
}

/** The connection back, after reportOffline: navigator.onLine the browser's own again, and the event. */
export async function reportOnline(page: Page) {
  await page.evaluate(() => {
    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
  });
}

/** How many proposals named `name` the operators' inbox holds: what the server really stored. */
/**
 * With the context offline: /agents shows the saved listing with `agent` on it, and the agent's page
 * shows it with its reviews, `reviewer` among them.
 */
export async function savedPagesShowOffline(
  page: Page,
  context: BrowserContext,
  agent: { id: number; name: string },
  reviewer: string,
) {
  await context.setOffline(true);
  try {
    await page.goto('/agents');
    await reportOffline(page);
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: agent.name }).first()).toBeVisible();

    await page.goto(`/agents/${agent.id}`);
    await reportOffline(page);
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
    await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
    await expect(page.getByRole('list', { name: 'Reviews' }).getByText(reviewer).first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
}

export async function inboxCount(operator: APIRequestContext, name: string): Promise<number> {
  const res = await operator.get('/api/proposals');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { name: string }[]).filter((p) => p.name === name).length;
}

export async function signedInOperator(playwright: { request: APIRequest }, baseURL: string | undefined) {
  const operator = await playwright.request.newContext({ baseURL });
  expect(
    (
      await operator.post('/api/auth/login', {
        data: { username: 'operator', password: 'demo-password', isInternalLogin: true },
      })
    ).ok(),
  ).toBe(true);
  return operator;
}

export async function fillProposal(page: Page, name: string) {
  await page.getByLabel('Agent name').fill(name);
  await page
    .getByLabel('Description')
    .fill('Summarises the day’s train delays and drafts apologies to waiting clients.');
  await page.getByLabel('Your name').fill('Tom Train');
  await page.getByLabel('Your email').fill('tom@example.com');
}

/** Console errors fail the test, except the failed requests an offline browser logs by design. */
export function failOnConsoleErrors(context: BrowserContext) {
  const errors: string[] = [];
  context.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(msg.text())
    )
      errors.push(msg.text());
  });
  return () => expect(errors).toEqual([]);
}

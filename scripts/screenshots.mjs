#!/usr/bin/env node
// The README's phone screenshots (docs/screenshots/), taken at 360x740 with touch in Debian's
// Chromium from a running server: `npm start`, then `npm run screenshots` (ORIGIN overrides
// http://localhost:8787). It registers a new account, tries an agent and buys credits in the
// sandbox checkout, so /billing shows a try and a purchase.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const origin = process.env.ORIGIN ?? `http://localhost:${process.env.PORT ?? 8787}`;
const out = 'docs/screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ baseURL: origin, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
const page = await context.newPage();
const shot = async (name) => {
  // Images and the app settle (hydrated, covers decoded) before the picture is taken.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => globalThis.document.fonts.ready);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
};

await page.goto('/agents/1');
await page.getByRole('heading', { level: 1 }).waitFor();
await shot('agent-page-360');

await page.goto('/agents');
await page.getByRole('list', { name: 'Agent results' }).getByRole('article').first().waitFor();
await page.getByRole('button', { name: /^Filters/ }).tap();
const sheet = page.getByRole('dialog', { name: 'Filters' });
await sheet.getByLabel('Department', { exact: true }).selectOption({ index: 1 });
await sheet.getByRole('button', { name: /^Show / }).waitFor();
await shot('browse-filters-360');
await sheet.getByRole('button', { name: 'Close filters' }).tap();

const username = `shots${Date.now().toString(36)}`;
const registered = await page.request.post('/api/auth/register', {
  data: { username, email: `${username}@example.com`, password: 'screenshot-pass' },
  headers: { Origin: origin },
});
if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
const tried = await page.request.post('/api/agents/1/try', { headers: { Origin: origin } });
if (!tried.ok()) throw new Error(`try: ${tried.status()} ${await tried.text()}`);
await page.goto('/credits');
await page.getByRole('button', { name: '$50', exact: true }).tap();
await page.getByRole('button', { name: 'Continue to Payment' }).tap();
await page.getByRole('button', { name: 'Pay $50 (test)' }).tap();
await page.getByText('Credits Purchased!').first().waitFor();
await page.goto('/billing');
await page.getByRole('list', { name: 'Credit history' }).getByRole('link', { name: /^View receipt/ }).waitFor();
await shot('billing-360');

await browser.close();

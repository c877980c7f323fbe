#!/usr/bin/env node
// The README's phone screenshots (docs/screenshots/), taken at 360x740 with touch in Debian's
// Chromium from a running server: `npm start`, then `npm run screenshots` (ORIGIN overrides
// http://localhost:8787). It registers a new account, tries an agent and buys credits in the
// sandbox checkout, so /billing shows a try and a purchase; then, as the seed's demo creator, it
// uploads a cover and shows the console, Edit Agent and an agent page with 'What's new' and health.
/* global document -- the drawing runs inside Chromium */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const origin = process.env.ORIGIN ?? `http://localhost:${process.env.PORT ?? 8787}`;
const out = 'docs/screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext({
  baseURL: origin,
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
});
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
await page
  .getByRole('list', { name: 'Credit history' })
  .getByRole('link', { name: /^View receipt/ })
  .waitFor();
await shot('billing-360');

// A creator page and an agent with an uploaded cover (docs/decisions/0028): the seed's demo creator
// uploads a picture and a cover the way the app does (the browser draws and converts them to WebP).
await context.clearCookies();
const login = await page.request.post('/api/auth/login', {
  data: { username: 'demo', password: 'demo-password' },
  headers: { Origin: origin },
});
if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
const mine = await (await page.request.get('/api/creators/demo')).json();
const covered = mine.agents[0];
/** A picture drawn in the page, as WebP bytes: a gradient with soft shapes, like a photo's colours. */
const drawn = (width, height, from, to) =>
  page.evaluate(
    async ([w, h, a, b]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      const gradient = g.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, a);
      gradient.addColorStop(1, b);
      g.fillStyle = gradient;
      g.fillRect(0, 0, w, h);
      g.fillStyle = 'rgba(255,255,255,0.18)';
      for (const [x, y, r] of [
        [0.2, 0.3, 0.25],
        [0.75, 0.65, 0.35],
        [0.55, 0.15, 0.12],
      ]) {
        g.beginPath();
        g.arc(x * w, y * h, r * Math.min(w, h), 0, Math.PI * 2);
        g.fill();
      }
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', 0.85));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    [width, height, from, to],
  );
const file = (bytes, name) => ({ name, mimeType: 'image/webp', buffer: Buffer.from(bytes) });
await page.goto('/');
const upload = async (path, multipart) => {
  const res = await page.request.put(`/api/media/${path}`, { multipart, headers: { Origin: origin } });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
};
await upload('profile-picture', { picture: file(await drawn(256, 256, '#f97316', '#db2777'), 'me.webp') });
await upload(`agents/${covered.id}/cover`, {
  cover: file(await drawn(1280, 800, '#0ea5e9', '#4338ca'), 'cover.webp'),
  thumbnail: file(await drawn(640, 400, '#0ea5e9', '#4338ca'), 'thumb.webp'),
});
await context.clearCookies();
await page.goto('/creators/demo');
await page.getByRole('heading', { level: 1 }).waitFor();
await shot('creator-page-360');
await page.goto(`/agents/${covered.id}`);
await page.getByRole('img', { name: `${covered.name} cover image` }).waitFor();
await shot('agent-cover-360');

// The creator's side (docs/decisions/0043), signed in as the demo creator again: the console, Edit
// Agent with the cover just uploaded, and their agent that has 'What's new' notes and a health check.
const again = await page.request.post('/api/auth/login', {
  data: { username: 'demo', password: 'demo-password' },
  headers: { Origin: origin },
});
if (!again.ok()) throw new Error(`login: ${again.status()} ${await again.text()}`);
await page.goto('/my-agents');
await page.getByRole('list', { name: 'Your agents' }).getByRole('listitem').first().waitFor();
await shot('creator-console-360');
await page.goto(`/submit-agent?edit=${covered.id}`);
await page.getByRole('img', { name: 'The current cover' }).waitFor();
await shot('edit-agent-cover-360');
const noted = mine.agents.find((a) => a.slug === 'listinglift') ?? covered;
await page.goto(`/agents/${noted.id}`);
await page.getByRole('heading', { name: "What's new" }).waitFor();
// From the name down, under the sticky header: health, tries and 'What's new' in one screen.
await page
  .getByRole('heading', { level: 1 })
  .evaluate((el) => globalThis.scrollTo(0, el.getBoundingClientRect().top + globalThis.scrollY - 68));
await shot('agent-whats-new-health-360');

await browser.close();

// npm run bench -- page-loads [--loads 300] [--busy 2] [--port 8795] [--origin URL]
// Does every page load finish? Opens public pages one after another, each in a new browser context
// (no cache, no service worker yet), as the end-to-end tests do, while `--busy` loops keep the cores
// loaded the way a shared CI machine is. A load that has not reached its `load` event in 20 s is
// counted, with the requests still waiting for an answer. This is how the lost script requests of
// `wrangler dev`'s proxy were found (docs/decisions/0015); `--origin` points it at any server.
// Prints the loads, the ones that never finished, and each of those with its pending requests.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { e2eOrigin } from './e2e-origin.mjs';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS } from './chromium.mjs';

const { values: opts } = parseArgs({
  args: process.argv.slice(3),
  options: {
    loads: { type: 'string', default: '300' },
    busy: { type: 'string', default: '2' },
    port: { type: 'string', default: '8795' },
    origin: { type: 'string' },
  },
});
const PATHS = [
  '/documentation',
  '/auth',
  '/tutorials',
  '/api',
  '/about',
  '/blog',
  '/careers',
  '/privacy',
  '/terms',
  '/propose-agent',
  '/agents',
  '/agent91',
  '/',
];
const LOAD_TIMEOUT_MS = 20_000;
const log = (...args) => console.log('[bench page-loads]', ...args);

const origin = await e2eOrigin(opts);

// Busy loops in child processes: the machine stays loaded while the browser works.
const busy = Array.from({ length: Number(opts.busy) }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
process.on('exit', () => busy.forEach((b) => b.kill()));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
const stuck = [];
const loads = Number(opts.loads);
for (let i = 0; i < loads; i++) {
  const path = PATHS[i % PATHS.length];
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = new Set();
  context.on('request', (r) => pending.add(r));
  context.on('requestfinished', (r) => pending.delete(r));
  context.on('requestfailed', (r) => pending.delete(r));
  try {
    await page.goto(origin + path, { timeout: LOAD_TIMEOUT_MS });
  } catch {
    stuck.push({
      load: i + 1,
      path,
      pending: [...pending].map((r) => `${r.method()} ${new URL(r.url()).pathname} (${r.resourceType()})`),
    });
  }
  await context.close().catch(() => undefined);
  if ((i + 1) % 50 === 0) log(`${i + 1} loads, ${stuck.length} never finished`);
}
await browser.close();
busy.forEach((b) => b.kill());

log(
  `${loads} page loads with ${opts.busy} busy loops: ${stuck.length} never reached their load event in ${LOAD_TIMEOUT_MS / 1000} s`,
);
for (const s of stuck)
  log(`  load ${s.load} ${s.path}: still waiting for ${s.pending.join(', ') || 'nothing (no request pending)'}`);
process.exit(stuck.length === 0 ? 0 : 1);

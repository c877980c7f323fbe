/* global indexedDB -- the measured code runs in the browser page */
// The cost of one persisted query write (app/lib/persist.ts) with 10 and with 1,000 queries already
// saved, in Debian's Chromium against real IndexedDB. Saving is one entry per query, so it should
// stay flat however much is saved (docs/decisions/0011).
// Alone: `npm run bench -- persist`; also the last part of the full `npm run bench`.
import { chromium } from '@playwright/test';
import { build } from 'vite';

const ORIGIN = 'http://persist-bench.localhost';
const WRITES = 200;

/** One realistic saved query: a page of 20 agents as the listing returns them. */
const agentPage = (n) =>
  Array.from({ length: 20 }, (_, i) => ({
    id: n * 20 + i,
    name: `Agent ${n}-${i}`,
    description: 'Drafts replies to customer emails, chases invoices and summarises meetings for small teams. '.repeat(
      3,
    ),
    category: { id: 3, name: 'Sales' },
    department: { id: 2, name: 'Finance' },
    averageRating: 4.2,
    voteCount: 37,
    creditCost: 2,
    imageUrl: `/agents/${n}.webp`,
  }));

async function bundle() {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    define: { __APP_VERSION__: JSON.stringify('bench') },
    build: { write: false, minify: true, lib: { entry: 'app/lib/persist.ts', formats: ['es'], fileName: 'persist' } },
  });
  const output = (Array.isArray(result) ? result[0] : result).output;
  return output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry).code;
}

export async function runPersistBench({ log = console.log } = {}) {
  const code = await bundle();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/persist.js') return route.fulfill({ contentType: 'text/javascript', body: code });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>persist bench</title>' });
    });
    await page.goto(`${ORIGIN}/`);
    const results = [];
    for (const saved of [10, 1000]) {
      const row = await page.evaluate(
        async ({ saved, writes, pages }) => {
          const { QueryStore, MAX_SAVED_QUERIES } = await import('/persist.js');
          await new Promise((resolve) => {
            const req = indexedDB.deleteDatabase('agentmarket-offline');
            req.onsuccess = req.onerror = req.onblocked = resolve;
          });
          let store = new QueryStore();
          for (let i = 0; i < saved; i++)
            await store.save(`seed-${i}`, ['agents', 'list', i], pages[i % pages.length], Date.now());
          // A fresh page: its first write also reads the small index once.
          store = new QueryStore();
          const t0 = performance.now();
          await store.save('first', ['agents', 'detail', 'first'], pages[0], Date.now());
          const first = performance.now() - t0;
          const times = [];
          for (let i = 0; i < writes; i++) {
            const start = performance.now();
            await store.save(`w-${i % 5}`, ['agents', 'list', `w-${i % 5}`], pages[i % pages.length], Date.now());
            times.push(performance.now() - start);
          }
          times.sort((a, b) => a - b);
          const { count } = await store.summary();
          return {
            saved,
            limit: MAX_SAVED_QUERIES,
            count,
            firstMs: first,
            medianMs: times[Math.floor(times.length / 2)],
            p90Ms: times[Math.floor(times.length * 0.9)],
          };
        },
        { saved, writes: WRITES, pages: Array.from({ length: 10 }, (_, n) => agentPage(n)) },
      );
      results.push(row);
    }
    const round = (ms) => Math.round(ms * 100) / 100;
    const rows = results.map((r) => ({
      'saved queries': r.saved,
      'one write, median ms': round(r.medianMs),
      'p90 ms': round(r.p90Ms),
      "a page's first write ms": round(r.firstMs),
      'kept (limit)': `${r.count} (${r.limit})`,
    }));
    const ratio = results[1].medianMs / results[0].medianMs;
    log('persisted query writes (IndexedDB, one entry per query, each a page of 20 agents):');
    console.table(rows);
    log(`1,000 saved vs 10 saved: ${ratio.toFixed(2)}x the median write cost (flat is about 1x)`);
    return { rows, ratio };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPersistBench();

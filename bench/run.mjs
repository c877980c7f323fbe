#!/usr/bin/env node
// npm run bench: performance figures at catalogue scale, in one run on this machine.
//  1. a fresh local D1 with 10,000 agents and 50,000 reviews (override: --agents N --reviews N)
//  2. the app served exactly as `npm start` serves it, on its own port
//  3. Lighthouse (default mobile settings, Debian's Chromium), median of 5 after one unmeasured
//     visit of each page (a warm server), on /, /agents, /agents/{id}, /search?q=… and /credits
//     signed in; every run printed (performance, FCP, LCP, TBT, CLS, observed main-thread ms and the
//     machine's benchmarkIndex); first-load transfer and JS from its records
//  4. API latency (autocannon, 1 and 20 connections) for list, detail and search (rare and very
//     common terms), beside the bare route /api/config/health on the same worker; as shipped, then
//     again with the catalogue cache off (every read going to D1) for reference
// Prints a table and writes docs/benchmarks.md and bench-results/latest.json.
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { wrangler } from '../scripts/lib/wrangler.mjs';
import { runPersistBench } from './persist.mjs';
import { CHROMIUM_FLAGS } from './chromium.mjs';

// `npm run bench -- persist`: only the cost of a persisted query write (no server, no seeding).
if (process.argv[2] === 'persist') {
  await runPersistBench();
  process.exit(0);
}

// `npm run bench -- search` runs the search part alone (bench/search.mjs).
if (process.argv[2] === 'search') {
  await import('./search.mjs');
  process.exit(0);
}

// `npm run bench -- page-loads`: does every page load finish on a loaded machine (bench/page-loads.mjs).
if (process.argv[2] === 'page-loads') await import('./page-loads.mjs');

// `npm run bench -- interactions`: only the tap-to-next-paint times (bench/interactions.mjs).
if (process.argv[2] === 'interactions') await import('./interactions.mjs');

// `npm run bench -- lighthouse <url>`: Lighthouse run after run on one page of a running server, with
// each long task's share of TBT (bench/lighthouse.mjs).
if (process.argv[2] === 'lighthouse') {
  await import('./lighthouse.mjs');
  process.exit(0);
}

const { values: opts } = parseArgs({
  options: {
    agents: { type: 'string', default: '10000' },
    reviews: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-api': { type: 'boolean', default: false },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const ORIGIN = `http://localhost:${PORT}`;
const ROOT = '.wrangler/bench';
const persistTo = `${ROOT}/state`;
const distDir = `${ROOT}/dist`;
const runs = Number(opts.runs);
const duration = Number(opts.duration);

const BUDGETS = {
  // Issue 17: performance median >= 98 and no run below 90; the other categories 100.
  performanceMedian: 98,
  performanceFloor: 90,
  lighthouse: 100,
  tbtMs: 150,
  lcpMs: 2000,
  cls: 0.02,
  firstRouteJsKb: 130,
  firstLoadKb: 200,
  firstLoadRequests: 15,
  apiP99Ms: 15,
  commonSearchP99Ms: 50,
  throughputRatio: 0.7,
};

// A Lighthouse run whose page never finished loading scores what little it saw; it is run again.
const MAX_RETRIES_PER_RUN = 2;
const log = (...args) => console.log('[bench]', ...args);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

async function waitFor(url, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

// 1. Data at scale, in a database of its own.
rmSync(ROOT, { recursive: true, force: true });
mkdirSync(ROOT, { recursive: true });
log(`seeding ${opts.agents} agents and ${opts.reviews} reviews`);
wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
const seeded = spawnSync(process.execPath, ['scripts/seed.mjs', '--persist-to', persistTo, '--agents', opts.agents, '--reviews', opts.reviews], { stdio: 'inherit' });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

// 2. Served as npm start serves it (the database is not empty, so it is not re-seeded).
let server = null;
const stop = () => server?.kill('SIGTERM');
process.on('exit', stop);
async function startServer(extraEnv = {}) {
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), D1_PERSIST_TO: persistTo, DIST_DIR: distDir, WRANGLER_LOG_LEVEL: 'error', ...extraEnv },
  });
  await waitFor(`${ORIGIN}/api/config/health`);
  log('server ready', JSON.stringify(extraEnv));
}
async function stopServer() {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  stop();
  await exited;
  server = null;
  // Give the port back before the next server binds it.
  await new Promise((r) => setTimeout(r, 1000));
}
await startServer();

const api = async (path, init) => {
  const res = await fetch(`${ORIGIN}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
};
const [sampleAgent] = await (await api('/api/agents?limit=1&sort=reviews')).json();
const rareTerm = 'LedgerLens';
const commonTerm = 'teams';

// A signed-in session for /credits: its cookies go into the browser's jar (the app reads the hint).
let cookies = [];
try {
  const res = await api('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify({ username: `bench${Date.now()}`, email: `bench${Date.now()}@example.com`, password: 'bench-password' }),
  });
  cookies = res.headers.getSetCookie().map((c) => {
    const [name, ...value] = c.split(';')[0].split('=');
    return { name, value: value.join('='), url: ORIGIN };
  });
} catch (error) {
  log('could not sign in for /credits:', error.message);
}

// 3. Lighthouse.
// A reference measured in the same run: the home page exactly as the server renders it, with no
// script (its style sheet, pictures and markup only), served as a static file. What it costs is the
// browser's own part of any page on this machine at this moment; each page's main-thread work is
// also given as a ratio to it, which compares across runs and machines better than milliseconds.
const REFERENCE = 'reference';
writeFileSync(
  `${distDir}/assets/bench-reference.html`,
  (await (await api('/')).text())
    .replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<meta name="page-modules"[^>]*>/g, ''),
);
const pages = [
  { name: REFERENCE, path: '/assets/bench-reference' },
  { name: 'home', path: '/' },
  { name: 'browse', path: '/agents' },
  { name: 'agent', path: `/agents/${sampleAgent.id}` },
  { name: 'search', path: `/search?q=${encodeURIComponent('lead')}` },
  { name: 'credits (signed in)', path: '/credits', signedIn: true },
];
const lighthouseResults = [];
const lighthouseRuns = [];
mkdirSync('bench-results', { recursive: true });
let firstLoad = null;
if (!opts['skip-lighthouse']) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    // One unmeasured visit of each page first: a server that has just been seeded and started is
    // colder (isolate, D1 pages, catalogue cache) than one serving real traffic. It happens in a
    // browser of its own, so the measured one starts with no service worker still installing.
    {
      const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
      const tab = await browser.newPage();
      for (const page of pages.filter((p) => !p.signedIn)) await tab.goto(`${ORIGIN}${page.path}`, { waitUntil: 'networkidle0' }).catch(() => undefined);
      await browser.close();
    }
    for (const page of pages) {
      if (page.signedIn) {
        // Lighthouse keeps cookies between runs; signed-in pages come last.
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        await browser.setCookie(...cookies);
        await browser.disconnect();
      }
      const scores = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      const metrics = { fcp: [], lcp: [], tbt: [], cls: [], mainThread: [], benchmarkIndex: [] };
      let retried = 0;
      for (let i = 0; i < runs; i++) {
        let lhr;
        for (let attempt = 0; ; attempt++) {
          lhr = (await lighthouse(`${ORIGIN}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error' })).lhr;
          const incomplete = lhr.runtimeError || lhr.runWarnings.some((w) => /loaded too slowly/i.test(w));
          if (!incomplete || attempt >= MAX_RETRIES_PER_RUN) break;
          retried += 1;
          log(`lighthouse ${page.path}: run incomplete (${lhr.runtimeError?.code ?? 'page did not finish loading'}), running it again`);
        }
        // Kept for diagnosis (bench-results is not committed).
        if (i === 0) writeFileSync(`bench-results/lighthouse-${page.name.split(' ')[0]}.json`, JSON.stringify(lhr));
        for (const key of Object.keys(scores)) scores[key].push(Math.round((lhr.categories[key]?.score ?? 0) * 100));
        metrics.fcp.push(Math.round(lhr.audits['first-contentful-paint'].numericValue));
        metrics.lcp.push(Math.round(lhr.audits['largest-contentful-paint'].numericValue));
        metrics.tbt.push(Math.round(lhr.audits['total-blocking-time'].numericValue));
        metrics.cls.push(Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000);
        // Main-thread work as the trace observed it (Lighthouse's 'Minimize main-thread work').
        metrics.mainThread.push(Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0));
        // How fast this machine was during the run (Lighthouse's own micro-benchmark; higher is faster).
        metrics.benchmarkIndex.push(Math.round(lhr.environment?.benchmarkIndex ?? 0));
        const run = {
          page: page.name,
          run: i + 1,
          performance: scores.performance.at(-1),
          'FCP ms': metrics.fcp.at(-1),
          'LCP ms': metrics.lcp.at(-1),
          'TBT ms': metrics.tbt.at(-1),
          CLS: metrics.cls.at(-1),
          'main thread ms': metrics.mainThread.at(-1),
          benchmarkIndex: metrics.benchmarkIndex.at(-1),
        };
        lighthouseRuns.push(run);
        log('lighthouse run', JSON.stringify(run));
        if (page.name === 'home' && i === 0) {
          const items = lhr.audits['network-requests']?.details?.items ?? [];
          firstLoad = {
            requests: items.length,
            transferKb: kb(items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
            jsKb: kb(items.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
          };
        }
      }
      const row = {
        page: page.name,
        path: page.path,
        ...Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, median(v)])),
        runs: scores.performance.join(', '),
        'FCP ms': median(metrics.fcp),
        'LCP ms': median(metrics.lcp),
        'TBT ms': median(metrics.tbt),
        CLS: median(metrics.cls),
        'main thread ms': median(metrics.mainThread),
        benchmarkIndex: median(metrics.benchmarkIndex),
        'lowest run': Math.min(...scores.performance),
        retried,
      };
      const reference = page.name === REFERENCE ? row : lighthouseResults.find((r) => r.page === REFERENCE);
      if (reference) row['main thread ratio'] = Math.round((row['main thread ms'] / reference['main thread ms']) * 100) / 100;
      lighthouseResults.push(row);
      log('lighthouse', JSON.stringify(row));
    }
  } finally {
    await chrome.kill();
  }
}

// 4. API latency.
const endpoints = [
  { name: 'bare route', path: '/api/config/health' },
  { name: 'list', path: '/api/agents?limit=24' },
  { name: 'detail', path: `/api/agents/${sampleAgent.id}` },
  { name: `search (rare: ${rareTerm})`, path: `/api/agents/search?q=${rareTerm}&limit=24` },
  { name: `search (common: ${commonTerm})`, path: `/api/agents/search?q=${commonTerm}&limit=24` },
];
async function measure(connectionCounts) {
  const rows = [];
  for (const connections of connectionCounts) {
    for (const endpoint of endpoints) {
      const result = await autocannon({ url: `${ORIGIN}${endpoint.path}`, connections, duration });
      const row = {
        endpoint: endpoint.name,
        connections,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: Math.round(result.requests.average),
        errors: result.errors + result.non2xx,
      };
      rows.push(row);
      log('api', JSON.stringify(row));
    }
  }
  for (const row of rows) {
    const bareRps = rows.find((r) => r.endpoint === 'bare route' && r.connections === row.connections)?.rps || 1;
    if (row.endpoint !== 'bare route') row.ratio = Math.round((row.rps / bareRps) * 100) / 100;
  }
  return rows;
}
// As shipped: visitors' repeated catalogue reads come from the per-isolate cache (decision 0006).
const apiResults = opts['skip-api'] ? [] : await measure([1, 20]);
// For reference, every read going to D1 (CATALOG_CACHE_SECONDS=0).
let uncachedResults = [];
if (!opts['skip-api']) {
  await stopServer();
  await startServer({ CATALOG_CACHE_SECONDS: '0', SKIP_BUILD: '1' });
  uncachedResults = await measure([1, 20]);
}
stop();

// Budgets.
const bare = (c) => apiResults.find((r) => r.endpoint === 'bare route' && r.connections === c);
const checks = [];
for (const row of lighthouseResults.filter((r) => r.page !== REFERENCE)) {
  checks.push({ budget: `Lighthouse performance ${row.page}: median >= ${BUDGETS.performanceMedian}`, actual: row.performance, holds: row.performance >= BUDGETS.performanceMedian });
  checks.push({ budget: `Lighthouse performance ${row.page}: no run < ${BUDGETS.performanceFloor}`, actual: row['lowest run'], holds: row['lowest run'] >= BUDGETS.performanceFloor });
  for (const key of ['accessibility', 'best-practices', 'seo']) {
    checks.push({ budget: `Lighthouse ${key} ${row.page} = ${BUDGETS.lighthouse}`, actual: row[key], holds: row[key] >= BUDGETS.lighthouse });
  }
  checks.push({ budget: `TBT ${row.page} <= ${BUDGETS.tbtMs} ms (median)`, actual: `${row['TBT ms']} ms`, holds: row['TBT ms'] <= BUDGETS.tbtMs });
  checks.push({ budget: `LCP ${row.page} <= ${BUDGETS.lcpMs} ms (median)`, actual: `${row['LCP ms']} ms`, holds: row['LCP ms'] <= BUDGETS.lcpMs });
  checks.push({ budget: `CLS ${row.page} <= ${BUDGETS.cls} (median)`, actual: row.CLS, holds: row.CLS <= BUDGETS.cls });
}
if (firstLoad) {
  checks.push({ budget: `first-route JS <= ${BUDGETS.firstRouteJsKb} KB gzip`, actual: `${firstLoad.jsKb} KB`, holds: firstLoad.jsKb <= BUDGETS.firstRouteJsKb });
  checks.push({ budget: `first load <= ${BUDGETS.firstLoadKb} KB`, actual: `${firstLoad.transferKb} KB`, holds: firstLoad.transferKb <= BUDGETS.firstLoadKb });
  checks.push({ budget: `first load <= ${BUDGETS.firstLoadRequests} requests`, actual: firstLoad.requests, holds: firstLoad.requests <= BUDGETS.firstLoadRequests });
}
for (const row of apiResults.filter((r) => r.endpoint !== 'bare route')) {
  const common = row.endpoint.startsWith('search (common');
  if (row.connections === 1) {
    const limit = common ? BUDGETS.commonSearchP99Ms : BUDGETS.apiP99Ms;
    checks.push({ budget: `${row.endpoint} p99 <= ${limit} ms (1 conn)`, actual: `${row.p99} ms`, holds: row.p99 <= limit });
  }
  const ratio = row.rps / (bare(row.connections)?.rps || 1);
  checks.push({ budget: `${row.endpoint} throughput >= 70% of bare (${row.connections} conn)`, actual: `${Math.round(ratio * 100)}%`, holds: ratio >= BUDGETS.throughputRatio });
}

const table = (rows, cols) =>
  [`| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${cols.map((c) => r[c] ?? '').join(' | ')} |`)].join('\n');

const date = new Date().toISOString();
const md = `# Benchmarks

Command: \`npm run bench\` (defaults: ${opts.agents} agents, ${opts.reviews} reviews, Lighthouse median of ${runs} after one unmeasured visit of each page, ${duration} s per latency run).
Last run: ${date} on this project's 2-core machine (Node ${process.version}, Debian Chromium, local workerd + D1).

## Lighthouse (default mobile settings)

${lighthouseResults.length ? table(lighthouseResults, ['page', 'path', 'performance', 'accessibility', 'best-practices', 'seo', 'runs', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'main thread ms', 'main thread ratio', 'benchmarkIndex', 'retried']) : '_skipped_'}

\`runs\` are the performance scores of each run; the other figures are medians. FCP, LCP and TBT
are Lighthouse's simulated figures; \`main thread ms\` is the main-thread work its trace observed,
and \`main thread ratio\` that work against the \`reference\` row, measured in the same run: the
home page as the server renders it with every script taken out, served as a static file;
\`benchmarkIndex\` is Lighthouse's measure of this machine's speed during the runs (higher is
faster; compare figures only between runs of similar index). \`retried\` counts runs whose page
never finished loading; each was run again.

### Every run

${lighthouseRuns.length ? table(lighthouseRuns, ['page', 'run', 'performance', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'main thread ms', 'benchmarkIndex']) : '_skipped_'}

## First load (/, from Lighthouse's network records)

${firstLoad ? table([firstLoad], ['requests', 'transferKb', 'jsKb']) : '_skipped_'}

## API latency (autocannon; ms)

${table(apiResults, ['endpoint', 'connections', 'p50', 'p99', 'rps', 'ratio', 'errors'])}

\`ratio\` is throughput relative to the bare route on the same worker at the same connection count.
These are the figures as shipped: a visitor's repeated catalogue read is answered from the worker's
per-isolate cache (\`CATALOG_CACHE_SECONDS\`, default 10; docs/decisions/0006).

## API latency with every read going to D1 (CATALOG_CACHE_SECONDS=0, for reference)

${uncachedResults.length ? table(uncachedResults, ['endpoint', 'connections', 'p50', 'p99', 'rps', 'ratio', 'errors']) : '_skipped_'}

## Budgets

${table(checks.map((c) => ({ ...c, holds: c.holds ? 'holds' : '**misses**' })), ['budget', 'actual', 'holds'])}
`;
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', JSON.stringify({ date, lighthouseResults, lighthouseRuns, firstLoad, apiResults, uncachedResults, checks }, null, 2));
writeFileSync('docs/benchmarks.md', md);
console.log(`\n${md}`);
await runPersistBench({ log });
process.exit(0);

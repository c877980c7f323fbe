#!/usr/bin/env node
// npm run bench: performance figures at catalogue scale, in one run on this machine.
//  1. a fresh local D1 with 10,000 agents and 50,000 reviews (override: --agents N --reviews N)
//  2. the app served exactly as `npm start` serves it, on its own port
//  3. Lighthouse (Debian's Chromium), median of 5 after one unmeasured visit of each page (a warm
//     server), on /, /agents, /agents/{id} (the seed's agent with usage, health and 'What's new'),
//     /search?q=…, /credits signed in, /categories, /discover, /billing signed in, the home page signed
//     in and the console /my-agents signed in (its account lists a few agents first): each load scored with
//     the default mobile settings, then simulated again with the CPU slowdown calibrated from that
//     load's benchmarkIndex to a mid-tier and to a low-tier phone (bench/calibrate.mjs); every run
//     printed (performance, FCP, LCP, TBT, CLS, observed main-thread ms, the machine's benchmarkIndex
//     and the CPU multiplier); each load paired with one of the page's own HTML without scripts for
//     the main-thread ratio; first-load transfer and JS from its records
//  4. the real blocking time after the first paint, each page loaded in Chromium really slowed down
//     to each phone (bench/profile-start.mjs), median of --profile-runs (5), every run printed; at the
//     mid tier each load paired with one of the page's own HTML without scripts, --pair-runs (9) pairs
//  5. taps from the input to their answer on screen, at the calibrated tiers, as the first tap on a
//     cold page and once the app runs (bench/interactions.mjs, docs/decisions/0044)
//  6. API latency (autocannon, 1 and 20 connections) for list, detail and search (rare and very
//     common terms), in 3 rounds beside the bare route /api/config/health on the same worker; as
//     shipped, then again with the catalogue cache off (every read going to D1) for reference
//  7. the budgets of docs/decisions/0012, 0031 and 0023, each printed as holds or misses (a missed budget does not
//     fail the command: these are figures, not tests)
// Prints the figures and writes docs/benchmarks.md (this run and the one before) and
// bench-results/latest.json. `--pages home,agent` or a --skip-lighthouse / --skip-profile /
// --skip-interactions / --skip-api run checks the bench on some parts only, and writes
// bench-results/benchmarks.md instead.
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { wrangler } from '../scripts/lib/wrangler.mjs';
import { runPersistBench } from './persist.mjs';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { lighthouseTiers, loadedTooSlowly, TIERS } from './calibrate.mjs';
import { firstTapSection, holdsBudget, main as interactionsMain, runInteractions } from './interactions.mjs';
import { profileStart } from './profile-start.mjs';
import { lighthouseCpuMs } from './trace-tasks.mjs';
import { latencyRounds, median } from './api-latency.mjs';
import { withoutScripts } from './without-scripts.mjs';
import { cookieHeader, createAgents, newAccountCookies } from './new-account.mjs';
import { scaleSection } from './scale-section.mjs';

// `npm run bench -- persist`: only the cost of a persisted query write (no server, no seeding).
if (process.argv[2] === 'persist') {
  await runPersistBench();
  process.exit(0);
}

// `npm run bench -- offline-search`: one search over 10,000 agents saved on the device (bench/offline-search.mjs).
if (process.argv[2] === 'offline-search') {
  const { runOfflineSearchBench } = await import('./offline-search.mjs');
  await runOfflineSearchBench();
  process.exit(0);
}

// `npm run bench -- insights`: a creator's Insights at 100,000 agents and 1,000,000 tries (bench/insights.mjs).
if (process.argv[2] === 'insights') {
  await import('./insights.mjs');
  process.exit(0);
}

// `npm run bench -- scale`: the capacity model's simulation at 1,000,000 agents (bench/scale.mjs).
if (process.argv[2] === 'scale') {
  await import('./scale.mjs');
  process.exit(0);
}

// `npm run bench -- mcp-auth`: an OAuth access token on /mcp against a personal token (bench/mcp-auth.mjs).
if (process.argv[2] === 'mcp-auth') {
  await import('./mcp-auth.mjs');
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
if (process.argv[2] === 'interactions') {
  await interactionsMain(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- start-floor`: what starting React at all costs, beside the app's start (bench/start-floor.mjs).
if (process.argv[2] === 'start-floor') {
  await import('./start-floor.mjs');
  process.exit(0);
}

// `npm run bench -- compare <origin A> <origin B>`: two running builds' start-up side by side (bench/compare.mjs).
if (process.argv[2] === 'compare') {
  await import('./compare.mjs');
  process.exit(0);
}

// `npm run bench -- work-pairs <origin> <path>`: one page of any running build against its own HTML
// without scripts, in Lighthouse pairs, as wall and as CPU time (bench/work-pairs.mjs).
if (process.argv[2] === 'work-pairs') {
  await import('./work-pairs.mjs');
  process.exit(0);
}

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
    'skip-profile': { type: 'boolean', default: false },
    'skip-interactions': { type: 'boolean', default: false },
    pages: { type: 'string' },
    'profile-runs': { type: 'string', default: '5' },
    'pair-runs': { type: 'string', default: '9' },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const ORIGIN = `http://localhost:${PORT}`;
const ROOT = '.wrangler/bench';
const persistTo = `${ROOT}/state`;
const distDir = `${ROOT}/dist`;
const runs = Number(opts.runs);
const duration = Number(opts.duration);
const profileRunCount = Number(opts['profile-runs']);
const pairRunCount = Number(opts['pair-runs']);
// A run of some pages or parts only is a check of the bench, not figures to publish: it writes
// bench-results/benchmarks.md and leaves docs/benchmarks.md as the last full run wrote it.
const partial =
  Boolean(opts.pages) || ['skip-lighthouse', 'skip-api', 'skip-profile', 'skip-interactions'].some((o) => opts[o]);

const BUDGETS = {
  // docs/decisions/0012 and docs/decisions/0031: with the default settings, performance median >= 98 and no run below 90 at
  // whatever benchmarkIndex the machine shows; the other categories 100.
  performanceMedian: 98,
  performanceFloor: 90,
  lighthouse: 100,
  // docs/decisions/0031: calibrated to a mid-tier phone, 100 in every run and real blocking after the first
  // paint <= 50 ms (median); to a low-tier phone, a median >= 90 and real blocking <= 200 ms.
  midPerformanceFloor: 100,
  midBlockingMs: 50,
  lowPerformanceMedian: 90,
  lowBlockingMs: 200,
  // docs/decisions/0031: main-thread work at load at most 1.5x the page's own HTML without scripts.
  mainThreadRatio: 1.5,
  tbtMs: 150,
  lcpMs: 2000,
  cls: 0.02,
  // docs/decisions/0031 (was 130 in docs/decisions/0012).
  firstRouteJsKb: 100,
  firstLoadKb: 200,
  firstLoadRequests: 15,
  apiP99Ms: 15,
  commonSearchP99Ms: 50,
  throughputRatio: 0.7,
};
// The API's figures as shipped, each endpoint measured this many times beside the bare route.
const API_ROUNDS = 3;

// A Lighthouse run whose page never finished loading scores what little it saw; it is run again.
const MAX_RETRIES_PER_RUN = 2;
const log = (...args) => console.log('[bench]', ...args);
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
/** Lighthouse's estimate of the server's response time for the origin of the page it loaded. */
const serverResponseMs = (lhr) => {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin;
  const item = lhr.audits['network-server-latency']?.details?.items?.find((i) => i.origin === origin);
  return item ? Math.round(item.serverResponseTime) : null;
};

/** The performance metrics Lighthouse scored under 1 in a run, as 'speed-index 0.97'. */
const metricsUnderOne = (lhr) =>
  lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${ref.id} ${lhr.audits[ref.id].score}`)
    .join(', ');

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
const seeded = spawnSync(
  process.execPath,
  ['scripts/seed.mjs', '--persist-to', persistTo, '--agents', opts.agents, '--reviews', opts.reviews],
  { stdio: 'inherit' },
);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

// 2. Served as npm start serves it (the database is not empty, so it is not re-seeded).
let server = null;
const stop = () => server?.kill('SIGTERM');
process.on('exit', stop);
async function startServer(extraEnv = {}) {
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      D1_PERSIST_TO: persistTo,
      DIST_DIR: distDir,
      WRANGLER_LOG_LEVEL: 'error',
      ...extraEnv,
    },
  });
  // It builds first: on a busy 2-core machine the build alone took over two minutes.
  await waitFor(`${ORIGIN}/api/config/health`, 600_000);
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
// The agent page measured: the seed's one with usage, health and 'What's new' (docs/decisions/0043),
// found by its slug among the search's answers; else the most-reviewed agent.
const NEWS_AGENT_SLUG = 'leadscout-pro';
const newsAgent =
  (await (await api('/api/agents/search?q=LeadScout&limit=24')).json()).find((a) => a.slug === NEWS_AGENT_SLUG) ??
  sampleAgent;
if (newsAgent === sampleAgent) log(`no agent ${NEWS_AGENT_SLUG}: the agent page is the most-reviewed agent's`);
// How many agents the bench's account lists, so that its console has rows.
const CONSOLE_AGENTS = 5;
// A creator page (docs/decisions/0028): the creator of the most-reviewed agent that has one, else the seed's demo.
const sampleCreator =
  (await (await api('/api/agents?limit=100&sort=reviews')).json()).find((a) => a.creatorUsername)?.creatorUsername ??
  'demo';
const rareTerm = 'LedgerLens';
const commonTerm = 'teams';

// A signed-in session for /credits: its cookies go into the browser's jar (the app reads the hint).
let cookies = [];
try {
  cookies = await newAccountCookies(ORIGIN);
  // Its console (/my-agents) with rows, as a creator's is: agents listed through the API.
  log(`listed agents ${(await createAgents(ORIGIN, cookies, CONSOLE_AGENTS)).join(', ')} for the console`);
} catch (error) {
  log('could not sign in for /credits and the console, or list its agents:', error.message);
}

// 3. Lighthouse.
// A reference measured in the same run: the home page exactly as the server renders it, with no
// script (its style sheet, pictures and markup only), served as a static file. What it costs is the
// browser's own part of any page on this machine at this moment; each page's main-thread work is
// also given as a ratio to it, which compares across runs and machines better than milliseconds.
const REFERENCE = 'reference';
writeFileSync(`${distDir}/assets/bench-reference.html`, withoutScripts(await (await api('/')).text()));
const allPages = [
  { name: REFERENCE, path: '/assets/bench-reference' },
  { name: 'home', path: '/' },
  { name: 'browse', path: '/agents' },
  { name: 'agent', path: `/agents/${newsAgent.id}` },
  { name: 'search', path: `/search?q=${encodeURIComponent('lead')}` },
  { name: 'creator', path: `/creators/${encodeURIComponent(sampleCreator)}` },
  // The saved agents, as a first visit finds them (nothing saved yet), drawn by the server from the
  // device's cookie (docs/decisions/0036). One device's list: kept out of search engines (noindex).
  { name: 'saved', path: '/saved', private: true },
  // The other pages docs/decisions/0023 reshaped for phones: a category's list, the discover list and the
  // signed-in history. Visitors' pages before signed-in ones: Lighthouse keeps the session's cookies
  // from the first signed-in page on.
  { name: 'categories', path: '/categories' },
  { name: 'discover', path: '/discover' },
  { name: 'credits (signed in)', path: '/credits', signedIn: true },
  // A public page read by someone signed in: rendered for them, their header in the HTML (docs/decisions/0031).
  { name: 'signed-in home', path: '/', signedIn: true },
  // One person's history: kept out of search engines on purpose (noindex, robots.txt), which
  // Lighthouse's SEO score counts against it; its budget is every other SEO audit passing.
  { name: 'billing (signed in)', path: '/billing', signedIn: true, private: true },
  // The creator's console (docs/decisions/0043): rendered in the browser (a signed-in page, docs/decisions/0012),
  // the bench's account's agents in rows; kept out of search engines (robots.txt).
  { name: 'console (signed in)', path: '/my-agents', signedIn: true, private: true },
];
/** The SEO audits a load fails (score below 1, weighted), by id. */
const failedSeoAudits = (lhr) =>
  (lhr.categories.seo?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
    .map((ref) => ref.id);
// `--pages home,agent`: those pages only (by the first word of their name); the reference (the home
// page's copy) always runs, as the floor of the page's HTML and style alone.
const pageFilter = opts.pages?.split(',').map((p) => p.trim());
const unknownPages = (pageFilter ?? []).filter((p) => !allPages.some((page) => page.name.split(' ')[0] === p));
if (unknownPages.length)
  throw new Error(
    `--pages: no page named ${unknownPages.join(', ')} (${allPages.map((p) => p.name.split(' ')[0]).join(', ')})`,
  );
const pages = allPages.filter((p) => p.name === REFERENCE || !pageFilter || pageFilter.includes(p.name.split(' ')[0]));
// Each page's own script-free copy: its HTML as served to the bench (signed in where the page is),
// with every script taken out, served as a static file. Loaded in pairs with the page, by
// Lighthouse and by the real profile below: what the page's scripts add to the work its HTML and
// style cost by themselves. A page that lists more costs more without any script, so the home
// page's copy (the reference) is a floor for the home page only (docs/decisions/0031).
const ownReference = new Map();
if (!opts['skip-lighthouse'] || !opts['skip-profile']) {
  for (const page of pages.filter((p) => p.name !== REFERENCE)) {
    const file = `bench-reference-${page.name.split(' ')[0]}.html`;
    const headers = page.signedIn ? { Cookie: cookieHeader(cookies) } : {};
    writeFileSync(`${distDir}/assets/${file}`, withoutScripts(await (await api(page.path, { headers })).text()));
    ownReference.set(page.name, `/assets/${file.replace(/\.html$/, '')}`);
  }
}
const CALIBRATED = Object.keys(TIERS);
const tierLabel = (tier) =>
  tier === 'default'
    ? 'default mobile settings (4x CPU)'
    : `calibrated to a ${TIERS[tier].label} (score ${TIERS[tier].score})`;
const lighthouseResults = [];
const calibratedResults = [];
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
      const browser = await puppeteer.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_FLAGS,
      });
      const tab = await browser.newPage();
      for (const page of pages.filter((p) => !p.signedIn))
        await tab.goto(`${ORIGIN}${page.path}`, { waitUntil: 'networkidle0' }).catch(() => undefined);
      await browser.close();
    }
    for (const page of pages) {
      if (page.signedIn) {
        // Lighthouse keeps cookies between runs; signed-in pages come last.
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        await browser.setCookie(...cookies);
        await browser.disconnect();
      }
      // Each load is scored with the default settings and simulated again calibrated to each phone
      // from that load's own benchmarkIndex (bench/calibrate.mjs). The reference too: what the same
      // HTML and style sheet score without any script is the floor each page is compared with.
      const tiers = ['default', ...CALIBRATED];
      const byTier = Object.fromEntries(
        tiers.map((tier) => [
          tier,
          {
            scores: { performance: [], accessibility: [], 'best-practices': [], seo: [] },
            metrics: { fcp: [], lcp: [], tbt: [], cls: [], mainThread: [], benchmarkIndex: [], multiplier: [] },
          },
        ]),
      );
      const retries = { page: 0, own: 0 };
      const seoFailed = new Set();
      // One Lighthouse load with every category, run again while its page never finished loading.
      const lighthouseLoad = async (path, loadTiers, which) => {
        for (let attempt = 0; ; attempt++) {
          const measured = await lighthouseTiers(`${ORIGIN}${path}`, { port: chrome.port, tiers: loadTiers });
          const { lhr } = measured[0];
          const incomplete = lhr.runtimeError || loadedTooSlowly(lhr);
          if (!incomplete || attempt >= MAX_RETRIES_PER_RUN) return measured;
          retries[which] += 1;
          log(
            `lighthouse ${path}: run incomplete (${lhr.runtimeError?.code ?? 'page did not finish loading'}), running it again`,
          );
        }
      };
      const mainThreadOf = (lhr) => Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0);
      // Why a load has no main-thread figure to pair (0 would pass), or null when it has both. `cpu`:
      // the same tasks' time on a CPU, from the load's trace, what the page had the phone do without
      // the time its thread waited for a core this shared machine gave to other work (docs/decisions/0031).
      const unpairable = (load, cpu) => {
        if (load.lhr.runtimeError || mainThreadOf(load.lhr) === 0) return 'a load never finished, even run again';
        if (!cpu)
          return `no CPU time in the trace of ${load.lhr.finalDisplayedUrl} (no navigation to it, or tasks without thread durations)`;
        return null;
      };
      // Each load of a page is paired with a load of its own copy, one right after the other, the
      // copy first in every other pair: the machine's speed moves from minute to minute (the
      // reference's median moved from 430 to 594 ms between two runs), a pair's two loads share it.
      const ownPath = ownReference.get(page.name);
      const ownRatios = [];
      const ownCpuRatios = [];
      const loadOwn = async () => (await lighthouseLoad(ownPath, ['default'], 'own'))[0];
      for (let i = 0; i < runs; i++) {
        const ownFirst = ownPath && i % 2 === 1 ? await loadOwn() : undefined;
        const measured = await lighthouseLoad(page.path, tiers, 'page');
        const ownLoad = ownPath ? (ownFirst ?? (await loadOwn())) : undefined;
        // Read once per load: every tier of the page's load shares its one trace.
        const pageCpu = ownLoad ? lighthouseCpuMs(measured[0]) : null;
        const ownCpu = ownLoad ? lighthouseCpuMs(ownLoad) : null;
        const why = ownLoad && (unpairable(measured[0], pageCpu) ?? unpairable(ownLoad, ownCpu));
        const paired = ownLoad && !why;
        if (why) log(`lighthouse ${page.path}: pair ${i + 1} left out: ${why}`);
        const own = paired ? { wall: mainThreadOf(ownLoad.lhr), cpu: ownCpu } : undefined;
        for (const { tier, lhr, multiplier } of measured) {
          const { scores, metrics } = byTier[tier];
          // Kept for diagnosis (bench-results is not committed).
          if (i === 0)
            writeFileSync(
              `bench-results/lighthouse-${page.name.split(' ')[0]}${tier === 'default' ? '' : `-${tier}`}.json`,
              JSON.stringify(lhr),
            );
          for (const key of Object.keys(scores))
            if (lhr.categories[key]) scores[key].push(Math.round((lhr.categories[key].score ?? 0) * 100));
          if (tier === 'default') for (const id of failedSeoAudits(lhr)) seoFailed.add(id);
          metrics.fcp.push(Math.round(lhr.audits['first-contentful-paint'].numericValue));
          metrics.lcp.push(Math.round(lhr.audits['largest-contentful-paint'].numericValue));
          metrics.tbt.push(Math.round(lhr.audits['total-blocking-time'].numericValue));
          metrics.cls.push(Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000);
          // Main-thread work as the trace observed it (Lighthouse's 'Minimize main-thread work').
          metrics.mainThread.push(mainThreadOf(lhr));
          // How fast this machine was during the run (Lighthouse's own micro-benchmark; higher is faster).
          metrics.benchmarkIndex.push(Math.round(lhr.environment?.benchmarkIndex ?? 0));
          metrics.multiplier.push(multiplier);
          const run = {
            page: page.name,
            tier,
            run: i + 1,
            performance: scores.performance.at(-1),
            'FCP ms': metrics.fcp.at(-1),
            'LCP ms': metrics.lcp.at(-1),
            'SI ms': Math.round(lhr.audits['speed-index'].numericValue),
            'TBT ms': metrics.tbt.at(-1),
            CLS: metrics.cls.at(-1),
            'main thread ms': metrics.mainThread.at(-1),
            // The server response time the simulation charged each request of the page's origin: a
            // busy machine's slow local server shows here, not in the page (docs/decisions/0037).
            'server ms': serverResponseMs(lhr),
            benchmarkIndex: metrics.benchmarkIndex.at(-1),
            'CPU multiplier': multiplier,
          };
          // A score under 100 names the metrics that cost it, as Lighthouse scored each (0-1).
          if (run.performance < 100) run['scored under 1'] = metricsUnderOne(lhr);
          if (tier === 'default' && own) {
            const ratio = metrics.mainThread.at(-1) / own.wall;
            ownRatios.push(ratio);
            run['own HTML main thread ms'] = own.wall;
            run['ratio to its own HTML'] = Math.round(ratio * 100) / 100;
            const cpuRatio = pageCpu / own.cpu;
            ownCpuRatios.push(cpuRatio);
            run['CPU ms'] = pageCpu;
            run['own HTML CPU ms'] = own.cpu;
            run['CPU ratio to its own HTML'] = Math.round(cpuRatio * 100) / 100;
          }
          lighthouseRuns.push(run);
          log('lighthouse run', JSON.stringify(run));
          if (page.name === 'home' && i === 0 && tier === 'default') {
            const items = lhr.audits['network-requests']?.details?.items ?? [];
            firstLoad = {
              requests: items.length,
              transferKb: kb(items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
              jsKb: kb(
                items.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
              ),
            };
          }
        }
      }
      for (const tier of tiers) {
        const { scores, metrics } = byTier[tier];
        const row = {
          page: page.name,
          path: page.path,
          tier,
          ...Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, v.length ? median(v) : undefined])),
          runs: scores.performance.join(', '),
          'FCP ms': median(metrics.fcp),
          'LCP ms': median(metrics.lcp),
          'TBT ms': median(metrics.tbt),
          CLS: median(metrics.cls),
          'main thread ms': median(metrics.mainThread),
          benchmarkIndex: median(metrics.benchmarkIndex),
          'CPU multiplier': median(metrics.multiplier),
          'lowest run': Math.min(...scores.performance),
          retried: retries.page,
        };
        if (tier === 'default') {
          row['SEO audits failed'] = [...seoFailed].join(' ') || 'none';
          if (page.private) row.private = true;
          const reference = page.name === REFERENCE ? row : lighthouseResults.find((r) => r.page === REFERENCE);
          if (reference)
            row['main thread ratio'] = Math.round((row['main thread ms'] / reference['main thread ms']) * 100) / 100;
          // The median of the pairs' ratios (each pair loaded minutes apart from the next).
          if (ownRatios.length) row['ratio to its own HTML'] = Math.round(median(ownRatios) * 100) / 100;
          if (ownCpuRatios.length) row['CPU ratio to its own HTML'] = Math.round(median(ownCpuRatios) * 100) / 100;
          if (ownPath) {
            row.pairs = ownRatios.length;
            row['own HTML retried'] = retries.own;
          }
          lighthouseResults.push(row);
        } else calibratedResults.push(row);
        log(`lighthouse (${tierLabel(tier)})`, JSON.stringify(row));
      }
    }
  } finally {
    await chrome.kill();
  }
}

// 4. The real blocking time after the first paint (bench/profile-start.mjs): the page loaded in
// Chromium really slowed down, by the multiplier calibrated to each phone from the benchmarkIndex
// measured just before each load. Lighthouse's simulated TBT keeps only the tasks of 50 ms or more at
// full speed; this counts every task that ran long at the phone's speed.
const profileRuns = [];
const profileResults = [];
if (!opts['skip-profile']) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    // Each page's own script-free copy (written above), profiled right after the page in each run at
    // the first calibrated tier: the work that page's scripts add, whatever its HTML costs by itself.
    // The reference too: the blocking that the HTML and style alone cause on that phone.
    for (const page of pages) {
      for (const tier of CALIBRATED) {
        const blocking = [];
        const multipliers = [];
        const indexes = [];
        const busy = [];
        const ownRatios = [];
        const ownCpuRatios = [];
        const paired = tier === CALIBRATED[0] && ownReference.has(page.name);
        // A pair's ratio moves by a third from one pair to the next on this kind of machine (a page's
        // work at the mid tier is 100-300 ms): more pairs than single loads, so its median holds still.
        const loads = paired ? Math.max(profileRunCount, pairRunCount) : profileRunCount;
        for (let i = 0; i < loads; i++) {
          const loadPage = (cpuSlowdown) =>
            profileStart(browser, `${ORIGIN}${page.path}`, {
              cpuSlowdown,
              cookies: page.signedIn ? cookies : [],
              traceFile: 'bench-results/trace-bench.json',
            });
          const loadOwn = (cpuSlowdown) =>
            profileStart(browser, `${ORIGIN}${ownReference.get(page.name)}`, {
              cpuSlowdown,
              traceFile: 'bench-results/trace-bench.json',
            });
          // A page and its own copy are a pair: both at the one slowdown calibrated for the pair's
          // first load (each calibrating its own put the benchmarkIndex's minute-to-minute noise
          // into the ratio), the copy first in every other pair (no order favoured).
          let profile;
          let own;
          if (paired && i % 2 === 1) {
            own = await loadOwn(tier);
            profile = await loadPage(own.cpuSlowdown);
          } else {
            profile = await loadPage(tier);
            if (paired) own = await loadOwn(profile.cpuSlowdown);
          }
          if (profile.blockingAfterFcpMs !== null) blocking.push(profile.blockingAfterFcpMs);
          multipliers.push(profile.cpuSlowdown);
          indexes.push(profile.benchmarkIndex);
          busy.push(profile.mainThreadBusyMs);
          const run = {
            page: page.name,
            tier,
            run: i + 1,
            benchmarkIndex: profile.benchmarkIndex,
            'CPU multiplier':
              profile.cpuSlowdown === profile.calibratedSlowdown
                ? profile.cpuSlowdown
                : `${profile.cpuSlowdown} (${profile.calibratedSlowdown} wanted: the machine was slower than the phone)`,
            'blocking after FCP ms': profile.blockingAfterFcpMs ?? 'no FCP',
            'main thread busy ms': profile.mainThreadBusyMs,
            'longest tasks ms': profile.longTasksMs.slice(0, 3).join(', '),
          };
          if (own) {
            const ratio = profile.mainThreadBusyMs / own.mainThreadBusyMs;
            ownRatios.push(ratio);
            run['own reference busy ms'] = own.mainThreadBusyMs;
            run['ratio to its own HTML'] = Math.round(ratio * 100) / 100;
            // The budget's figure, as for the Lighthouse pairs (docs/decisions/0031): the time the
            // thread ran on a CPU, without the waits for a core that other processes held.
            if (profile.mainThreadCpuMs !== null && own.mainThreadCpuMs) {
              const cpuRatio = profile.mainThreadCpuMs / own.mainThreadCpuMs;
              ownCpuRatios.push(cpuRatio);
              run['busy CPU ms'] = profile.mainThreadCpuMs;
              run['own reference CPU ms'] = own.mainThreadCpuMs;
              run['CPU ratio to its own HTML'] = Math.round(cpuRatio * 100) / 100;
            }
          }
          profileRuns.push(run);
          log('profile run', JSON.stringify(run));
        }
        const row = {
          page: page.name,
          tier,
          'blocking after FCP ms': blocking.length ? median(blocking) : null,
          runs: profileRuns
            .filter((r) => r.page === page.name && r.tier === tier)
            .map((r) => r['blocking after FCP ms'])
            .join(', '),
          benchmarkIndex: median(indexes),
          'CPU multiplier': median(multipliers),
          'main thread busy ms': median(busy),
        };
        // Against the reference loaded at the same slowdown in this run (the first page profiled).
        const reference = profileResults.find((r) => r.page === REFERENCE && r.tier === tier);
        if (reference && page.name !== REFERENCE)
          row['busy ratio to the reference'] =
            Math.round((row['main thread busy ms'] / reference['main thread busy ms']) * 100) / 100;
        // The median of the pairs' ratios: each pair loaded at one slowdown, minutes apart from the next.
        if (ownRatios.length) row['busy ratio to its own HTML'] = Math.round(median(ownRatios) * 100) / 100;
        if (ownCpuRatios.length) {
          row['busy CPU ratio to its own HTML'] = Math.round(median(ownCpuRatios) * 100) / 100;
          row['CPU pairs'] = ownCpuRatios.length;
        }
        profileResults.push(row);
        log(`real blocking (${tierLabel(tier)})`, JSON.stringify(row));
      }
    }
  } finally {
    await browser.close();
  }
}

// 5. Taps: from the input to their answer on screen, first and once started (bench/interactions.mjs).
const interactions = opts['skip-interactions']
  ? null
  : await runInteractions({ origin: ORIGIN, agentId: sampleAgent.id, runs, log });

// 6. API latency.
const endpoints = [
  { name: 'bare route', path: '/api/config/health' },
  { name: 'list', path: '/api/agents?limit=24' },
  { name: 'detail', path: `/api/agents/${sampleAgent.id}` },
  { name: `search (rare: ${rareTerm})`, path: `/api/agents/search?q=${rareTerm}&limit=24` },
  { name: `search (common: ${commonTerm})`, path: `/api/agents/search?q=${commonTerm}&limit=24` },
];
/**
 * Each endpoint in `rounds` rounds beside the bare route (bench/api-latency.mjs), so the load a shared
 * machine carries at one moment falls on the bare route as on the endpoints: an endpoint's `ratio` is
 * the median of its rounds' throughput against the bare route's in the same round.
 */
async function measure(connectionCounts, rounds) {
  const rows = [];
  for (const connections of connectionCounts) {
    const runs = await latencyRounds({
      origin: ORIGIN,
      endpoints,
      rounds,
      duration,
      connections,
      log: (...args) => log('api', ...args),
    });
    for (const [i, endpoint] of endpoints.entries()) {
      const row = {
        endpoint: endpoint.name,
        connections,
        p50: median(runs[i].map((r) => r.p50)),
        p99: median(runs[i].map((r) => r.p99)),
        rps: median(runs[i].map((r) => r.rps)),
        errors: runs[i].reduce((n, r) => n + r.errors, 0),
      };
      if (i > 0) {
        const ratios = runs[i].map((r, round) => r.rps / (runs[0][round].rps || 1));
        row.ratio = Math.round(median(ratios) * 100) / 100;
        row['ratio each round'] = ratios.map((r) => Math.round(r * 100) / 100).join(', ');
      }
      rows.push(row);
    }
  }
  return rows;
}
// As shipped: visitors' repeated catalogue reads come from the per-isolate cache (decision 0006).
const apiResults = opts['skip-api'] ? [] : await measure([1, 20], API_ROUNDS);
// For reference, every read going to D1 (CATALOG_CACHE_SECONDS=0).
let uncachedResults = [];
if (!opts['skip-api']) {
  await stopServer();
  await startServer({ CATALOG_CACHE_SECONDS: '0', SKIP_BUILD: '1' });
  // No budget on these: one round.
  uncachedResults = await measure([1, 20], 1);
}
stop();

// 7. Budgets.
const checks = [];
for (const row of lighthouseResults.filter((r) => r.page !== REFERENCE)) {
  checks.push({
    budget: `Lighthouse performance ${row.page}: median >= ${BUDGETS.performanceMedian}`,
    actual: row.performance,
    holds: row.performance >= BUDGETS.performanceMedian,
  });
  checks.push({
    budget: `Lighthouse performance ${row.page}: no run < ${BUDGETS.performanceFloor}`,
    actual: row['lowest run'],
    holds: row['lowest run'] >= BUDGETS.performanceFloor,
  });
  for (const key of ['accessibility', 'best-practices', 'seo']) {
    if (key === 'seo' && row.private) {
      // Kept out of search on purpose: the one audit that says so fails, every other one passes.
      const failed = row['SEO audits failed'];
      checks.push({
        budget: `Lighthouse seo ${row.page}: every audit passes but is-crawlable (noindex on purpose)`,
        actual: `${row.seo}, failed: ${failed}`,
        holds: failed === 'is-crawlable',
      });
    } else
      checks.push({
        budget: `Lighthouse ${key} ${row.page} = ${BUDGETS.lighthouse}`,
        actual: row[key],
        holds: row[key] >= BUDGETS.lighthouse,
      });
  }
  checks.push({
    budget: `TBT ${row.page} <= ${BUDGETS.tbtMs} ms (median)`,
    actual: `${row['TBT ms']} ms`,
    holds: row['TBT ms'] <= BUDGETS.tbtMs,
  });
  checks.push({
    budget: `LCP ${row.page} <= ${BUDGETS.lcpMs} ms (median)`,
    actual: `${row['LCP ms']} ms`,
    holds: row['LCP ms'] <= BUDGETS.lcpMs,
  });
  checks.push({ budget: `CLS ${row.page} <= ${BUDGETS.cls} (median)`, actual: row.CLS, holds: row.CLS <= BUDGETS.cls });
}
for (const row of lighthouseResults.filter((r) => r.page !== REFERENCE)) {
  if (row.pairs === 0)
    checks.push({
      budget: `main-thread work ${row.page} <= ${BUDGETS.mainThreadRatio}x its own HTML without scripts (CPU time in Lighthouse's traces)`,
      actual: 'not measured: no pair counted (see the log)',
      holds: null,
    });
  if (row['CPU ratio to its own HTML'] !== undefined)
    checks.push({
      budget: `main-thread work ${row.page} <= ${BUDGETS.mainThreadRatio}x its own HTML without scripts (CPU time in Lighthouse's traces, default settings, median of pairs)`,
      actual: `${row['CPU ratio to its own HTML']}x (${row.pairs} pairs)`,
      holds: row['CPU ratio to its own HTML'] <= BUDGETS.mainThreadRatio,
    });
  // The same pairs as Lighthouse counts them, from each task's start to its end: on this shared
  // machine a pair's two loads wait for a core by different amounts (docs/decisions/0031).
  if (row['ratio to its own HTML'] !== undefined)
    checks.push({
      budget: `main-thread work ${row.page} against its own HTML without scripts (Lighthouse's wall time, same pairs; no budget)`,
      actual: `${row['ratio to its own HTML']}x`,
      holds: null,
      figure: true,
    });
  // Against the home page's copy, loaded before every page, not beside this one: a page listing more
  // costs more with no script at all, and the loads do not share the machine's speed (docs/decisions/0031).
  if (row['main thread ratio'] !== undefined)
    checks.push({
      budget: `main-thread work ${row.page} against the home page's HTML without scripts (unpaired; no budget)`,
      actual: `${row['main thread ratio']}x`,
      holds: null,
      figure: true,
    });
}
for (const row of calibratedResults.filter((r) => r.page !== REFERENCE)) {
  if (row.tier === 'mid')
    checks.push({
      budget: `Lighthouse performance ${row.page}, mid-tier phone: every run >= ${BUDGETS.midPerformanceFloor}`,
      actual: row['lowest run'],
      holds: row['lowest run'] >= BUDGETS.midPerformanceFloor,
    });
  else
    checks.push({
      budget: `Lighthouse performance ${row.page}, low-tier phone: median >= ${BUDGETS.lowPerformanceMedian}`,
      actual: row.performance,
      holds: row.performance >= BUDGETS.lowPerformanceMedian,
    });
}
for (const row of profileResults.filter((r) => r.page !== REFERENCE)) {
  const limit = row.tier === 'mid' ? BUDGETS.midBlockingMs : BUDGETS.lowBlockingMs;
  checks.push({
    budget: `real blocking after FCP ${row.page}, ${TIERS[row.tier].label}: <= ${limit} ms (median)`,
    actual: `${row['blocking after FCP ms']} ms`,
    holds: row['blocking after FCP ms'] !== null && row['blocking after FCP ms'] <= limit,
  });
  if (row['busy CPU ratio to its own HTML'] !== undefined)
    checks.push({
      budget: `main-thread work ${row.page} <= ${BUDGETS.mainThreadRatio}x its own HTML without scripts (real, CPU time, ${TIERS[row.tier].label}, median of pairs)`,
      actual: `${row['busy CPU ratio to its own HTML']}x (${row['CPU pairs']} pairs)`,
      holds: row['busy CPU ratio to its own HTML'] <= BUDGETS.mainThreadRatio,
    });
  else if (row['busy ratio to its own HTML'] !== undefined)
    checks.push({
      budget: `main-thread work ${row.page} <= ${BUDGETS.mainThreadRatio}x its own HTML without scripts (real, CPU time, ${TIERS[row.tier].label})`,
      actual: 'not measured: no CPU time in the traces',
      holds: null,
    });
  // As Lighthouse counts work (each task from its start to its end): what a busy machine's waits add shows here.
  if (row['busy ratio to its own HTML'] !== undefined)
    checks.push({
      budget: `main-thread work ${row.page} against its own HTML without scripts (real, wall time, ${TIERS[row.tier].label}, median; no budget)`,
      actual: `${row['busy ratio to its own HTML']}x`,
      holds: null,
      figure: true,
    });
}
for (const row of interactions?.results ?? []) {
  // docs/decisions/0044: a first tap on a cold page within 100 ms (median), a tap once started within 200 ms.
  if (row.budgetMs === null) {
    // The reference: the browser's own cost of a tap at this tier, a figure beside the budgets.
    checks.push({
      budget: `tap to answer, ${row.interaction}, ${TIERS[row.tier].label} (median; no budget)`,
      actual: `${row['median ms']} ms`,
      holds: null,
      figure: true,
    });
    continue;
  }
  const budget = `tap to answer, ${row.interaction}, ${row.when}, ${TIERS[row.tier].label}: <= ${row.budgetMs} ms (median)`;
  const ratio = row['x the floor'] === '' ? '' : ` (${row['x the floor']}x the floor)`;
  checks.push(
    row.skipped
      ? { budget, actual: `not measured: ${row.skipped}`, holds: null }
      : { budget, actual: `${row['median ms']} ms${ratio}`, holds: holdsBudget(row) },
  );
}
if (firstLoad) {
  checks.push({
    budget: `first-route JS <= ${BUDGETS.firstRouteJsKb} KB gzip`,
    actual: `${firstLoad.jsKb} KB`,
    holds: firstLoad.jsKb <= BUDGETS.firstRouteJsKb,
  });
  checks.push({
    budget: `first load <= ${BUDGETS.firstLoadKb} KB`,
    actual: `${firstLoad.transferKb} KB`,
    holds: firstLoad.transferKb <= BUDGETS.firstLoadKb,
  });
  checks.push({
    budget: `first load <= ${BUDGETS.firstLoadRequests} requests`,
    actual: firstLoad.requests,
    holds: firstLoad.requests <= BUDGETS.firstLoadRequests,
  });
}
for (const row of apiResults.filter((r) => r.endpoint !== 'bare route')) {
  const common = row.endpoint.startsWith('search (common');
  if (row.connections === 1) {
    const limit = common ? BUDGETS.commonSearchP99Ms : BUDGETS.apiP99Ms;
    checks.push({
      budget: `${row.endpoint} p99 <= ${limit} ms (1 conn)`,
      actual: `${row.p99} ms`,
      holds: row.p99 <= limit,
    });
  }
  checks.push({
    budget: `${row.endpoint} throughput >= 70% of bare (${row.connections} conn, median of ${API_ROUNDS} rounds)`,
    actual: `${Math.round(row.ratio * 100)}%`,
    holds: row.ratio >= BUDGETS.throughputRatio,
  });
}

const table = (rows, cols) =>
  [
    `| ${cols.join(' | ')} |`,
    `| ${cols.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${cols.map((c) => r[c] ?? '').join(' | ')} |`),
  ].join('\n');
const verdict = ({ holds, figure }) =>
  figure ? 'figure' : holds === null ? 'not measured' : holds ? 'holds' : '**misses**';
for (const c of checks) log(`budget ${verdict(c).replaceAll('*', '').toUpperCase()}: ${c.budget} (${c.actual})`);

const date = new Date().toISOString();
const indexes = lighthouseRuns.filter((r) => r.tier === 'default').map((r) => r.benchmarkIndex);
const indexRange = indexes.length
  ? `benchmarkIndex ${Math.min(...indexes)} to ${Math.max(...indexes)}`
  : 'no Lighthouse runs';
const lighthouseColumns = [
  'page',
  'performance',
  'runs',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
  'benchmarkIndex',
  'CPU multiplier',
  'retried',
];
const runColumns = [
  'page',
  'run',
  'performance',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
  'main thread ms',
  'server ms',
  'benchmarkIndex',
  'CPU multiplier',
];
// One run's figures; docs/benchmarks.md keeps it with the runs before it (below).
const RUN_START = '<!-- bench run -->';
const RUN_END = '<!-- /bench run -->';
const runBlock = `${RUN_START}
## Run of ${date} (${indexRange})

Node ${process.version}, Debian Chromium, local workerd + D1, ${opts.agents} agents and ${opts.reviews} reviews; Lighthouse median of ${runs} loads per page, real blocking median of ${profileRunCount} (of ${Math.max(profileRunCount, pairRunCount)} at the mid tier, each paired with a load of the page's own HTML), each tap median of ${runs} loads.

### Lighthouse: default mobile settings

${lighthouseResults.length ? table(lighthouseResults, ['page', 'path', 'performance', 'accessibility', 'best-practices', 'seo', 'SEO audits failed', 'runs', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'main thread ms', 'ratio to its own HTML', 'CPU ratio to its own HTML', 'pairs', 'main thread ratio', 'benchmarkIndex', 'retried', 'own HTML retried']) : '_skipped_'}

${CALIBRATED.map(
  (tier) => `### Lighthouse: ${tierLabel(tier)}

${
  calibratedResults.some((r) => r.tier === tier)
    ? table(
        calibratedResults.filter((r) => r.tier === tier),
        lighthouseColumns,
      )
    : '_skipped_'
}
`,
).join('\n')}
${['default', ...CALIBRATED]
  .map(
    (tier) => `#### Every run: ${tierLabel(tier)}

${
  lighthouseRuns.some((r) => r.tier === tier)
    ? table(
        lighthouseRuns.filter((r) => r.tier === tier),
        tier === 'default'
          ? [
              ...runColumns,
              'own HTML main thread ms',
              'ratio to its own HTML',
              'CPU ms',
              'own HTML CPU ms',
              'CPU ratio to its own HTML',
            ]
          : runColumns,
      )
    : '_skipped_'
}
`,
  )
  .join('\n')}
### Real blocking after the first paint (Chromium slowed down to each phone)

${profileResults.length ? table(profileResults, ['page', 'tier', 'blocking after FCP ms', 'runs', 'main thread busy ms', 'busy ratio to the reference', 'busy ratio to its own HTML', 'busy CPU ratio to its own HTML', 'CPU pairs', 'benchmarkIndex', 'CPU multiplier']) : '_skipped_'}

#### Every run

${profileRuns.length ? table(profileRuns, ['page', 'tier', 'run', 'benchmarkIndex', 'CPU multiplier', 'blocking after FCP ms', 'main thread busy ms', 'own reference busy ms', 'ratio to its own HTML', 'busy CPU ms', 'own reference CPU ms', 'CPU ratio to its own HTML', 'longest tasks ms']) : '_skipped_'}

### Taps: input to answer on screen (calibrated tiers, 360x740 with touch)

${
  interactions
    ? table(
        interactions.results.map((r) => ({ ...r, 'median ms': r.skipped ? `skipped: ${r.skipped}` : r['median ms'] })),
        [
          'interaction',
          'path',
          'tier',
          'when',
          'median ms',
          'runs',
          'until the app ms (median)',
          'app running at the tap',
          'benchmarkIndex',
        ],
      )
    : '_skipped_'
}

#### Every run

${interactions?.runs.length ? table(interactions.runs, ['interaction', 'tier', 'when', 'run', 'tap to answer ms', 'answer frame ms', 'until the app ms', 'event', 'input delay ms', 'processing ms', 'app running at the tap', 'benchmarkIndex', 'CPU multiplier']) : '_skipped_'}

### First load (/, from Lighthouse's network records)

${firstLoad ? table([firstLoad], ['requests', 'transferKb', 'jsKb']) : '_skipped_'}

### API latency (autocannon; ms)

${apiResults.length ? table(apiResults, ['endpoint', 'connections', 'p50', 'p99', 'rps', 'ratio', 'ratio each round', 'errors']) : '_skipped_'}

### API latency with every read going to D1 (CATALOG_CACHE_SECONDS=0, for reference)

${uncachedResults.length ? table(uncachedResults, ['endpoint', 'connections', 'p50', 'p99', 'rps', 'ratio', 'errors']) : '_skipped_'}

### Budgets

${table(
  checks.map((c) => ({ ...c, holds: verdict(c) })),
  ['budget', 'actual', 'holds'],
)}
${RUN_END}`;

// docs/benchmarks.md holds this run and the one before it: the budgets are to hold on different
// occasions, at whatever speed the machine had then (docs/decisions/0031).
const RUNS_KEPT = 2;
const out = partial ? 'bench-results/benchmarks.md' : 'docs/benchmarks.md';
// The runs of `npm run bench -- interactions` it holds stay as they are (bench/interactions.mjs).
const keptFirstTaps = existsSync(out) ? firstTapSection(readFileSync(out, 'utf8')) : '';
// So does the section of `npm run bench -- scale` (bench/scale.mjs).
const keptScale = existsSync(out) ? scaleSection(readFileSync(out, 'utf8')) : '';
const earlier = existsSync(out)
  ? [...readFileSync(out, 'utf8').matchAll(new RegExp(`${RUN_START}[\\s\\S]*?${RUN_END}`, 'g'))].map((m) => m[0])
  : [];
const md = `# Benchmarks

Command: \`npm run bench\` (defaults: 10000 agents, 50000 reviews, medians of 5, 5 s per latency run).
This file holds the last ${RUNS_KEPT} runs, newest first; the bench writes it.

How to read it:
- **Lighthouse, default mobile settings**: \`runs\` are the performance scores of each run; the other
  figures are medians. FCP, LCP and TBT are Lighthouse's simulated figures (a fixed 4x CPU slowdown);
  \`main thread ms\` is the main-thread work its trace observed. \`ratio to its own HTML\` is that
  work against the page's own HTML as the server renders it with every script taken out, served as
  a static file: each load of the page is paired with a load of its copy (the copy first in every
  other pair), and the figure is the median of the pairs' ratios (\`own HTML main thread ms\` in
  every run; a pair with a load that never finished is left out, \`pairs\` says how many count):
  what the page's scripts add. \`CPU ratio to its own HTML\` is the same pairs' ratio of the time
  the page's main thread ran on a CPU in those tasks (the trace's thread durations; \`CPU ms\` and
  \`own HTML CPU ms\` in every run, as the machine ran them: Lighthouse's \`main thread ms\` is
  multiplied by its 4x, so only the ratios compare): Lighthouse counts each task from its start to its end, which
  on a shared machine includes the time the thread waited for a core other processes held, and
  that moves by half from one load to the next. The budget is on the CPU ratio. \`main thread ratio\` is the work against the \`reference\` row,
  the home page's copy, loaded before every page rather than beside it: no budget, as a page that
  lists more costs more without any script and the loads do not share the machine's speed.
  \`retried\` counts runs whose page never finished loading (\`own HTML retried\`, of its copy);
  each was run again.
- **benchmarkIndex** is Lighthouse's measure of this machine's speed during a run (higher is faster).
  It moves from minute to minute, so the fixed 4x stands for a different phone each time.
- **Calibrated** figures are the same loads simulated with the CPU slowdown that makes this machine,
  at the benchmarkIndex measured for that very load, as fast as a mid-tier phone (Chrome DevTools'
  benchmark score 1,000, a Pixel 5: multiplier = benchmarkIndex / 1,000) or a low-tier one (score
  264, a Moto G Power 2022: benchmarkIndex / 264); \`CPU multiplier\` is the one used, below 1 when
  the machine was slower than the phone (the simulation then speeds the trace up; bench/calibrate.mjs).
- **Real blocking after the first paint**: the page loaded in Chromium really slowed down by the
  calibrated multiplier (from a benchmarkIndex measured just before each load; at least 1, as
  Chromium cannot speed a page up); each task after the first contentful paint, its time past 50 ms
  (bench/profile-start.mjs). \`busy ratio to the reference\` compares its main-thread work with the
  home page's script-free copy; \`busy ratio to its own HTML\` with the page's own script-free copy:
  at the mid tier each load of the page is paired with a load of its copy at the same multiplier
  (calibrated for the pair's first load; the copy first in every other pair), and the figure is the
  median of the pairs' ratios (\`own reference busy ms\`, \`ratio to its own HTML\`): what the
  page's scripts add, whatever its HTML costs by itself. \`busy CPU ratio to its own HTML\` is the
  same pairs' ratio of the time the main thread ran on a CPU (\`busy CPU ms\`, \`own reference CPU
  ms\`), without the waits for a core that other processes held; the budget is on it, as on the
  Lighthouse pairs' CPU ratio.
- **Taps**: each control tapped on a phone slowed down to a calibrated tier, as the first input on a
  cold page (\`first tap\`, before the app has started) and once the app runs (\`started\`): from the
  tap's input to the frame that shows its answer, the later of the Event Timing API's duration of the
  tap (input to the next frame presented, the largest of its pointer and click entries, as INP takes
  it) and the frame in which the answer was first seen in the page (bench/interactions.mjs,
  docs/decisions/0044).
- **API latency** is as shipped: a visitor's repeated catalogue read is answered from the worker's
  per-isolate cache (\`CATALOG_CACHE_SECONDS\`, default 10; docs/decisions/0006); \`ratio\` is
  throughput relative to the bare route on the same worker at the same connection count: every
  endpoint and the bare route in turn, ${API_ROUNDS} rounds, each round's throughput against the bare
  route's in that round (\`ratio each round\`), and the median of those; p50, p99 and rps are the
  medians of the rounds. Without the cache: one round, for reference.

${keptFirstTaps ? `${keptFirstTaps}\n\n` : ''}${keptScale ? `${keptScale}\n\n` : ''}${[runBlock, ...earlier.slice(0, RUNS_KEPT - 1)].join('\n\n')}
`;
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/latest.json',
  JSON.stringify(
    {
      date,
      lighthouseResults,
      calibratedResults,
      lighthouseRuns,
      profileResults,
      profileRuns,
      interactions,
      firstLoad,
      apiResults,
      uncachedResults,
      checks,
    },
    null,
    2,
  ),
);
writeFileSync(out, md);
console.log(`\n${runBlock}`);
log(
  `written to ${out}${partial ? ' (some pages or parts only: docs/benchmarks.md is left as the last full run wrote it)' : ''}`,
);
await runPersistBench({ log });
process.exit(0);

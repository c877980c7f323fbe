// npm run bench -- lighthouse <url> [--runs 3] [--tiers default,mid,low] [--save] [--signed-in]
// Lighthouse on one page of a running server, run after run, in the bench's Chromium: each load
// scored with the default mobile settings, then simulated again with the CPU slowdown calibrated
// from that load's own benchmarkIndex to a mid-tier and to a low-tier phone (bench/calibrate.mjs;
// `--tiers` picks some). Each run's performance, FCP, LCP, TBT, CLS, the machine's
// benchmarkIndex, the CPU multiplier, the main-thread work observed, and the long tasks as Lantern placed them, each with what it
// adds to TBT (its part after the FCP and before TTI, past 50 ms). `--save` writes each report and
// trace to bench-results/lighthouse-run-<n>-<tier>.json and .trace.json (open the trace in Chrome's
// Performance panel). For A/B comparisons
// of one change; the full bench (`npm run bench`) is what docs/benchmarks.md reports. `--signed-in`
// registers a new account on that server first and measures with its session, as the bench does /credits.
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { lighthouseTiers, TIERS } from './calibrate.mjs';
import { newAccountCookies } from './new-account.mjs';

const { values: opts, positionals } = parseArgs({
  args: process.argv.slice(3),
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    tiers: { type: 'string', default: ['default', ...Object.keys(TIERS)].join(',') },
    save: { type: 'boolean', default: false },
    'signed-in': { type: 'boolean', default: false },
  },
});
const [url] = positionals;
if (!url)
  throw new Error(
    'usage: npm run bench -- lighthouse <url> [--runs 3] [--tiers default,mid,low] [--save] [--signed-in]',
  );
const tiers = opts.tiers.split(',');
for (const tier of tiers)
  if (tier !== 'default' && !(tier in TIERS))
    throw new Error(`unknown tier '${tier}': default, ${Object.keys(TIERS).join(', ')}`);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_FLAGS,
});
const runs = [];
try {
  if (opts['signed-in']) {
    const cookies = await newAccountCookies(new URL(url).origin);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await browser.setCookie(...cookies);
    await browser.disconnect();
  }
  // One unmeasured visit first, as the full bench does.
  await lighthouseTiers(url, { port: chrome.port, tiers: ['default'], categories: ['performance'] });
  for (let n = 1; n <= Number(opts.runs); n++) {
    for (const { tier, lhr, multiplier, trace } of await lighthouseTiers(url, {
      port: chrome.port,
      tiers,
      categories: ['performance'],
    })) {
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const fcp = audit('first-contentful-paint');
      const tti = audit('interactive');
      const run = {
        run: n,
        tier,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: Math.round(fcp),
        lcp: Math.round(audit('largest-contentful-paint')),
        si: Math.round(audit('speed-index')),
        tbt: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        // The main-thread work its trace observed, as the full bench's ratio to the reference uses it.
        mainThread: Math.round(audit('mainthread-work-breakdown')),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        multiplier,
      };
      runs.push(run);
      console.log(JSON.stringify(run));
      for (const task of lhr.audits['long-tasks']?.details?.items ?? []) {
        const end = task.startTime + task.duration;
        const adds = Math.max(0, Math.min(end, tti) - Math.max(task.startTime, fcp) - 50);
        console.log(
          `  long task ${String(Math.round(task.duration)).padStart(4)} ms at ${String(Math.round(task.startTime)).padStart(5)} ms adds ${String(Math.round(adds)).padStart(4)} ms to TBT  ${task.url || '(no script)'}`,
        );
      }
      if (opts.save) {
        mkdirSync('bench-results', { recursive: true });
        writeFileSync(`bench-results/lighthouse-run-${n}-${tier}.json`, JSON.stringify(lhr));
        writeFileSync(`bench-results/lighthouse-run-${n}-${tier}.trace.json`, JSON.stringify(trace));
      }
    }
  }
} finally {
  chrome.kill();
}
for (const tier of tiers) {
  const mine = runs.filter((r) => r.tier === tier);
  const summary = Object.fromEntries(
    ['performance', 'fcp', 'lcp', 'si', 'tbt', 'cls', 'mainThread', 'benchmarkIndex', 'multiplier'].map((key) => [
      key,
      median(mine.map((r) => r[key])),
    ]),
  );
  console.log(
    `median (${tier === 'default' ? 'default mobile settings' : `calibrated to a ${TIERS[tier].label}`})`,
    JSON.stringify(summary),
  );
}

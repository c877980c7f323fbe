#!/usr/bin/env node
// Start-up profile of a page under a CPU slowdown: loads it once in Debian's Chromium with a Chrome
// trace, then prints where the main thread's time went (script evaluation and compilation, HTML
// parsing, style and layout, paint, hydration tasks), the longest tasks and the blocking time after
// the first contentful paint (TBT as measured, not simulated).
//   node bench/profile-start.mjs http://localhost:8831/agents [more URLs]
// PROFILE_CPU sets the slowdown: 4 by default (Lighthouse's mobile setting), 1 for none (the times
// Lighthouse's simulation multiplies by 4), `mid` or `low` for the one calibrated from this machine's
// benchmarkIndex, measured just before the load, to a mid-tier or low-tier phone (bench/calibrate.mjs).
// PROFILE_SAMPLES=1 adds JavaScript samples to the trace (the profiler's own start-up shows as a long task).
// The trace of each URL is written to bench-results/trace-<n>.json (open it in Chrome's Performance panel).
// `npm run bench` takes blockingAfterFcpMs from here at the calibrated slowdowns (profileStart).
import puppeteer from 'puppeteer-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { measureBenchmarkIndex, multiplierFor, TIERS } from './calibrate.mjs';
import { pageMainThread, taskTimes } from './trace-tasks.mjs';

const CATEGORIES = {
  'script evaluation': [
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'EventDispatch',
    'RunMicrotasks',
    'FireAnimationFrame',
  ],
  'script compile': ['v8.compile', 'v8.compileModule', 'CompileScript', 'v8.parseOnBackground', 'CacheScript'],
  'HTML parsing': ['ParseHTML'],
  'style and layout': ['UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'ParseAuthorStyleSheet'],
  paint: ['Paint', 'PaintImage', 'CompositeLayers', 'Layerize', 'PrePaint', 'Commit'],
  'image decode': ['Decode Image', 'ImageDecodeTask'],
  'garbage collection': ['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC'],
};

/**
 * Loads `url` once, in a browser context of its own, at `cpuSlowdown` (a number, or 'mid' / 'low' to
 * calibrate it from the benchmarkIndex measured in that context just before), with `cookies` set
 * first; returns where the main thread's time went and the blocking time after the first paint.
 * `repeat`: a later visit, the page loaded once before (unmeasured) until its service worker controls it.
 */
export async function profileStart(
  browser,
  url,
  { cpuSlowdown = 4, cookies = [], repeat = false, traceFile: file = 'bench-results/trace-0.json' } = {},
) {
  mkdirSync('bench-results', { recursive: true });
  // A context of its own: no service worker or cache left by the previous load answers this one.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    // Measured unthrottled, in this very page, just before the load it calibrates.
    const benchmarkIndex = await measureBenchmarkIndex(page);
    const wanted = cpuSlowdown in TIERS ? multiplierFor(benchmarkIndex, cpuSlowdown) : Number(cpuSlowdown);
    // Chromium can slow the CPU down, not speed it up: on a machine slower than the phone, it runs as is.
    const rate = Math.max(1, wanted);
    // Cookies as the bench keeps them ({ name, value, url }), for this context only.
    if (cookies.length)
      await context.setCookie(
        ...cookies.map(({ name, value, url: at }) => ({ name, value, domain: new URL(at).hostname, path: '/' })),
      );
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (repeat) {
      // A visit after the first: the page once, unmeasured, until its service worker controls it and
      // holds the app's code; the measured load then comes through that worker, as every later one does.
      await page.goto(url, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, { timeout: 30_000 });
      await page.goto('about:blank');
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.tracing.start({
      path: file,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        ...(process.env.PROFILE_SAMPLES ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'networkidle0' });
    const wall = Date.now() - started;
    await page.tracing.stop();
    const { traceEvents } = JSON.parse(readFileSync(file, 'utf8'));
    const main = pageMainThread(traceEvents, url);
    if (!main) throw new Error(`no navigation to ${url} in the trace`);
    const { nav, events: onMain, tasks } = main;
    const totals = {};
    for (const [category, names] of Object.entries(CATEGORIES)) {
      // Top-level occurrences only: nested events of the same category are inside their parent's time.
      const events = onMain.filter((e) => names.includes(e.name));
      events.sort((a, b) => a.ts - b.ts);
      let end = 0;
      let sum = 0;
      for (const e of events) {
        if (e.ts >= end) {
          sum += e.dur;
          end = e.ts + e.dur;
        } else if (e.ts + e.dur > end) {
          sum += e.ts + e.dur - end;
          end = e.ts + e.dur;
        }
      }
      totals[category] = Math.round(sum / 1000);
    }
    const { wallMs: busy, cpuMs: busyCpu } = taskTimes(tasks);
    const long = tasks
      .filter((t) => t.dur > 50_000)
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 8)
      .map((t) => Math.round(t.dur / 1000));
    // Total blocking time as a person would feel it at this slowdown: each task that starts after
    // the first contentful paint, its time past 50 ms (Lighthouse's TBT, but of the tasks that really
    // ran slowed down rather than of its simulation, which keeps only tasks of 50 ms or more at 1x).
    const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid);
    const blockingAfterFcpMs = fcp
      ? Math.round(tasks.filter((t) => t.ts >= fcp.ts && t.dur > 50_000).reduce((s, t) => s + t.dur / 1000 - 50, 0))
      : null;
    // The largest contentful paint: the last candidate the page's renderer reported, from the navigation.
    const lcp = traceEvents.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === nav.pid).at(-1);
    const marks = await page.evaluate(() => {
      const paint = Object.fromEntries(
        performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]),
      );
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        ...paint,
        domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
        load: Math.round(nav.loadEventEnd),
      };
    });
    return {
      url,
      benchmarkIndex,
      cpuSlowdown: rate,
      calibratedSlowdown: wanted,
      wallMs: wall,
      mainThreadBusyMs: busy,
      mainThreadCpuMs: busyCpu,
      blockingAfterFcpMs,
      longTasksMs: long,
      byCategoryMs: totals,
      marksMs: { ...marks, 'largest-contentful-paint': lcp ? Math.round((lcp.ts - nav.ts) / 1000) : null },
      trace: file,
    };
  } finally {
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) throw new Error('usage: [PROFILE_CPU=4|1|mid|low] node bench/profile-start.mjs <url> [url…]');
  const cpuSlowdown = process.env.PROFILE_CPU ?? 4;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    for (const [n, url] of urls.entries()) {
      console.log(
        JSON.stringify(
          await profileStart(browser, url, { cpuSlowdown, traceFile: `bench-results/trace-${n}.json` }),
          null,
          2,
        ),
      );
    }
  } finally {
    await browser.close();
  }
}

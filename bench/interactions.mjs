/* global document, requestAnimationFrame, window -- the measured code runs in the browser page */
// npm run bench -- interactions [--origin URL] [--runs 5] [--only TEXT] [--port 8796]
// How long a tap takes to show its answer on a phone (INP-style, docs/decisions/0023): each named interaction
// below is loaded --runs times (a new browser context each, so a first visit every time) at 360x740
// with touch under a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), its steps are taken by
// role and name once the app has been started (a tap on the page's heading: a page only read does not
// start it) and the page has hydrated, and the tap of its measured step is timed from the
// input to the next paint: the Event Timing API's duration (PerformanceObserver 'event',
// durationThreshold 16), the largest of that tap's entries (pointerdown, pointerup, click), which is
// what INP reports for an interaction. Unlike a requestAnimationFrame after the tap, it starts at the
// input's own time stamp (so the wait for a busy main thread counts) and ends at the frame really
// presented. Under 16 ms the browser reports no entry; such a tap counts as 16 ms (an upper bound).
// Without --origin it serves the app itself, as the end-to-end tests do (scripts/e2e-server.mjs).
import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';
import { measureBenchmarkIndex } from './calibrate.mjs';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { e2eOrigin } from './e2e-origin.mjs';

export const INTERACTION_SLOWDOWN = 4;
export const INTERACTION_BUDGET_MS = 200;
const THRESHOLD_MS = 16;

/**
 * The interactions measured. `path` is the page (given the id of an agent with reviews), `steps` are
 * taken in order: `tap` a control, or `select` an option (`index` of a <select>'s options) in a
 * field found by its label; `within` scopes a step to a dialog or region by role and name. The step
 * with `measure` is timed; `done` is what a person sees once it has worked (checked every run, so a
 * tap on the wrong thing is an error, not a fast figure). `requires`: skipped, with a note, on a page
 * without that control (a feature still to land).
 */
export const INTERACTIONS = [
  {
    name: 'open the mobile menu',
    path: () => '/',
    steps: [{ tap: { role: 'button', name: 'Open menu' }, measure: true }],
    done: { role: 'button', name: 'Close menu', state: 'visible' },
  },
  {
    name: "switch the agent page's tab (Features)",
    path: ({ agentId }) => `/agents/${agentId}`,
    steps: [{ tap: { role: 'tab', name: 'Features' }, measure: true }],
    done: { role: 'tab', name: 'Features', state: 'selected' },
  },
  {
    name: "switch the agent page's tab (Reviews)",
    path: ({ agentId }) => `/agents/${agentId}`,
    steps: [{ tap: { role: 'tab', name: /^Reviews/ }, measure: true }],
    done: { role: 'tab', name: /^Reviews/, state: 'selected' },
  },
  // The filter sheet of /agents on a phone: a button named 'Filters…' opens a dialog 'Filters' with a
  // 'Department' select and a 'Show…' button that applies the choice.
  {
    name: 'open the filter sheet',
    path: () => '/agents',
    requires: { role: 'button', name: /^Filters/ },
    steps: [{ tap: { role: 'button', name: /^Filters/ }, measure: true }],
    done: { role: 'dialog', name: 'Filters', state: 'visible' },
  },
  // The same tap on a page read so far: the app has not started (docs/decisions/0031), so the tap is
  // held, starts it, and is answered once the page is hydrated. Timed from the tap to the sheet on
  // screen (not to the next paint: the held tap itself paints at once).
  {
    name: 'open the filter sheet, as the first tap (app not started)',
    path: () => '/agents',
    beforeApp: true,
    requires: { role: 'button', name: /^Filters/ },
    steps: [{ tap: { role: 'button', name: /^Filters/ }, measure: true }],
    done: { role: 'dialog', name: 'Filters', state: 'visible' },
  },
  {
    name: 'apply a filter',
    path: () => '/agents',
    requires: { role: 'button', name: /^Filters/ },
    steps: [
      { tap: { role: 'button', name: /^Filters/ } },
      { select: { label: 'Department', index: 1 }, within: { role: 'dialog', name: 'Filters' } },
      { tap: { role: 'button', name: /^Show/ }, within: { role: 'dialog', name: 'Filters' }, measure: true },
    ],
    done: { role: 'dialog', name: 'Filters', state: 'hidden' },
  },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const byRole = (scope, { role, name }) => scope.getByRole(role, { name, exact: typeof name === 'string' });
const scopeOf = (page, step) => (step.within ? byRole(page, step.within) : page);

/**
 * Every part of the page is hydrated (app/lib/hydration.ts: the navbar, the page, the footer, each
 * its own Suspense boundary) and the control about to be tapped is React's: until then the entry
 * script holds a tap back and replays it later (app/lib/early-clicks.ts), which would time the hold.
 * React marks each element it has hydrated with its fiber, the control with its props. Then the
 * main thread is left to finish the start (no long task for half a second), so the tap is timed on
 * its own.
 */
async function waitUntilHydrated(page, control) {
  await control.waitFor({ state: 'visible' });
  await page.waitForFunction(
    () =>
      ['#root header', '#root main > *', '#root footer'].every((selector) => {
        const element = document.querySelector(selector);
        return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
      }),
    null,
    { timeout: 60_000 },
  );
  await page.waitForFunction(
    (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')),
    await control.elementHandle(),
    { timeout: 60_000 },
  );
  await settle(page);
}

/**
 * Starts the app as a reader about to use the page does (docs/decisions/0031): a tap on the page's
 * heading, which is no link. A page only read never starts it, so a tap timed on a started app is
 * timed once this is over.
 */
async function startApp(page) {
  await page.getByRole('heading', { level: 1 }).first().tap();
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached', timeout: 60_000 });
}

/** Resolves once the main thread has had no long task for half a second. */
const settle = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        let quietSince = performance.now();
        new PerformanceObserver(() => (quietSince = performance.now())).observe({ type: 'longtask' });
        const check = () => (performance.now() - quietSince >= 500 ? resolve() : setTimeout(check, 100));
        check();
      }),
  );

/** Starts collecting Event Timing entries of taps from now on. */
const observeEvents = (page) =>
  page.evaluate((threshold) => {
    const entries = [];
    window.__benchEvents = entries;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId)
          entries.push({
            name: e.name,
            interactionId: e.interactionId,
            startTime: e.startTime,
            duration: e.duration,
            processingStart: e.processingStart,
            processingEnd: e.processingEnd,
          });
      }
    }).observe({ type: 'event', durationThreshold: threshold });
  }, THRESHOLD_MS);

/** The tap's figure: its entries' largest duration, with where that time went. */
async function tapTiming(page) {
  // Entries are delivered after the frame they end with: give the observer a few frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))),
  );
  const entries = await page.evaluate(() => window.__benchEvents);
  if (entries.length === 0) return { ms: THRESHOLD_MS, under: true, entries: 0 };
  const id = entries[0].interactionId;
  const mine = entries.filter((e) => e.interactionId === id);
  const worst = mine.reduce((a, b) => (b.duration > a.duration ? b : a));
  return {
    ms: Math.round(worst.duration),
    under: false,
    event: worst.name,
    inputDelayMs: Math.round(worst.processingStart - worst.startTime),
    processingMs: Math.round(worst.processingEnd - worst.processingStart),
    presentationMs: Math.round(worst.startTime + worst.duration - worst.processingEnd),
    entries: mine.length,
  };
}

async function doneState(page, { role, name, state }) {
  const target = byRole(page, { role, name });
  if (state === 'selected') await target.and(page.locator('[aria-selected="true"]')).waitFor({ state: 'visible' });
  else await target.waitFor({ state });
}

/** One load of an interaction's page and its steps; null when its required control is missing. */
async function measureOnce(browser, origin, interaction, context) {
  const browserContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await browserContext.newPage();
    // The machine's speed just before this run, unthrottled (a 4x slowdown of a slow moment is a
    // slower phone than 4x of a fast one: the figure says which it was).
    const benchmarkIndex = await measureBenchmarkIndex(page);
    const cdp = await browserContext.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: INTERACTION_SLOWDOWN });
    await page.goto(origin + interaction.path(context), { waitUntil: 'load' });
    const first = interaction.steps[0];
    const firstControl = byRole(scopeOf(page, first), first.tap ?? first.select);
    if (interaction.requires) {
      // Once the page has its content, a control the page does not have yet is simply absent.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if ((await byRole(page, interaction.requires).count()) === 0) return null;
    }
    if (interaction.beforeApp) {
      await firstControl.waitFor({ state: 'visible' });
      await settle(page);
      if (await page.evaluate(() => document.documentElement.dataset.app === 'running'))
        throw new Error(`${interaction.name}: the app started before the tap`);
    } else {
      await startApp(page);
      await waitUntilHydrated(page, firstControl);
    }
    let timing = null;
    let tappedAt = 0;
    for (const step of interaction.steps) {
      const scope = scopeOf(page, step);
      if (step.measure) {
        // Scrolled to first, as a person would, and whatever that starts (pictures coming into view)
        // over; then a bare touch at the control's centre, without the checks Playwright's tap() runs
        // in the page at that moment (its hit-target listener would be timed with the tap).
        const control = byRole(scope, step.tap);
        await control.scrollIntoViewIfNeeded();
        await settle(page);
        const box = await control.boundingBox();
        await observeEvents(page);
        tappedAt = performance.now();
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      } else if (step.tap) await byRole(scope, step.tap).tap();
      else await scope.getByLabel(step.select.label).selectOption({ index: step.select.index });
      if (step.measure) {
        await doneState(page, interaction.done);
        // Before the app, the figure is the wait for the answer, measured from here (an upper bound by
        // the round trip of the check); after it, the tap to its next paint, as INP counts it.
        const answeredMs = Math.round(performance.now() - tappedAt);
        timing = interaction.beforeApp
          ? { ms: answeredMs, under: false, event: 'tap to answer', entries: 0, benchmarkIndex }
          : { ...(await tapTiming(page)), benchmarkIndex };
      } else {
        // The step's own work is over before the next one is timed.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      }
    }
    return timing;
  } finally {
    await browserContext.close();
  }
}

/** Measures every interaction (or those whose name contains `only`); returns every run and the medians. */
export async function runInteractions({ origin, agentId, runs = 5, only, log = console.log }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const runRows = [];
  const results = [];
  try {
    for (const interaction of INTERACTIONS.filter((i) => !only || i.name.includes(only))) {
      const times = [];
      let skipped = null;
      for (let run = 1; run <= runs; run++) {
        const timing = await measureOnce(browser, origin, interaction, { agentId });
        if (timing === null) {
          skipped = `not on ${interaction.path({ agentId })} yet (no ${interaction.requires.role} named ${interaction.requires.name})`;
          log(`interaction '${interaction.name}' skipped: ${skipped}`);
          break;
        }
        times.push(timing.ms);
        const row = {
          interaction: interaction.name,
          run,
          'tap to paint ms': timing.under ? `< ${THRESHOLD_MS}` : timing.ms,
          event: timing.event ?? '',
          'input delay ms': timing.inputDelayMs ?? '',
          'processing ms': timing.processingMs ?? '',
          'presentation ms': timing.presentationMs ?? '',
          benchmarkIndex: timing.benchmarkIndex,
        };
        runRows.push(row);
        log('interaction run', JSON.stringify(row));
      }
      const indexes = runRows.filter((r) => r.interaction === interaction.name).map((r) => r.benchmarkIndex);
      const result = {
        interaction: interaction.name,
        path: interaction.path({ agentId }),
        'median ms': times.length ? median(times) : null,
        runs: times.join(', '),
        benchmarkIndex: indexes.length ? median(indexes) : null,
        skipped,
        beforeApp: interaction.beforeApp === true,
      };
      results.push(result);
      if (!skipped) log('interaction', JSON.stringify(result));
    }
  } finally {
    await browser.close();
  }
  return { runs: runRows, results };
}

/** `npm run bench -- interactions [options]`: serves the app unless given --origin, measures, prints. */
export async function main(args) {
  const { values: opts } = parseArgs({
    args,
    options: {
      origin: { type: 'string' },
      runs: { type: 'string', default: '5' },
      only: { type: 'string' },
      port: { type: 'string', default: '8796' },
    },
  });
  const log = (...args) => console.log('[bench interactions]', ...args);
  const origin = await e2eOrigin(opts);
  const [agent] = await (await fetch(`${origin}/api/agents?limit=1&sort=reviews`)).json();
  const { results } = await runInteractions({
    origin,
    agentId: agent.id,
    runs: Number(opts.runs),
    only: opts.only,
    log,
  });
  for (const r of results) {
    const verdict = r.beforeApp
      ? '(no budget)'
      : `${r['median ms'] <= INTERACTION_BUDGET_MS ? 'holds' : 'MISSES'} the budget of ${INTERACTION_BUDGET_MS} ms`;
    log(
      r.skipped
        ? `${r.interaction}: skipped, ${r.skipped}`
        : `${r.interaction}: median ${r['median ms']} ms (runs ${r.runs}; benchmarkIndex ${r.benchmarkIndex}) ${verdict}`,
    );
  }
}

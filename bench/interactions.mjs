/* global document, requestAnimationFrame, window, addEventListener, ResizeObserver -- the measured code runs in the browser page */
// npm run bench -- interactions [--origin URL] [--runs 5] [--only TEXT[|TEXT…]] [--tiers mid,low] [--port 8796]
// How long a tap takes to show its answer on a phone (docs/decisions/0023, 0044). Each control below is
// tapped on a page loaded --runs times (a new browser context each, so a first visit every time) at
// 360x740 with touch, the CPU slowed down to a calibrated phone (bench/calibrate.mjs: the machine's
// benchmarkIndex measured unthrottled just before each load, divided by the tier's score; mid and
// low), in two ways:
// - **first tap**: the first input on a cold page, before the app has started (pages made for
//   reading start it only on intent, docs/decisions/0031), once the page has loaded and settled;
// - **started**: the same tap once the app runs (started as a reader's first press would: a tap on
//   the page's heading) and the page has hydrated.
// The figure is from the tap's input (the pointerdown's time stamp) until its answer is on screen:
// the later of the Event Timing API's duration of the tap (input to the next frame presented, the
// largest of its pointerdown, pointerup and click entries, as INP takes it; under 16 ms the browser
// reports none) and the start of the frame in which the control's answer (`done`: the sheet open,
// the tab selected, aria-pressed flipped, 'Starting…' said) was first seen by a requestAnimationFrame
// loop in the page, at the frame's start or once that frame is laid out (an answer that comes after
// the tap's own frame: a popover's focus, the app, a frame callback of the page's). A control whose
// tap only the app can complete (Write a Review, Try Agent) has a second figure, `until the app`
// (its `then`), with no budget.
// Without --origin it serves the app itself, as the end-to-end tests do (scripts/e2e-server.mjs).
import { chromium } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { measureBenchmarkIndex, multiplierFor, TIERS } from './calibrate.mjs';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { e2eOrigin } from './e2e-origin.mjs';

/** A tap once the app runs: INP's "good" bound (docs/decisions/0023). */
export const INTERACTION_BUDGET_MS = 200;
/** The first tap on a cold page, before the app (docs/decisions/0044). */
export const FIRST_TAP_BUDGET_MS = 100;
const THRESHOLD_MS = 16;
const TIER_NAMES = Object.keys(TIERS);

/**
 * The controls measured. `path` is the page (given the id of an agent with reviews); `tap` the control,
 * by role and name (the first visible one); `done` what shows its answer, checked in the page each
 * frame: `selector` (a visible element matching it, with `text` in it if given) or `tapped` (an
 * attribute of the tapped control itself: its aria-pressed, aria-busy). `then`: what the app shows
 * once it has completed a tap it had to start for. `signedIn`: as a new account (Try Agent).
 * `startedOnly`: measured once started only (a step inside the app). `requires`: skipped, with a
 * note, on a page without that control. `reference`: the browser's own floor, a bare page the bench
 * serves itself (FLOOR_PAGE), measured as a first tap only; the controls' ratios are to it.
 */
export const INTERACTIONS = [
  {
    name: "the browser's floor (a bare page's popover menu)",
    path: () => FLOOR_PATH,
    reference: true,
    tap: { role: 'button', name: 'Open menu' },
    done: { selector: '#floor-menu:popover-open' },
  },
  {
    name: 'the menu',
    path: () => '/',
    tap: { role: 'button', name: 'Open menu' },
    done: { selector: '#mobile-menu:popover-open' },
  },
  {
    name: "the header's search",
    path: () => '/',
    tap: { role: 'button', name: 'Open search' },
    done: { selector: '#site-search:popover-open' },
  },
  {
    name: 'the filter sheet',
    path: () => '/agents',
    tap: { role: 'button', name: /^Filters/ },
    // The first opening is on screen as a popover before it is made modal (app/lib/first-modal.ts).
    done: { selector: 'dialog[open], dialog:popover-open' },
  },
  {
    name: 'the list/grid switch (List view)',
    path: () => '/agents',
    tap: { role: 'button', name: 'List view' },
    done: { tapped: ['aria-pressed', 'true'] },
  },
  {
    name: "an agent's tab (Reviews)",
    path: ({ agentId }) => `/agents/${agentId}`,
    tap: { role: 'tab', name: /^Reviews/ },
    done: { selector: '[role="tabpanel"][id$="-panel-reviews"]:not([hidden])' },
  },
  {
    name: 'Save on a card',
    path: () => '/agents',
    tap: { role: 'button', name: 'Save', within: { role: 'list', name: 'Agent results' } },
    done: { tapped: ['aria-pressed', 'true'] },
  },
  {
    name: "Save on an agent's page",
    path: ({ agentId }) => `/agents/${agentId}`,
    tap: { role: 'button', name: 'Save', exact: true },
    done: { tapped: ['aria-pressed', 'true'] },
  },
  {
    name: 'Share',
    path: ({ agentId }) => `/agents/${agentId}`,
    tap: { role: 'button', name: 'Share' },
    done: { selector: '[role="status"], [role="region"] li', text: 'Link copied' },
  },
  {
    name: 'Write a Review',
    path: ({ agentId }) => `/agents/${agentId}#reviews`,
    tap: { role: 'button', name: 'Write a Review' },
    done: { tapped: ['aria-busy', 'true'], or: ['aria-expanded', 'true'] },
    then: { tapped: ['aria-expanded', 'true'] },
  },
  {
    name: 'Try Agent (signed in)',
    path: ({ agentId }) => `/agents/${agentId}`,
    signedIn: true,
    tap: { role: 'button', name: /^Try Agent/ },
    done: { tapped: ['aria-busy', 'true'] },
    then: { selector: '[aria-live="polite"] p', text: 'Credits deducted' },
  },
  // Inside the app: a choice in the open sheet, then 'Show N results' closes it on the list.
  {
    name: 'apply a filter (Show results)',
    path: () => '/agents',
    startedOnly: true,
    before: [
      { tap: { role: 'button', name: /^Filters/ } },
      { select: { label: 'Department', index: 1 }, within: { role: 'dialog', name: 'Filters' } },
    ],
    tap: { role: 'button', name: /^Show/, within: { role: 'dialog', name: 'Filters' } },
    done: { selector: 'dialog[open], dialog:popover-open', absent: true },
  },
];

/**
 * The reference: a page with no style sheet and no script, its heading and a button opening a popover
 * of 15 links, as the site's menu is. What a tap costs there is the browser's own work at that tier
 * (touch to click, style, layout, paint, commit): no control can answer faster on that phone.
 */
const FLOOR_PATH = '/__bench/floor';
const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head>
<body><h1>The browser's floor</h1><button type="button" popovertarget="floor-menu" style="min-width:44px;min-height:44px">Open menu</button>
<nav id="floor-menu" popover aria-label="Menu">${Array.from({ length: 15 }, (_, i) => `<a href="#${i}">Link ${i + 1}</a>`).join(' ')}</nav></body></html>`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const byRole = (scope, { role, name, exact }) =>
  scope.getByRole(role, { name, exact: exact ?? typeof name === 'string' });
const locate = (page, control) => byRole(control.within ? byRole(page, control.within) : page, control).first();

/** Starts the app as a reader about to use the page does (docs/decisions/0031): a tap on the page's heading, which is no link. */
async function startApp(page) {
  await page.getByRole('heading', { level: 1 }).first().tap();
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached', timeout: 90_000 });
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

/**
 * In the page, before the tap: the tap's Event Timing entries and the frame its answer (and, for a
 * control the app completes, the app's answer) is first on screen, each reported through
 * `window.benchReport` as it happens (a tap that opens another page still reports what it saw).
 */
const watchTap = (page, { done, then }, point) =>
  page.evaluate(
    ({ done, then, point, threshold }) => {
      const tapped = document.elementFromPoint(point.x, point.y)?.closest('button, a, [role="tab"]') ?? null;
      const holds = (want) => {
        if (!want) return false;
        if (want.tapped) {
          const [name, value] = want.tapped;
          if (tapped?.getAttribute(name) === value) return true;
          return want.or ? tapped?.getAttribute(want.or[0]) === want.or[1] : false;
        }
        const found = [...document.querySelectorAll(want.selector)].some(
          (element) => element.checkVisibility() && (!want.text || element.textContent.includes(want.text)),
        );
        return want.absent ? !found : found;
      };
      let start = null;
      addEventListener('pointerdown', (event) => (start ??= event.timeStamp), { capture: true, once: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          if (e.interactionId)
            window.benchReport({
              kind: 'event',
              name: e.name,
              interactionId: e.interactionId,
              startTime: e.startTime,
              duration: e.duration,
              processingStart: e.processingStart,
              processingEnd: e.processingEnd,
            });
      }).observe({ type: 'event', durationThreshold: threshold });
      const wanted = [
        ['done', done],
        ['then', then],
      ].filter(([, want]) => want);
      let frameAt = null;
      const check = () => {
        for (const entry of [...wanted]) {
          if (!holds(entry[1])) continue;
          wanted.splice(wanted.indexOf(entry), 1);
          // On screen with the frame this loop's callback began (its style, layout and paint follow
          // at once; the Event Timing duration covers them for an answer in the tap's own frame).
          window.benchReport({
            kind: entry[0],
            ms: frameAt - start,
            appRunning: document.documentElement.dataset.app === 'running',
          });
        }
      };
      // Checked again once the frame is laid out, before it is painted (a ResizeObserver's first
      // delivery after observe()): an answer made by a frame callback that runs after this loop's
      // (the page's own requestAnimationFrame) is on screen with this frame, not the next.
      const laidOut = new ResizeObserver(() => frameAt !== null && wanted.length > 0 && check());
      const loop = () => {
        if (start !== null) {
          frameAt = performance.now();
          check();
        }
        if (wanted.length > 0) {
          requestAnimationFrame(loop);
          laidOut.unobserve(document.documentElement);
          laidOut.observe(document.documentElement);
        } else laidOut.disconnect();
      };
      requestAnimationFrame(loop);
      return tapped !== null;
    },
    { done, then, point, threshold: THRESHOLD_MS },
  );

/** A new account, signed in, in this browser context (Try Agent): its own address, so no sign-up limit is met. */
async function signIn(context, origin, run) {
  const name = `benchtap${Date.now()}${run}`;
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: origin,
      'CF-Connecting-IP': `198.51.100.${1 + Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'bench-password' }),
  });
  if (!res.ok) throw new Error(`could not register on ${origin}: ${res.status} ${await res.text()}`);
  await context.addCookies(
    res.headers.getSetCookie().map((cookie) => {
      const [key, ...value] = cookie.split(';')[0].split('=');
      return { name: key, value: value.join('='), url: origin };
    }),
  );
}

/** One load of a control's page, at one tier, its tap first (before the app) or once started; null when the control is missing. */
async function measureOnce(browser, origin, interaction, { context: pageContext, tier, started, run }) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    if (interaction.signedIn) await signIn(context, origin, run);
    const reports = [];
    let reported = () => undefined;
    await context.exposeFunction('benchReport', (report) => {
      reports.push(report);
      reported();
    });
    if (interaction.reference)
      await context.route(origin + FLOOR_PATH, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: FLOOR_PAGE }),
      );
    const page = await context.newPage();
    // The machine's speed just before this load, unthrottled: the slowdown that makes it the tier's phone.
    const benchmarkIndex = await measureBenchmarkIndex(page);
    const calibrated = multiplierFor(benchmarkIndex, tier);
    const cpu = Math.max(1, calibrated);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(origin + interaction.path(pageContext), { waitUntil: 'load', timeout: 120_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    if (started) await startApp(page);
    for (const step of interaction.before ?? []) {
      if (step.tap) await locate(page, { ...step.tap, within: step.within ?? step.tap.within }).tap();
      else
        await (step.within ? byRole(page, step.within) : page)
          .getByLabel(step.select.label)
          .selectOption({ index: step.select.index });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    const control = locate(page, interaction.tap);
    if ((await control.count()) === 0) return null;
    await control.waitFor({ state: 'visible', timeout: 60_000 });
    // Scrolled to first, as a person would (a programmatic scroll, no input), then the page left to
    // finish what that started; then a bare touch at the control's centre, without the checks
    // Playwright's tap() runs in the page at that moment.
    await control.scrollIntoViewIfNeeded();
    if (started)
      await page.waitForFunction(
        (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')),
        await control.elementHandle(),
        { timeout: 90_000 },
      );
    await settle(page);
    const appBefore = await page.evaluate(() => document.documentElement.dataset.app === 'running');
    const box = await control.boundingBox();
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await watchTap(page, interaction, point);
    const answered = new Promise((resolve) => {
      reported = () => {
        const want = interaction.then ? ['done', 'then'] : ['done'];
        if (want.every((kind) => reports.some((r) => r.kind === kind))) resolve();
      };
    });
    await page.touchscreen.tap(point.x, point.y);
    await Promise.race([
      answered,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${interaction.name}: no answer within 60 s`)), 60_000),
      ),
    ]);
    // Event Timing entries come after the frame they end with: a few frames more (the page may be gone).
    await page
      .evaluate(
        () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
      )
      .catch(() => undefined);
    const events = reports.filter((r) => r.kind === 'event');
    const mine = events.length ? events.filter((e) => e.interactionId === events[0].interactionId) : [];
    const worst = mine.length ? mine.reduce((a, b) => (b.duration > a.duration ? b : a)) : null;
    const done = reports.find((r) => r.kind === 'done');
    const then = reports.find((r) => r.kind === 'then');
    const ms = Math.round(Math.max(worst?.duration ?? THRESHOLD_MS, done.ms));
    return {
      ms,
      thenMs: then ? Math.round(then.ms) : null,
      event: worst?.name ?? `< ${THRESHOLD_MS}`,
      inputDelayMs: worst ? Math.round(worst.processingStart - worst.startTime) : '',
      processingMs: worst ? Math.round(worst.processingEnd - worst.processingStart) : '',
      answerFrameMs: Math.round(done.ms),
      appBefore,
      benchmarkIndex,
      cpu: cpu === calibrated ? cpu : `${cpu} (${calibrated} wanted)`,
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures every control (or those whose name contains `only`, or one of its '|'-separated parts,
 * and the floor they are compared to)
 * at each tier, first tap and once started; returns every run and the medians.
 */
export async function runInteractions({ origin, agentId, runs = 5, only, tiers = TIER_NAMES, log = console.log }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const runRows = [];
  const results = [];
  try {
    for (const interaction of INTERACTIONS.filter(
      (i) => !only || i.reference || only.split('|').some((name) => i.name.includes(name)),
    ))
      for (const tier of tiers)
        for (const started of interaction.startedOnly ? [true] : interaction.reference ? [false] : [false, true]) {
          const when = started ? 'started' : 'first tap';
          const times = [];
          const thens = [];
          let skipped = null;
          for (let run = 1; run <= runs; run++) {
            const timing = await measureOnce(browser, origin, interaction, {
              context: { agentId },
              tier,
              started,
              run,
            });
            if (timing === null) {
              skipped = `not on ${interaction.path({ agentId })} (no ${interaction.tap.role} named ${interaction.tap.name})`;
              log(`interaction '${interaction.name}' skipped: ${skipped}`);
              break;
            }
            times.push(timing.ms);
            if (timing.thenMs !== null) thens.push(timing.thenMs);
            const row = {
              interaction: interaction.name,
              tier,
              when,
              run,
              'tap to answer ms': timing.ms,
              'answer frame ms': timing.answerFrameMs,
              'until the app ms': timing.thenMs ?? '',
              event: timing.event,
              'input delay ms': timing.inputDelayMs,
              'processing ms': timing.processingMs,
              'app running at the tap': timing.appBefore ? 'yes' : 'no',
              benchmarkIndex: timing.benchmarkIndex,
              'CPU multiplier': timing.cpu,
            };
            runRows.push(row);
            log('interaction run', JSON.stringify(row));
          }
          const mine = runRows.filter((r) => r.interaction === interaction.name && r.tier === tier && r.when === when);
          const result = {
            interaction: interaction.name,
            path: interaction.path({ agentId }),
            tier,
            when,
            'median ms': times.length ? median(times) : null,
            runs: times.join(', '),
            'until the app ms (median)': thens.length ? median(thens) : '',
            'app running at the tap': `${mine.filter((r) => r['app running at the tap'] === 'yes').length} of ${mine.length}`,
            benchmarkIndex: mine.map((r) => r.benchmarkIndex).join(', '),
            budgetMs: interaction.reference ? null : started ? INTERACTION_BUDGET_MS : FIRST_TAP_BUDGET_MS,
            skipped,
            beforeApp: !started,
          };
          results.push(result);
          if (!skipped) log('interaction', JSON.stringify(result));
        }
  } finally {
    await browser.close();
  }
  // Each first tap beside the floor measured at its tier in this run.
  for (const result of results) {
    const floor = results.find((r) => r.budgetMs === null && r.tier === result.tier)?.['median ms'];
    result['x the floor'] =
      result.when === 'first tap' && result.budgetMs !== null && floor && result['median ms'] !== null
        ? Math.round((result['median ms'] / floor) * 100) / 100
        : '';
  }
  return { runs: runRows, results };
}

/** Whether a result holds its budget (its median). */
export const holdsBudget = (result) =>
  result.budgetMs !== null && result['median ms'] !== null && result['median ms'] <= result.budgetMs;

/** Markers of docs/benchmarks.md's section of first-tap runs (kept by the full bench as it rewrites the file). */
export const FIRST_TAP_SECTION = ['<!-- first-tap section -->', '<!-- /first-tap section -->'];
const RUN_MARKERS = ['<!-- first-tap run -->', '<!-- /first-tap run -->'];
/** How many runs of `npm run bench -- interactions` docs/benchmarks.md keeps, newest first. */
const FIRST_TAP_RUNS_KEPT = 3;
const between = ([start, end]) => new RegExp(`${start}[\\s\\S]*?${end}`, 'g');

/** docs/benchmarks.md's section of first-tap runs as `text` holds it, or '' (bench/run.mjs keeps it). */
export const firstTapSection = (text) => text.match(between(FIRST_TAP_SECTION))?.[0] ?? '';

/** A markdown table of `rows` by `columns`. */
const table = (rows, columns) =>
  [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((c) => String(row[c] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');

/** This run as a block of docs/benchmarks.md: the medians against their budgets, then every run. */
function runBlock({ date, runs, results, load }) {
  const indexes = runs.map((r) => r.benchmarkIndex);
  const medians = results.map((r) => ({
    ...r,
    'median ms': r.skipped ? `skipped: ${r.skipped}` : r['median ms'],
    budget:
      r.budgetMs === null ? 'reference' : r.skipped ? '' : `${r.budgetMs} ms: ${holdsBudget(r) ? 'holds' : 'MISSES'}`,
  }));
  return `${RUN_MARKERS[0]}
### Run of ${date} (benchmarkIndex ${Math.min(...indexes)} to ${Math.max(...indexes)}; load average at the start ${load})

${table(medians, ['interaction', 'path', 'tier', 'when', 'median ms', 'budget', 'x the floor', 'runs', 'until the app ms (median)', 'app running at the tap', 'benchmarkIndex'])}

<details><summary>Every run</summary>

${table(runs, ['interaction', 'tier', 'when', 'run', 'tap to answer ms', 'answer frame ms', 'until the app ms', 'event', 'input delay ms', 'processing ms', 'app running at the tap', 'benchmarkIndex', 'CPU multiplier'])}

</details>
${RUN_MARKERS[1]}`;
}

/**
 * Writes this run into docs/benchmarks.md's first-tap section (the newest FIRST_TAP_RUNS_KEPT runs),
 * or, for a run of some controls or tiers only, into bench-results/first-taps.md.
 */
function writeRun(block, partial) {
  const out = partial ? 'bench-results/first-taps.md' : 'docs/benchmarks.md';
  const text = existsSync(out) ? readFileSync(out, 'utf8') : '';
  const earlier = [...firstTapSection(text).matchAll(between(RUN_MARKERS))].map((m) => m[0]);
  const section = `${FIRST_TAP_SECTION[0]}
## First taps (\`npm run bench -- interactions\`)

Each control of docs/decisions/0044 tapped on a phone (360x740, touch) slowed down to a calibrated
tier (the machine's benchmarkIndex, measured unthrottled before each load, over the tier's score:
mid 1,000, low 264; at least 1), on a fresh load each run: \`first tap\` is the first input on the
cold page, before the app has started; \`started\` the same tap once the app runs and the page has
hydrated. The figure is from the tap's input to the frame that shows its answer (the later of the
tap's Event Timing duration and the frame in which the answer was first seen); budget 100 ms (median)
for a first tap, 200 ms once started. \`until the app\` is when the app finished a tap only it can
complete (no budget). \`app running at the tap\` says whether the app had started anyway (a page
that needs it at once, a creator's own agent page, starts it unasked). \`x the floor\` is a first tap's median over the median, at the same
tier in the same run, of the reference: a bare page the bench serves (no style sheet, no script)
whose button opens a popover of 15 links, the browser's own cost of a tap on that phone. The newest ${FIRST_TAP_RUNS_KEPT} runs, newest first
(bench/interactions.mjs).

${[block, ...earlier.slice(0, FIRST_TAP_RUNS_KEPT - 1)].join('\n\n')}
${FIRST_TAP_SECTION[1]}`;
  let next;
  if (firstTapSection(text)) next = text.replace(between(FIRST_TAP_SECTION), () => section);
  else if (text.includes('<!-- bench run -->'))
    next = text.replace('<!-- bench run -->', () => `${section}\n\n<!-- bench run -->`);
  else next = `${text}\n${section}\n`;
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(out, next);
  return out;
}

/** `npm run bench -- interactions [options]`: serves the app unless given --origin, measures, prints, writes. */
export async function main(args) {
  const { values: opts } = parseArgs({
    args,
    options: {
      origin: { type: 'string' },
      runs: { type: 'string', default: '5' },
      only: { type: 'string' },
      tiers: { type: 'string', default: TIER_NAMES.join(',') },
      port: { type: 'string', default: '8796' },
    },
  });
  const log = (...args) => console.log('[bench interactions]', ...args);
  const origin = await e2eOrigin(opts);
  const [agent] = await (await fetch(`${origin}/api/agents?limit=1&sort=reviews`)).json();
  const tiers = opts.tiers.split(',').map((t) => t.trim());
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  const date = new Date().toISOString();
  const { runs, results } = await runInteractions({
    origin,
    agentId: agent.id,
    runs: Number(opts.runs),
    only: opts.only,
    tiers,
    log,
  });
  log(
    `${date}: medians, tap to answer (budget ${FIRST_TAP_BUDGET_MS} ms for a first tap, ${INTERACTION_BUDGET_MS} ms once started)`,
  );
  for (const r of results)
    log(
      r.skipped
        ? `${r.interaction} (${r.tier}, ${r.when}): skipped, ${r.skipped}`
        : `${r.interaction} (${TIERS[r.tier].label}, ${r.when}): median ${r['median ms']} ms (runs ${r.runs}; benchmarkIndex ${r.benchmarkIndex}; app running at the tap ${r['app running at the tap']}${r['until the app ms (median)'] !== '' ? `; until the app ${r['until the app ms (median)']} ms` : ''}${r['x the floor'] !== '' ? `; ${r['x the floor']}x the floor` : ''}) ${r.budgetMs === null ? 'reference' : `${holdsBudget(r) ? 'holds' : 'MISSES'} the budget of ${r.budgetMs} ms`}`,
    );
  const partial = Boolean(opts.only) || TIER_NAMES.some((t) => !tiers.includes(t)) || Number(opts.runs) < 5;
  log(`written to ${writeRun(runBlock({ date, runs, results, load }), partial)}`);
}

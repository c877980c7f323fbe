// npm run bench -- compare <origin A> <origin B> [--paths /,/agents] [--signed-in] [--repeat] [--runs 5] [--cpu 4]
// Two builds side by side, each already running (`npm start` with PORT, one per checkout): each path
// loaded in turn on A, then on B, run after run (alternating, so a busy minute on the machine falls
// on both), a fresh browser context per load, the CPU slowed down, at a phone's size. Prints each
// side's main-thread busy time, script evaluation, real blocking after the first paint, and its first
// and largest contentful paints
// (bench/profile-start.mjs): the median and every load, with the benchmarkIndex of the loads.
// `--signed-in` registers a new account on each origin and loads the pages as that person; it adds
// a third column, B as a visitor sees it. `--repeat` measures a later visit: each page loaded once
// before, unmeasured, until its service worker controls it. Figures for one change, not the full bench's.
import puppeteer from 'puppeteer-core';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { newAccountCookies } from './new-account.mjs';
import { profileStart } from './profile-start.mjs';

const { values: opts, positionals } = parseArgs({
  args: process.argv.slice(3),
  allowPositionals: true,
  options: {
    paths: { type: 'string', default: '/,/agents,/search?q=lead' },
    'signed-in': { type: 'boolean', default: false },
    repeat: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
  },
});
const [a, b] = positionals;
if (!a || !b)
  throw new Error(
    'usage: npm run bench -- compare <origin A> <origin B> [--paths /,/agents] [--signed-in] [--repeat] [--runs 5] [--cpu 4]',
  );

const signedIn = opts['signed-in'];
const sides = signedIn
  ? [
      { label: 'A signed in', origin: a, cookies: await newAccountCookies(a, 'compare') },
      { label: 'B signed in', origin: b, cookies: await newAccountCookies(b, 'compare') },
      { label: 'B visitor', origin: b, cookies: [] },
    ]
  : [
      { label: 'A', origin: a, cookies: [] },
      { label: 'B', origin: b, cookies: [] },
    ];
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
const results = new Map();
try {
  for (let run = 0; run < Number(opts.runs); run += 1) {
    for (const path of opts.paths.split(',')) {
      for (const side of sides) {
        const profile = await profileStart(browser, `${side.origin}${path}`, {
          cpuSlowdown: Number(opts.cpu),
          cookies: side.cookies,
          repeat: opts.repeat,
          traceFile: 'bench-results/trace-compare.json',
        });
        const key = `${path} | ${side.label}`;
        if (!results.has(key)) results.set(key, { busy: [], script: [], blocking: [], fcp: [], lcp: [], index: [] });
        const row = results.get(key);
        row.busy.push(Math.round(profile.mainThreadBusyMs));
        row.script.push(Math.round(profile.byCategoryMs['script evaluation'] ?? 0));
        row.blocking.push(Math.round(profile.blockingAfterFcpMs));
        row.fcp.push(profile.marksMs['first-contentful-paint'] ?? null);
        row.lcp.push(profile.marksMs['largest-contentful-paint'] ?? null);
        row.index.push(Math.round(profile.benchmarkIndex));
      }
    }
  }
} finally {
  await browser.close();
}
console.log(
  `A ${a}, B ${b}; ${opts.cpu}x CPU; ${opts.runs} loads each, alternating${opts.repeat ? '; later visits (service worker in control)' : '; first visits'}`,
);
for (const [key, row] of results) {
  console.log(
    `${key}: busy ${median(row.busy)} ms (${row.busy.join(', ')}); script ${median(row.script)} ms; blocking after FCP ${median(row.blocking)} ms (${row.blocking.join(', ')}); FCP ${median(row.fcp)} ms (${row.fcp.join(', ')}); LCP ${median(row.lcp)} ms (${row.lcp.join(', ')}); benchmarkIndex ${Math.min(...row.index)}-${Math.max(...row.index)}`,
  );
}

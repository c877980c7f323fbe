// npm run bench -- start-floor [--path /agents] [--runs 7] [--cpu 1] [--signed-in] [--origin URL --dist DIR]
// What any start-up costs, beside what the app's start costs now (docs/decisions/0031). Versions of
// one page, loaded in turn, run after run, in one browser:
//  - reference: the page as the server renders it with every script taken out (the bench's reference);
//  - a script: the same HTML plus one module script of zero bytes, the floor of any page with a script;
//  - a script and the worker: the same HTML plus a module script that does what a page must to be
//    kept for offline reading (decisions 0027 and 0035): once painted, it registers the app's service
//    worker, which precaches the app, and hands it the page's data to save. The floor of any
//    implementation that keeps that promise, whatever it runs besides;
//  - the page as shipped.
// (A version evaluating only react-dom/client measured the floor of anything that starts React at
// load: 1.4-1.7 times the reference. Since the entry is one file holding the helpers React's chunks
// import, they no longer load without it: decision 0031.)
// Each load's main-thread busy time and script time (bench/profile-start.mjs) and, per round, each
// version's ratio to that round's reference: the machine's speed moves from minute to minute, a
// ratio within one round much less. Each round takes the versions in another order. Prints every
// run and the medians.
// Without --origin it serves the app as the end-to-end tests do; with --origin, --dist is the folder
// that server serves its static files from (the candidates are written there). --signed-in loads
// every version as a new account signed in (the copies are of the page the person is sent).
import puppeteer from 'puppeteer-core';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { e2eOrigin } from './e2e-origin.mjs';
import { cookieHeader, newAccountCookies } from './new-account.mjs';
import { profileStart } from './profile-start.mjs';

const { values: opts } = parseArgs({
  args: process.argv.slice(3),
  options: {
    origin: { type: 'string' },
    dist: { type: 'string' },
    port: { type: 'string', default: '8797' },
    path: { type: 'string', default: '/agents' },
    runs: { type: 'string', default: '7' },
    cpu: { type: 'string', default: '1' },
    'signed-in': { type: 'boolean', default: false },
  },
});
if (opts.origin && !opts.dist)
  throw new Error('--origin needs --dist: the folder that server serves its static files from');
const origin = await e2eOrigin(opts);
const dist = opts.dist ?? `.wrangler/e2e-${opts.port}/dist`;
const assets = `${dist}/assets`;

const cookies = opts['signed-in'] ? await newAccountCookies(origin, 'floor') : [];
const html = await (
  await fetch(origin + opts.path, { headers: cookies.length ? { Cookie: cookieHeader(cookies) } : {} })
).text();
const reference = html
  .replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/g, '')
  .replace(/<link rel="modulepreload"[^>]*>/g, '')
  .replace(/<meta name="page-modules"[^>]*>/g, '');
writeFileSync(`${assets}/start-floor-reference.html`, reference);
// External scripts: the pages' Content-Security-Policy allows no inline one.
writeFileSync(`${assets}/start-floor-empty.js`, '');
writeFileSync(
  `${assets}/start-floor-script.html`,
  reference.replace('</body>', '<script type="module" src="/assets/start-floor-empty.js"></script></body>'),
);
// As app/boot.ts and app/lib/service-worker.ts do it, and no more: after the first paint, the
// worker registered and the page's JSON text handed to it (the worker answers when it has saved it).
writeFileSync(
  `${assets}/start-floor-worker.js`,
  `new PerformanceObserver((entries, observer) => {
  if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
  observer.disconnect();
  setTimeout(() => navigator.serviceWorker.register('/sw.js', { scope: '/' }).then((registration) => {
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    const text = document.getElementById('query-state')?.textContent;
    if (!worker || !text) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => channel.port1.close();
    worker.postMessage({ type: 'SAVE_SERVED', text }, [channel.port2]);
  }), 0);
}).observe({ type: 'paint', buffered: true });
`,
);
writeFileSync(
  `${assets}/start-floor-worker.html`,
  reference.replace('</body>', '<script type="module" src="/assets/start-floor-worker.js"></script></body>'),
);
const versions = [
  { name: 'reference', url: `${origin}/assets/start-floor-reference` },
  { name: 'a script', url: `${origin}/assets/start-floor-script` },
  { name: 'a script and the worker', url: `${origin}/assets/start-floor-worker` },
  { name: 'as shipped', url: origin + opts.path },
];
// The local server reloads its assets when the folder changes: wait until it serves the new files.
const copies = versions.slice(1, -1);
for (
  let i = 0;
  !(
    await Promise.all(
      copies.map((v) =>
        fetch(v.url).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    )
  ).every(Boolean);
  i++
) {
  if (i > 60) throw new Error(`the copies (${copies.map((v) => v.url).join(', ')}) are not all served`);
  await new Promise((r) => setTimeout(r, 500));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
const rounds = [];
try {
  for (let run = 1; run <= Number(opts.runs); run++) {
    const round = {};
    // Another order each round: no version is always the one that follows a given other.
    const shift = (run - 1) % versions.length;
    for (const version of [...versions.slice(shift), ...versions.slice(0, shift)]) {
      const p = await profileStart(browser, version.url, {
        cpuSlowdown: opts.cpu,
        cookies,
        traceFile: 'bench-results/trace-start-floor.json',
      });
      const scriptMs = p.byCategoryMs['script evaluation'] + p.byCategoryMs['script compile'];
      round[version.name] = { busy: p.mainThreadBusyMs, script: scriptMs, benchmarkIndex: p.benchmarkIndex };
      console.log(
        JSON.stringify({
          run,
          version: version.name,
          mainThreadMs: p.mainThreadBusyMs,
          scriptMs,
          benchmarkIndex: p.benchmarkIndex,
        }),
      );
    }
    rounds.push(round);
  }
} finally {
  await browser.close();
}
const ratio = (name) => rounds.map((r) => Math.round((r[name].busy / r.reference.busy) * 100) / 100);
for (const version of versions) {
  const of = rounds.map((r) => r[version.name]);
  console.log(
    `${version.name.padEnd(24)} main thread median ${median(of.map((x) => x.busy))} ms, script ${median(of.map((x) => x.script))} ms` +
      (version.name === 'reference'
        ? ''
        : `; ratio to the reference: median ${median(ratio(version.name))} (rounds ${ratio(version.name).join(', ')})`) +
      `; benchmarkIndex median ${median(of.map((x) => x.benchmarkIndex))} (${of.map((x) => x.benchmarkIndex).join(', ')})`,
  );
}
process.exit(0);

// npm run bench -- work-pairs <origin> <path> [--runs 6] [--dist dist]
// One page of any running build (this checkout's `npm start`, or an older commit's in a worktree)
// against its own HTML without scripts, in Lighthouse pairs as the full bench takes them (default
// settings, the copy first in every other pair): each pair's main-thread work as Lighthouse counts it
// (each task from its start to its end) and as the time the main thread ran on a CPU, then the
// median, mean and coefficient of variation of each, and of the pairs' ratios. The copy is written
// into that build's `--dist` folder, which its server serves as a static file. For before/after
// figures of the start-up work (docs/decisions/0031); the full bench is what docs/benchmarks.md reports.
import * as chromeLauncher from 'chrome-launcher';
import { rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { median } from './api-latency.mjs';
import { lighthouseTiers, loadedTooSlowly } from './calibrate.mjs';
import { CHROMIUM_FLAGS } from './chromium.mjs';
import { lighthouseCpuMs } from './trace-tasks.mjs';
import { withoutScripts } from './without-scripts.mjs';

const { values: opts, positionals } = parseArgs({
  args: process.argv.slice(3),
  allowPositionals: true,
  options: { runs: { type: 'string', default: '6' }, dist: { type: 'string', default: 'dist' } },
});
const [origin, path] = positionals;
if (!origin || !path) throw new Error('usage: npm run bench -- work-pairs <origin> <path> [--runs 6] [--dist dist]');

const file = `bench-work-pairs-${process.pid}.html`;
const served = await fetch(new URL(path, origin));
if (!served.ok) throw new Error(`${path}: ${served.status}`);
writeFileSync(`${opts.dist}/assets/${file}`, withoutScripts(await served.text()));
const copyPath = `/assets/${file.replace(/\.html$/, '')}`;
// The server picks up a file added to its assets (wrangler watches them); wait until it answers.
for (let tries = 0; (await fetch(new URL(copyPath, origin))).status !== 200; tries++) {
  if (tries > 50) throw new Error(`${copyPath} is not served: is ${opts.dist} the folder ${origin} serves?`);
  await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * One Lighthouse load: its main-thread work as Lighthouse counts it, and as CPU time. A load that did
 * not finish (or whose trace has no CPU time for the page) is run again, twice at most, as the full
 * bench does.
 */
async function load(port, url) {
  for (let attempt = 0; ; attempt++) {
    const [load] = await lighthouseTiers(url, { port, tiers: ['default'], categories: ['performance'] });
    const { lhr } = load;
    const cpuMs = lighthouseCpuMs(load);
    const slow = loadedTooSlowly(lhr);
    if (cpuMs && !slow)
      return {
        lighthouseMs: Math.round(lhr.audits['mainthread-work-breakdown'].numericValue),
        cpuMs,
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
    const why = lhr.runtimeError?.code ?? (slow ? 'loaded too slowly' : 'no CPU time for the page in the trace');
    if (attempt >= 2) throw new Error(`${url}: no figure after 3 loads (${why})`);
    console.log(`${url}: ${why}, loading it again`);
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_FLAGS,
});
const pairs = [];
try {
  // One unmeasured visit first, as the full bench does.
  await load(chrome.port, new URL(path, origin).href);
  for (let i = 0; i < Number(opts.runs); i++) {
    const order = i % 2 === 1 ? ['copy', 'page'] : ['page', 'copy'];
    const pair = {};
    for (const which of order)
      pair[which] = await load(chrome.port, new URL(which === 'page' ? path : copyPath, origin).href);
    pair.lighthouseRatio = Math.round((pair.page.lighthouseMs / pair.copy.lighthouseMs) * 100) / 100;
    pair.cpuRatio = Math.round((pair.page.cpuMs / pair.copy.cpuMs) * 100) / 100;
    pairs.push(pair);
    console.log(JSON.stringify({ pair: i + 1, ...pair }));
  }
} finally {
  chrome.kill();
  rmSync(`${opts.dist}/assets/${file}`, { force: true });
}

const summary = (values) => {
  const mean = values.reduce((sum, x) => sum + x, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return `median ${median(values)}, mean ${mean.toFixed(2)}, CV ${(sd / mean).toFixed(2)}: ${[...values].sort((a, b) => a - b).join(', ')}`;
};
console.log(`${origin}${path}, ${pairs.length} pairs`);
for (const which of ['page', 'copy']) {
  console.log(`${which} main thread, Lighthouse ms: ${summary(pairs.map((p) => p[which].lighthouseMs))}`);
  console.log(`${which} main thread, CPU ms:        ${summary(pairs.map((p) => p[which].cpuMs))}`);
}
console.log(`ratio, Lighthouse: ${summary(pairs.map((p) => p.lighthouseRatio))}`);
console.log(`ratio, CPU:        ${summary(pairs.map((p) => p.cpuRatio))}`);

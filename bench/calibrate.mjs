// The same phone on any machine (docs/decisions/0031). Lighthouse's default mobile settings slow the CPU by a
// fixed 4x whatever the machine, so the phone they stand for changes with the machine's speed (its
// benchmarkIndex moves between about 1,450 and 2,700 here from minute to minute). Chrome DevTools'
// CPU calibration puts a mid-tier phone (a Pixel 5) at a benchmark score of 1,000 and a low-tier one
// (a Moto G Power 2022) at 264: slowing this machine by benchmarkIndex / score emulates that phone.
import lighthouse from 'lighthouse';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The phones emulated besides Lighthouse's default settings, by their benchmark score. */
export const TIERS = {
  mid: { label: 'mid-tier phone', score: 1000 },
  low: { label: 'low-tier phone', score: 264 },
};

/**
 * The CPU slowdown that makes a machine of this benchmarkIndex as fast as the tier's phone. Below 1
 * when the machine is slower than the phone (a loaded machine can be): Lighthouse's simulation then
 * speeds the trace up, which it can; a real slowdown cannot, and is 1 at least (bench/profile-start.mjs).
 */
export const multiplierFor = (benchmarkIndex, tier) => Math.round((benchmarkIndex / TIERS[tier].score) * 100) / 100;

/**
 * The machine's benchmarkIndex now, by Lighthouse's own micro-benchmark (about a second), run in a
 * Puppeteer or Playwright page that is not throttled.
 */
export const measureBenchmarkIndex = async (page) =>
  Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));

/** Whether Lighthouse says the page never finished loading in this run (a load worth running again). */
export const loadedTooSlowly = (lhr) => lhr.runWarnings?.some((warning) => /loaded too slowly/i.test(warning)) ?? false;

/**
 * One page load measured by Lighthouse for each tier asked: 'default' is Lighthouse's default mobile
 * settings (simulated 4x CPU), 'mid' and 'low' the same load simulated again with the CPU multiplier
 * calibrated from this very load's benchmarkIndex. Lighthouse's default throttling is simulated
 * (Lantern): it loads the page unthrottled and multiplies what the trace observed, so one trace
 * serves every multiplier, and the benchmarkIndex it measured just before that load is the machine's
 * speed for exactly that trace. It gathers once (`gatherMode`) and audits the saved artifacts once per
 * tier (`auditMode`), their settings given the tier's multiplier (Lighthouse refuses to audit with
 * settings other than the gathered ones). Calibrated tiers score performance only: the other
 * categories do not depend on the CPU. Returns [{ tier, lhr, multiplier }] in the order asked.
 */
export async function lighthouseTiers(url, { port, tiers = ['default', ...Object.keys(TIERS)], categories }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  try {
    const gathered = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      gatherMode: dir,
      auditMode: dir,
      onlyCategories: categories,
    });
    const { lhr } = gathered;
    if (lhr.runtimeError) return tiers.map((tier) => ({ tier, lhr, multiplier: null }));
    const artifactsFile = path.join(dir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8'));
    const results = [];
    for (const tier of tiers) {
      if (tier === 'default') {
        results.push({
          tier,
          lhr,
          multiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
          trace: gathered.artifacts.Trace,
        });
        continue;
      }
      const multiplier = multiplierFor(lhr.environment.benchmarkIndex, tier);
      const settings = {
        throttling: { ...artifacts.settings.throttling, cpuSlowdownMultiplier: multiplier },
        onlyCategories: ['performance'],
      };
      writeFileSync(artifactsFile, JSON.stringify({ ...artifacts, settings: { ...artifacts.settings, ...settings } }));
      const audited = (await lighthouse(url, { output: 'json', logLevel: 'error', auditMode: dir, ...settings })).lhr;
      const used = audited.configSettings.throttling.cpuSlowdownMultiplier;
      if (used !== multiplier) throw new Error(`Lighthouse simulated a CPU multiplier of ${used}, not ${multiplier}`);
      results.push({ tier, lhr: audited, multiplier, trace: gathered.artifacts.Trace });
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

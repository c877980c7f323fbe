// The same phone on any machine (issue 31). Lighthouse's default mobile settings slow the CPU by a
// fixed 4x whatever the machine, so the phone they stand for changes with the machine's speed (its
// benchmarkIndex moves between about 1,450 and 2,700 here from minute to minute). Chrome DevTools'
// CPU calibration puts a mid-tier phone (a Pixel 5) at a benchmark score of 1,000 and a low-tier one
// (a Moto G Power 2022) at 264: slowing this machine by benchmarkIndex / score emulates that phone.
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The phones emulated besides Lighthouse's default settings, by their benchmark score. */
export const TIERS = {
  mid: { label: 'mid-tier phone', score: 1000 },
  low: { label: 'low-tier phone', score: 264 },
};

/** The CPU slowdown that makes a machine of this benchmarkIndex as fast as the tier's phone (never below 1). */
export const multiplierFor = (benchmarkIndex, tier) => Math.max(1, Math.round((benchmarkIndex / TIERS[tier].score) * 100) / 100);

/**
 * The machine's benchmarkIndex now, by Lighthouse's own micro-benchmark (about a second), run in a
 * Puppeteer or Playwright page that is not throttled.
 */
export const measureBenchmarkIndex = async (page) => Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));

/**
 * One Lighthouse run. `tier` 'default' is Lighthouse's default mobile settings (simulated 4x CPU);
 * 'mid' or 'low' replaces only the CPU multiplier of that simulation with the one calibrated from
 * `benchmarkIndex` (the machine's speed measured just before). Calibrated runs score performance only:
 * the other categories do not depend on the CPU.
 */
export async function lighthouseRun(url, { port, tier = 'default', benchmarkIndex, categories }) {
  const multiplier = tier === 'default' ? null : multiplierFor(benchmarkIndex, tier);
  const flags = { port, output: 'json', logLevel: 'error' };
  if (multiplier !== null) Object.assign(flags, { throttling: { cpuSlowdownMultiplier: multiplier }, onlyCategories: ['performance'] });
  else if (categories) flags.onlyCategories = categories;
  const result = await lighthouse(url, flags);
  // Lighthouse merges flags into its default settings: the network throttling stays mobile 4G.
  const used = result.lhr.configSettings.throttling.cpuSlowdownMultiplier;
  if (multiplier !== null && used !== multiplier) throw new Error(`Lighthouse ran with a CPU multiplier of ${used}, not ${multiplier}`);
  return { ...result, multiplier: used };
}

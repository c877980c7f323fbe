#!/usr/bin/env node
// npm run test:soak -- --runs N [playwright arguments, e.g. a spec file]
// Runs the end-to-end suite N times in a row against one fresh build (the first run builds, the
// others reuse it with SKIP_BUILD=1), each on a fresh database, and prints each run's failures and
// a summary: which tests failed in how many runs. A flake shows up here, not one CI run in ten.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const playwrightCli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');

function parseArgs(argv) {
  let runs = 3;
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg.includes('=') ? arg.slice('--runs='.length) : argv[++i];
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1) {
        console.error(`--runs needs a whole number of runs, 1 or more (got ${JSON.stringify(value)}).`);
        process.exit(2);
      }
    } else {
      rest.push(arg);
    }
  }
  return { runs, rest };
}

/** Every test of a Playwright JSON report, with where it is and how it ended. */
function* testsOf(suite, rootDir, titles = []) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      const last = t.results.at(-1);
      yield {
        name: `${path.relative(process.cwd(), path.join(rootDir, spec.file))}:${spec.line} › ${[...here, spec.title].join(' › ')}`,
        status: t.status,
        error: last?.error?.message?.split('\n').find((line) => line.trim()) ?? last?.status ?? '',
      };
    }
  }
  for (const child of suite.suites ?? []) yield* testsOf(child, rootDir, here);
}

function runOnce(index, rest, reportFile, outputDir) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [playwrightCli, 'test', '--reporter=list,json', `--output=${outputDir}`, ...rest],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          CI: process.env.CI ?? 'true',
          PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
          ...(index > 0 ? { SKIP_BUILD: '1' } : {}),
        },
      },
    );
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

const { runs, rest } = parseArgs(process.argv.slice(2));
const dir = path.resolve('test-results', 'soak');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

let stopping = false;
// Ctrl-C stops the run under way (Playwright gets it too) and no further run starts.
process.on('SIGINT', () => {
  stopping = true;
});

const results = [];
const started = Date.now();
for (let i = 0; i < runs && !stopping; i++) {
  console.log(`\n=== soak run ${i + 1} of ${runs}${i > 0 ? ' (same build)' : ' (fresh build)'} ===`);
  // Each run's report and failure traces kept apart (Playwright empties its output folder at start).
  const reportFile = path.join(dir, `run-${i + 1}.json`);
  const runStarted = Date.now();
  const { code, signal } = await runOnce(i, rest, reportFile, path.join(dir, `run-${i + 1}`));
  const ms = Date.now() - runStarted;
  let tests = [];
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    tests = report.suites.flatMap((suite) => [...testsOf(suite, report.config.rootDir)]);
    for (const error of report.errors ?? [])
      tests.push({ name: '(outside any test)', status: 'unexpected', error: error.message?.split('\n')[0] ?? '' });
  } catch {
    tests.push({
      name: '(no report)',
      status: 'unexpected',
      error: `Playwright ended with ${signal ?? `exit ${code}`} and wrote no report`,
    });
  }
  const failed = tests.filter((t) => t.status === 'unexpected' || t.status === 'flaky');
  const passed = tests.filter((t) => t.status === 'expected').length;
  results.push({ run: i + 1, ms, passed, failed, code });
  console.log(`\nsoak run ${i + 1}: ${passed} passed, ${failed.length} failed in ${(ms / 60_000).toFixed(1)} min`);
  for (const t of failed) console.log(`  ✘ ${t.name}\n    ${t.error}`);
}

console.log(
  `\n=== soak summary: ${results.length} run(s) of ${runs}, ${((Date.now() - started) / 60_000).toFixed(1)} min ===`,
);
for (const r of results) {
  console.log(`  run ${r.run}: ${r.passed} passed, ${r.failed.length} failed, ${(r.ms / 60_000).toFixed(1)} min`);
}
const byTest = new Map();
for (const r of results) for (const t of r.failed) byTest.set(t.name, [...(byTest.get(t.name) ?? []), r.run]);
if (byTest.size === 0) console.log('  no test failed in any run');
for (const [name, inRuns] of byTest) console.log(`  ✘ ${name}: failed in run ${inRuns.join(', ')}`);
console.log(
  `  reports: ${path.relative(process.cwd(), dir)}/run-N.json, traces of failures: ${path.relative(process.cwd(), dir)}/run-N/`,
);
process.exit(results.length === runs && byTest.size === 0 && results.every((r) => r.code === 0) ? 0 : 1);

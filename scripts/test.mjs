#!/usr/bin/env node
// npm test: every check in order, stopping at the first that fails (with its exit code), then a
// table of how long each part took, printed whether the run passed, failed or was interrupted.
// The app and its server renderer are built once, as their own part; the API document's lint, the
// deploy check and the end-to-end server use that build (PREBUILT_DIST) instead of building again.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const PARTS = [
  ['types', 'typecheck'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
  ['worker', 'test:worker'],
  ['build', 'build:test'],
  ['local server', 'test:server'],
  ['API document', 'lint:openapi'],
  ['deploy check', 'check:deploy'],
  ['end to end', 'test:e2e'],
];

process.env.PREBUILT_DIST = '.wrangler/test-build/dist';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => (ms >= 60_000 ? ` (${(ms / 60_000).toFixed(1)} min)` : '');

/** Runs one npm script with the terminal's output; resolves with its exit code (128 + n for signal n, as a shell says). */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`Could not start npm run ${script}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

const rows = [];
const started = Date.now();
let interrupted = false;

function printTable() {
  const width = Math.max(...PARTS.map(([label]) => label.length));
  console.log('\nnpm test, time per part:');
  for (const [label] of PARTS) {
    const row = rows.find((r) => r.label === label);
    const result = !row
      ? 'not run'
      : row.code === 0
        ? `ok     ${seconds(row.ms)}${minutes(row.ms)}`
        : `FAILED ${seconds(row.ms)}${minutes(row.ms)} (exit ${row.code})`;
    console.log(`  ${label.padEnd(width)}  ${result}`);
  }
  const total = Date.now() - started;
  console.log(`  ${'total'.padEnd(width)}  ${seconds(total)}${minutes(total)}`);
}

// Ctrl-C reaches the running part too: let it stop, then still say how far the run got.
process.on('SIGINT', () => {
  interrupted = true;
});

let exitCode = 0;
for (const [label, script] of PARTS) {
  process.stdout.write(`\n> ${label}: npm run ${script}\n`);
  const partStarted = Date.now();
  const code = await run(script);
  rows.push({ label, code, ms: Date.now() - partStarted });
  if (code !== 0 || interrupted) {
    exitCode = code || 130;
    break;
  }
}
printTable();
process.exit(exitCode);

// Every document the code cites is in the repository (run by `npm run lint`): a comment points to a
// section of docs/product.md or to a decision record that exists, never to a document outside it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const TEXT = /\.(ts|tsx|mjs|js|css|sql|md|toml|html)$/;
// The folders of code and documents, and the files at the root (README.md, the tools' configuration).
const ROOTS = [
  'app',
  'worker',
  'common',
  'e2e',
  'scripts',
  'bench',
  'migrations',
  'docs',
  'eslint-fixtures',
  ...readdirSync('.').filter((f) => TEXT.test(f) && statSync(f).isFile()),
];

function* files(entry) {
  if (statSync(entry).isFile()) {
    if (TEXT.test(entry)) yield entry;
    return;
  }
  for (const name of readdirSync(entry)) yield* files(path.join(entry, name));
}
const all = ROOTS.flatMap((root) => [...files(root)]).filter(
  (f) => f !== 'docs/benchmarks.md' && f !== 'scripts/citations.test.mjs' && !f.startsWith('docs/screenshots'),
);

const slug = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ +/g, '-');
const anchors = new Set(
  readFileSync('docs/product.md', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => slug(line.slice(3))),
);
const records = readdirSync('docs/decisions').filter((f) => f.endsWith('.md'));

/** Each problem as "file:line: text". */
function problems(pattern, isBad) {
  const found = [];
  for (const file of all) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const match of line.matchAll(pattern)) if (isBad(match)) found.push(`${file}:${i + 1}: ${match[0]}`);
      });
  }
  return found;
}

test('every docs/product.md#section cited is a section of docs/product.md', () => {
  assert.deepEqual(
    problems(/docs\/product\.md#([a-z0-9-]+)/g, (m) => !anchors.has(m[1])),
    [],
  );
});

test('every decision record cited exists', () => {
  assert.deepEqual(
    problems(/docs\/decisions\/(\d{4})/g, (m) => !records.some((f) => f.startsWith(`${m[1]}-`))),
    [],
  );
});

test('nothing cites a document outside the repository (SPEC, DESIGN, an issue number)', () => {
  assert.deepEqual(
    problems(/\bSPEC\b|\bDESIGN\b|\b[Ii]ssues? \d+/g, () => true),
    [],
  );
});

test('decision records are cited by their own number (docs/decisions/0018), never by another numbering (decision 18)', () => {
  assert.deepEqual(
    problems(/\bdecisions? \d{1,3}(?!\d)/gi, () => true),
    [],
  );
});

test('decision records are numbered once each and carry a date and a status', () => {
  const numbers = records.map((f) => f.slice(0, 4));
  assert.deepEqual(
    numbers.filter((n, i) => numbers.indexOf(n) !== i),
    [],
  );
  const undated = records.filter(
    (f) => !/^Date: \d{4}-\d{2}-\d{2}\. Status: \w+/m.test(readFileSync(`docs/decisions/${f}`, 'utf8')),
  );
  assert.deepEqual(undated, []);
});

// Proves the import rules of eslint.config.js fire (run by `npm run lint` after linting the repository):
// each fixture in eslint-fixtures/ breaks one rule on purpose and must be refused with that rule.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ ignore: false });

/** Lints a fixture as if it sat at `asPath`; returns "rule: message" for each problem. */
async function lintAs(fixture, asPath) {
  const [result] = await eslint.lintText(readFileSync(`eslint-fixtures/${fixture}`, 'utf8'), { filePath: asPath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

test("a worker feature importing another feature's internal file is refused; its public file is allowed", async () => {
  const problems = await lintAs('cross-feature.ts', 'worker/features/saved/cross-feature.ts');
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^import-x\/no-restricted-paths: .*#worker\/features\/agents\/data\.ts.*public file/);
});

test('an app feature importing another app feature is refused', async () => {
  const problems = await lintAs('app-cross-feature.tsx', 'app/features/ratings/app-cross-feature.tsx');
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^import-x\/no-restricted-paths: .*#app\/features\/agents\//);
});

test('the same import is fine inside its own feature', async () => {
  assert.deepEqual(await lintAs('app-cross-feature.tsx', 'app/features/agents/app-cross-feature.tsx'), []);
});

test('worker lib importing a feature is refused', async () => {
  const problems = await lintAs('lib-imports-feature.ts', 'worker/lib/lib-imports-feature.ts');
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^import-x\/no-restricted-paths: .*lib sits below/);
});

test('two modules importing each other are refused as a cycle', async () => {
  const results = await eslint.lintFiles(['eslint-fixtures/cycle/a.ts', 'eslint-fixtures/cycle/b.ts']);
  for (const result of results) {
    assert.ok(
      result.messages.some((m) => m.ruleId === 'import-x/no-cycle'),
      `${result.filePath}: ${result.messages.map((m) => m.message).join('; ') || 'no problem reported'}`,
    );
  }
});

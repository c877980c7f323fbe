// Proves the import rules of eslint.config.js fire (run by `npm run lint` after linting the repository):
// each fixture in eslint-fixtures/ breaks one rule on purpose and must be refused with that rule.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ ignore: false });

/** Lints a fixture as if it sat at `asPath`; returns "rule: message" for each problem. */
async function lintAs(fixture, asPath) {
  const [result] = await eslint.lintText(readFileSync(`eslint-fixtures/${fixture}`, 'utf8'), { filePath: asPath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

/** Lints a fixture as if it sat at `asPath`; returns "line rule" for each problem, sorted, and the messages. */
async function linesAndRules(fixture, asPath) {
  const [result] = await eslint.lintText(readFileSync(`eslint-fixtures/${fixture}`, 'utf8'), { filePath: asPath });
  return {
    at: result.messages.map((m) => `${m.line} ${m.ruleId}`).sort(),
    messages: result.messages.map((m) => m.message),
  };
}

const ZONE = 'import-x/no-restricted-paths';
const SPELLING = '@typescript-eslint/no-restricted-imports';

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

test("a feature importing a domain module's internal file is refused; its public file is allowed", async () => {
  const problems = await lintAs('domain-internal.ts', 'worker/features/admin/domain-internal.ts');
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^import-x\/no-restricted-paths: .*#worker\/domain\/credits\/ledger\.ts.*public file/);
});

test('a domain module importing a feature is refused', async () => {
  const problems = await lintAs('lib-imports-feature.ts', 'worker/domain/credits/lib-imports-feature.ts');
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^import-x\/no-restricted-paths: .*a domain module sits below/);
});

test("app lib or a feature importing the app's own top-level files is refused", async () => {
  for (const asPath of ['app/lib/lib-imports-page.ts', 'app/features/agents/lib-imports-page.ts']) {
    const problems = await lintAs('lib-imports-page.ts', asPath);
    assert.equal(problems.length, 1, `${asPath}: ${problems.join('\n')}`);
    assert.match(problems[0], /^import-x\/no-restricted-paths: .*#app\/routes\.tsx.*sit above every layer/);
  }
});

test("the app imports the worker only as the typed client's types, by alias or by path", async () => {
  const { at, messages } = await linesAndRules('app-imports-worker.ts', 'app/lib/app-imports-worker.ts');
  // 2: the type of worker/app.ts; 3: its value; 4: another worker file's type; 5: by path.
  assert.deepEqual(at, [`3 ${SPELLING}`, `4 ${ZONE}`, `5 ${SPELLING}`, `5 ${ZONE}`], messages.join('\n'));
  for (const message of messages) assert.match(message, /the app never imports the worker/);
});

test('the worker imports the app only as the built server renderer, #app-ssr', async () => {
  const { at, messages } = await linesAndRules('worker-imports-app.ts', 'worker/lib/worker-imports-app.ts');
  assert.deepEqual(at, [`3 ${SPELLING}`, `3 ${ZONE}`, `4 ${SPELLING}`, `4 ${ZONE}`], messages.join('\n'));
  for (const message of messages) assert.match(message, /the worker never imports the app/);
});

test('common imports neither the app nor the worker, not even a type', async () => {
  const { at, messages } = await linesAndRules('common-imports-sides.ts', 'common/common-imports-sides.ts');
  assert.deepEqual(at, [`2 ${SPELLING}`, `2 ${ZONE}`, `3 ${SPELLING}`, `3 ${ZONE}`], messages.join('\n'));
  for (const message of messages)
    assert.match(message, /common is shared by the app and the worker and imports neither/);
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

// Feature loops. import-x/no-cycle follows files: agents/routes.ts → ratings/index.ts → ratings/routes.ts
// → agents/index.ts is no cycle of files, yet each feature imports the other. This reads each
// feature's imports from its files and follows them feature to feature.

/** package.json `imports` as prefixes: ['#worker/', 'worker/'], … */
const ALIASES = Object.entries(JSON.parse(readFileSync('package.json', 'utf8')).imports)
  .filter(([name, target]) => name.endsWith('/*') && typeof target === 'string')
  .map(([name, target]) => [name.slice(0, -1), target.replace(/^\.\//, '').slice(0, -1)]);
const SPECIFIER = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** A folder's source files, tests left out: they drive a layer from outside and may import any (docs/decisions/0034). */
const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.(ts|tsx|js|mjs)$/.test(d.name) && !/\.test\.[a-z]+$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));

/** Each feature of `dir` and the other features its files import, by path or alias. */
function featureImports(dir) {
  const features = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return new Map(
    features.map((name) => {
      const uses = new Set();
      for (const file of sourceFiles(path.join(dir, name))) {
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
          const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
          const target = alias
            ? alias[1] + specifier.slice(alias[0].length)
            : specifier.startsWith('.')
              ? path.join(path.dirname(file), specifier)
              : null;
          const other = target && path.relative(dir, target).split(path.sep)[0];
          if (other && other !== name && features.includes(other)) uses.add(other);
        }
      }
      return [name, uses];
    }),
  );
}

/** Every loop between the features of `dir`, each once, as 'a → b → a' (the shortest from each feature). */
function featureLoops(dir) {
  const graph = featureImports(dir);
  const loops = new Set();
  for (const start of graph.keys()) {
    const cameFrom = new Map([[start, null]]);
    const queue = [start];
    search: while (queue.length > 0) {
      const at = queue.shift();
      for (const next of graph.get(at)) {
        if (next === start) {
          const loop = [at];
          while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]));
          const first = loop.indexOf([...loop].sort()[0]);
          const turned = [...loop.slice(first), ...loop.slice(0, first)];
          loops.add([...turned, turned[0]].join(' → '));
          break search;
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, at);
          queue.push(next);
        }
      }
    }
  }
  return [...loops].sort();
}

test('no feature imports a feature that imports it back, even through public files', () => {
  for (const dir of ['worker/features', 'app/features']) assert.deepEqual(featureLoops(dir), [], dir);
});

test('a feature loop through public files is found here, where import-x/no-cycle sees none', async () => {
  assert.deepEqual(featureLoops('eslint-fixtures/feature-loop'), ['agents → ratings → agents']);
  const results = await eslint.lintFiles(['eslint-fixtures/feature-loop']);
  assert.deepEqual(
    results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.ruleId}`)),
    [],
  );
});

// Ignores. A pattern that matches nothing (a file since moved or deleted) would silently exempt
// whatever takes that name later.

/** A glob as the config writes them (`**`, `*`, `?`, `{a,b}`), as a RegExp over paths from the repository's root. */
const globRegExp = (glob) =>
  new RegExp(
    `^${glob.replace(/\*\*\/|\*\*|\*|\?|[{},.+^$()|[\]\\]/g, (t) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]', '{': '(?:', '}': ')', ',': '|' })[t] ?? `\\${t}`)}$`,
  );

/** What .gitignore lists: build output and dependencies, which a fresh clone has not made yet. */
const GENERATED = readFileSync('.gitignore', 'utf8')
  .split('\n')
  .map((line) => line.trim().replace(/^\/|\/$/g, ''))
  .filter((line) => line && !line.startsWith('#'));

/** The repository's files and folders, as paths from its root, without what GENERATED names. */
function repositoryPaths(dir = '.') {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.name !== '.git' && !GENERATED.some((glob) => globRegExp(glob).test(d.name)))
    .flatMap((d) => {
      const at = dir === '.' ? d.name : `${dir}/${d.name}`;
      return d.isDirectory() ? [at, ...repositoryPaths(at)] : [at];
    });
}

/** The ignore patterns of `config` that match no path (GENERATED ones may: the build makes them). */
function unmatchedIgnores(config, paths) {
  return config
    .flatMap((block) => block.ignores ?? [])
    .filter((pattern) => {
      const glob = pattern.replace(/^!/, '').replace(/\/$/, '');
      return !GENERATED.includes(glob) && !paths.some((p) => globRegExp(glob).test(p));
    });
}

test('every ignore pattern of eslint.config.js matches a file or folder', async () => {
  const { default: config } = await import('../eslint.config.js');
  const paths = repositoryPaths();
  assert.deepEqual(unmatchedIgnores(config, paths), []);
  // The check itself: a file that is not there is reported.
  assert.deepEqual(unmatchedIgnores([{ ignores: ['app/lib/no-such-file.ts', 'app/test/**'] }], paths), [
    'app/lib/no-such-file.ts',
  ]);
});

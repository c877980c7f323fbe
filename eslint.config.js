import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers, enforced on resolved files so a path alias cannot slip past them (docs/decisions/0012 for
// the app, docs/decisions/0034 for both): a layer imports only layers below it.
const root = import.meta.dirname;
const featuresOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** Features never import each other; the worker's may use another feature's public file (its index.ts). */
const featureZones = (dir, publicFile) =>
  featuresOf(dir).map((name) => ({
    target: `./${dir}/${name}/**`,
    from: `./${dir}/!(${name})/**`,
    except: publicFile ? [path.join(root, dir, '*', publicFile)] : [],
    message: publicFile
      ? `features never import each other except through a feature's public file (${dir}/<feature>/${publicFile}).`
      : 'features never import each other: move what both need to components, hooks or lib.',
  }));

const WORKER_ENTRY = ['./worker/app.ts', './worker/index.ts'];
const workerZones = [
  ...featureZones('worker/features', 'index.ts'),
  { target: './worker/features/**', from: WORKER_ENTRY, message: 'features sit below the app that mounts them.' },
  {
    target: './worker/middleware/**',
    from: ['./worker/features', ...WORKER_ENTRY],
    message: 'middleware sits below features: pass what it needs in.',
  },
  // A domain module (money: docs/decisions/0039) is used only through its index.ts, so what writes its tables stays behind it.
  {
    target: './worker/domain/**',
    from: ['./worker/middleware', './worker/features', ...WORKER_ENTRY],
    message: 'a domain module sits below middleware and features: they call it.',
  },
  {
    target: ['./worker/features/**', './worker/middleware/**', ...WORKER_ENTRY],
    from: './worker/domain/**',
    except: [path.join(root, 'worker/domain/*/index.ts')],
    message: 'a domain module is used only through its public file (worker/domain/<module>/index.ts).',
  },
  {
    target: './worker/lib/**',
    from: ['./worker/domain', './worker/middleware', './worker/features', ...WORKER_ENTRY],
    message: 'lib sits below domain modules, middleware and features.',
  },
  {
    target: './worker/db/**',
    from: ['./worker/lib', './worker/domain', './worker/middleware', './worker/features', ...WORKER_ENTRY],
    message: 'db sits below lib.',
  },
  {
    target: './worker/env.ts',
    from: [
      './worker/db',
      './worker/lib',
      './worker/domain',
      './worker/middleware',
      './worker/features',
      ...WORKER_ENTRY,
    ],
    message: "env.ts describes the worker's bindings and imports only common.",
  },
];
const appZones = [
  ...featureZones('app/features'),
  {
    target: ['./app/components/**', './app/hooks/**', './app/lib/**'],
    from: ['./app/features', './app/routes'],
    message: 'components, hooks and lib sit below features and pages: pass data in as props instead.',
  },
  { target: './app/features/**', from: './app/routes', message: 'features sit below pages.' },
  // The app's own top-level files (entry, layout, route table) are pages too.
  {
    target: ['./app/components/**', './app/hooks/**', './app/lib/**', './app/features/**'],
    from: './app/*.{ts,tsx}',
    message: "the app's own files (entry, layout, route table) sit above every layer.",
  },
];

// The app, the worker and common are built apart (docs/decisions/0034): nothing crosses between them.
const NOT_THE_WORKER =
  'the app never imports the worker: only `import type { AppType }` from worker/app.ts, for the typed client.';
const NOT_THE_APP = 'the worker never imports the app: it renders pages through the built server renderer, `#app-ssr`.';
const NEITHER_SIDE = 'common is shared by the app and the worker and imports neither.';
/** By resolved file, so no spelling gets past (`#worker/…`, `../worker/…`). */
const sideZones = [
  // The typed client (app/lib/api-client.ts) takes `AppType` from worker/app.ts: a type, erased at
  // build. A resolved file does not say whether the import is type-only: sideSpellings does.
  { target: './app/**', from: './worker', except: ['./app.ts'], message: NOT_THE_WORKER },
  { target: './worker/**', from: './app', message: NOT_THE_APP },
  { target: './common/**', from: ['./app', './worker'], message: NEITHER_SIDE },
];
/** By spelling, alias or path, which also tells a type-only import (the app's of worker/app.ts). */
const sideSpellings = [
  {
    files: ['app/**/*.{ts,tsx}'],
    pattern: { regex: '^(#worker/|(\\.\\./)+worker/)', allowTypeImports: true, message: NOT_THE_WORKER },
  },
  { files: ['worker/**/*.ts'], pattern: { regex: '^(#app/|(\\.\\./)+app/)', message: NOT_THE_APP } },
  {
    files: ['common/**/*.ts'],
    pattern: { regex: '^(#app/|#app-ssr$|#worker/|(\\.\\./)+(app|worker)/)', message: NEITHER_SIDE },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'node_modules',
      '.wrangler',
      'test-results',
      'playwright-report',
      'bench-results',
      'public',
      'eslint-fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}', 'worker/**/*.ts', 'common/**/*.ts', 'eslint-fixtures/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The cycle rule reads the imported files too: they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // #app-ssr is the server renderer's build output (package.json "imports"): a fresh clone has no
      // dist-ssr until the build, and the type check already resolves it through its "types" file.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '^cloudflare:', '\\?(raw|url)$', '^#app-ssr$'] }],
    },
  },
  {
    // Tests keep to their side too.
    files: ['app/**/*.{ts,tsx}', 'worker/**/*.ts', 'common/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: sideZones }] },
  },
  {
    // Tests drive a layer from outside, often through the whole app: they may import any layer.
    // These zones replace the block above's for the files here, so they repeat sideZones.
    files: ['app/**/*.{ts,tsx}', 'worker/**/*.ts', 'common/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'worker/test/**', 'app/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...sideZones, ...workerZones, ...appZones] }] },
  },
  ...sideSpellings.map(({ files, pattern }) => ({
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [pattern] }] },
  })),
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);

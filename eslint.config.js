import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'node_modules', '.wrangler', 'test-results', 'playwright-report', 'bench-results', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Layers (docs/decisions/0012): pages (app/routes, the app's own top-level files) → features →
  // components, hooks and lib → common. Features never import each other; nothing imports upwards.
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/hooks/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
    // Offline proposals' defaults are registered before the cache is restored; issue 16 owns this file.
    ignores: ['app/lib/mutation-defaults.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(features|routes)(/|$)', message: 'components, hooks and lib sit below features and pages: pass data in as props instead.' },
            { regex: '^(\\.\\./)+(app|app-layout|routes|main|entry-server)$', message: 'components, hooks and lib must not import the app itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['app/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // From app/features/<name>/<folder>/file, another feature is ../../<other>/…
            { regex: '^\\.\\./\\.\\./[^./]', message: 'features never import each other: move what both need to components, hooks or lib.' },
            { regex: '(^|/)(routes|app-layout|entry-server)(/|$)', message: 'features sit below pages.' },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(app|worker)/', message: 'common is shared by the app and the worker and imports neither.' }] }],
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

// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURES = ['statements', 'addresses', 'withdrawals', 'audit', 'session', 'approvals'];

/** Features never import each other: each feature folder may import only itself and shared code. */
const featureIsolation = (root) =>
  FEATURES.map((feature) => ({
    files: [`${root}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `features/(?!${feature}/)(${FEATURES.join('|')})(/|$)`,
              message: 'Features do not import each other; move shared code to a shared folder.',
            },
            {
              // The same through a relative path that never names features/: ../../addresses/...
              regex: `^(\\.\\./)+(?!${feature}/)(${FEATURES.join('|')})(/|$)`,
              message: 'Features do not import each other; move shared code to a shared folder.',
            },
            ...partBoundaries(root),
          ],
        },
      ],
    },
  }));

/** Only contract/ is shared between the parts. */
function partBoundaries(root) {
  const others = ['web', 'bff', 'sandbox'].filter((p) => !root.startsWith(p));
  return others.map((p) => ({
    regex: `(^|/)${p}/`,
    message: `${root.split('/')[0]} may not import ${p}/; only contract/ is shared.`,
  }));
}

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: partBoundaries('web') }],
    },
  },
  {
    files: ['bff/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: partBoundaries('bff') }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(web|bff|sandbox)/', message: 'contract/ imports nothing of ours.' },
            { regex: '^node:', message: 'contract/ is pure: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: partBoundaries('sandbox') }] },
  },
  ...featureIsolation('web/src'),
  ...featureIsolation('bff/src'),
  {
    // The composition root starts the local upstream in-process, and tests run against it.
    files: ['bff/src/runtime.ts', 'bff/**/*.test.ts', 'bff/test-support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)web/', message: 'bff may not import web/; only contract/ is shared.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'bff/src/server.ts', 'sandbox/server.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);

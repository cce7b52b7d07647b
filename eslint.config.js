// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The features are the folders under <part>/features: a new folder is a new feature, no list to edit. */
const featuresOf = (root) =>
  readdirSync(new URL(`./${root}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The alias each part's source answers to (package.json "imports"). */
const ALIAS = { 'web/src': '#web', 'bff/src': '#bff' };

const featureMessage = 'Features do not import each other; move shared code to a shared folder.';
const appMessage =
  'Only app/ composes features: features, shared/, components/ and lib/ never import app/.';

/** Features never import each other: each feature folder may import only itself and shared code. */
const featureIsolation = (root) => {
  const features = featuresOf(root);
  return features.map((feature) => ({
    files: [`${root}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `features/(?!${feature}/)(${features.join('|')})(/|$)`,
              message: featureMessage,
            },
            {
              // The same through a relative path that never names features/: ../../addresses/...
              regex: `^(\\.\\./)+(?!${feature}/)(${features.join('|')})(/|$)`,
              message: featureMessage,
            },
            ...sharedZoneBoundaries(root),
            ...partBoundaries(root),
          ],
        },
      ],
    },
  }));
};

/** One-way zones: app/ composes; everything below it never imports app/. */
function sharedZoneBoundaries(root) {
  return [
    { regex: `^${ALIAS[root]}/app(/|$)`, message: appMessage },
    { regex: `^(\\.\\./)+app(/|$)`, message: appMessage },
  ];
}

/** Shared code (web's shared/, components/, lib/; bff's lib/) never imports a feature or app/. */
const sharedIsolation = (root, folders) => ({
  files: folders.map((folder) => `${root}/${folder}/**/*.{ts,tsx}`),
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(${ALIAS[root]}/|(\\.\\./)+)features(/|$)`,
            message: 'Shared code never imports a feature: move what both need into shared code.',
          },
          ...sharedZoneBoundaries(root),
          ...partBoundaries(root),
        ],
      },
    ],
  },
});

/** Only contract/ is shared between the parts; nothing climbs three folders (use an alias). */
function partBoundaries(root) {
  const others = ['web', 'bff', 'sandbox'].filter((p) => !root.startsWith(p));
  return [
    ...others.map((p) => ({
      regex: `(^|/)${p}/|^#${p}(-test)?/`,
      message: `${root.split('/')[0]} may not import ${p}/; only contract/ is shared.`,
    })),
    {
      regex: '^(\\.\\./){3,}',
      message: 'No import climbs three folders: use the path aliases (#contract/, #web/, #bff/ …).',
    },
  ];
}

/**
 * Which way the BFF's base folders point (docs/architecture.md, "Which way BFF folders point"):
 * http/ is the bottom (problems, request ids, peer addresses); auth/ and upstream/ build on it and
 * not on each other; observability/ watches upstream/ (readiness asks the token provider) and
 * metrics live in lib/. Each folder here never imports the folders listed for it.
 */
const BFF_NEVER_IMPORTS = {
  http: ['auth', 'upstream', 'observability'],
  auth: ['upstream', 'observability'],
  upstream: ['auth', 'observability'],
};

const bffFolderDirection = () =>
  Object.entries(BFF_NEVER_IMPORTS).map(([folder, above]) => ({
    files: [`bff/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(#bff/|(\\.\\./)+)(${above.join('|')})(/|$)`,
              message: `bff/src/${folder}/ never imports ${above.join(', ')} (docs/architecture.md: which way BFF folders point).`,
            },
            ...partBoundaries('bff'),
          ],
        },
      ],
    },
  }));

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
            {
              regex: '(^|/)(web|bff|sandbox)/|^#(web|bff|sandbox)',
              message: 'contract/ imports nothing of ours.',
            },
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
  sharedIsolation('web/src', ['shared', 'components', 'lib']),
  sharedIsolation('bff/src', ['lib']),
  ...bffFolderDirection(),
  {
    // The composition root starts the local upstream in-process, and tests run against it.
    files: ['bff/src/runtime.ts', 'bff/**/*.test.ts', 'bff/test-support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)web/|^#web',
              message: 'bff may not import web/; only contract/ is shared.',
            },
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

// One lint setup for the whole repo. The restricted-import zones keep the dependency arrows one way:
// renderer → core, main → core, preload → core; core imports only itself and small pure libraries. Only
// the files listed in `electronFiles` import electron, and no production file imports a test library.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'url',
  'worker_threads',
];
// The only files that import electron: the app entry, the Electron adapter of main (window, IPC, dialogs,
// protocol, printing), the web preferences it checks (types only) and the preload bridge. Everything else
// runs under plain Node or in the page, so tests, the CLI and the browser host use the very same code.
const electronFiles = [
  'src/main/index.ts',
  'src/main/electron/**',
  'src/main/security.ts',
  'src/preload/index.ts',
];
// Dev dependencies that only tests may import (package-name prefixes).
const testLibraries = ['fast-check', 'vitest', '@playwright', '@testing-library'];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'resources/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: electronFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: `Only ${electronFiles.join(', ')} import electron (see eslint.config.js).`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportDeclaration[source.value=/^(${testLibraries.join('|')})/]`,
          message:
            'Test libraries are dev dependencies: production code never imports them (helpers live in test/).',
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'react', 'react-dom', 'better-sqlite3', 'hono', '@hono/*'],
              message: 'src/core is pure TypeScript.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'src/core imports only itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/renderer/**', '**/preload/**'], message: 'main depends on core only.' }],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'better-sqlite3', 'hono', '@hono/*', 'react', 'react-dom'],
              message: 'The preload bridge only exposes the contract: it holds no logic and no Node access.',
            },
            { group: ['**/main/**', '**/renderer/**'], message: 'preload depends on core only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'better-sqlite3'],
              message: 'The renderer talks to the app only through the API bridge.',
            },
            { group: ['**/main/**', '**/preload/**'], message: 'renderer depends on core only.' },
          ],
        },
      ],
    },
  },
);

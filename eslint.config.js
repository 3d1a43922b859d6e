// One lint setup for the whole repo. The restricted-import zones keep the dependency arrows one way:
// renderer → core, main → core, preload → core; core imports only itself and small pure libraries.
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
// Only these files in src/main may import electron (window, IPC adapter, app entry, protocol).
const electronFiles = ['src/main/index.ts', 'src/main/electron/**'];

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
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', 'react', 'react-dom', 'better-sqlite3', 'hono', '@hono/*'],
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
    ignores: electronFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron'],
              allowTypeImports: true,
              message:
                'Only the Electron adapter files import electron; the rest of main runs under plain Node.',
            },
            { group: ['**/renderer/**', '**/preload/**'], message: 'main depends on core only.' },
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
              group: [...nodeBuiltins, 'electron', 'better-sqlite3'],
              message: 'The renderer talks to the app only through the API bridge.',
            },
            { group: ['**/main/**', '**/preload/**'], message: 'renderer depends on core only.' },
          ],
        },
      ],
    },
  },
);

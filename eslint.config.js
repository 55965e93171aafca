import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'services/platform/src/generated/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The BFF talks to services over gRPC; from a service package it may only import pure domain rules.
    files: ['bff/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@tip/(identity|wallet|content|messaging|moderation)(?!/domain$)',
              message: 'Import only a service’s /domain; talk to the service over gRPC.',
            },
          ],
        },
      ],
    },
  },
  {
    // The BFF's HTTP tests run against the real identity service in-process; only tests and their harness start it.
    files: ['bff/src/testing/**/*.ts', 'bff/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  prettier,
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const webSrc = fileURLToPath(new URL('web/src', import.meta.url));

/**
 * The web app's feature folders (web/src/features/<x>): code outside a feature uses it only through its index
 * (`@/features/<x>`), never its insides; inside a feature, its own files are imported relatively and everything
 * outside it through `@/` (another feature by its index, shared code by its path).
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      throughIndex: "Use the feature '{{feature}}' through its index: import from '@/features/{{feature}}'.",
      ownRelative: "Import the feature's own files relatively, not through '{{specifier}}'.",
      sharedByAlias: "Import what lies outside the feature through '@/', not through '{{specifier}}'.",
    },
  },
  create(context) {
    const featureOf = (path) => {
      const parts = relative(webSrc, path).split(sep);
      return parts[0] === 'features' && parts.length > 1 && parts[1] !== '..' ? parts[1] : null;
    };
    const importer = featureOf(context.filename);
    const check = (source) => {
      const specifier = source?.value;
      if (typeof specifier !== 'string') return;
      const relativeSpecifier = specifier.startsWith('.');
      if (!relativeSpecifier && !specifier.startsWith('@/')) return;
      const target = relativeSpecifier
        ? resolve(dirname(context.filename), specifier)
        : resolve(webSrc, specifier.slice(2));
      const feature = featureOf(target);
      if (feature && feature === importer) {
        if (!relativeSpecifier) context.report({ node: source, messageId: 'ownRelative', data: { specifier } });
      } else if (feature) {
        const index = resolve(webSrc, 'features', feature);
        const atIndex = target === index || target === resolve(index, 'index');
        if (!atIndex || specifier !== `@/features/${feature}`)
          context.report({ node: source, messageId: 'throughIndex', data: { feature } });
      } else if (importer && relativeSpecifier) {
        context.report({ node: source, messageId: 'sharedByAlias', data: { specifier } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** The services whose packages hold a contract (the platform and the embedded install hold none). */
const SERVICES = ['identity', 'wallet', 'content', 'messaging', 'moderation', 'notifications'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'services/*/src/generated/**',
      'services/platform/src/grpc/testing/generated/**',
      'data/**',
      'coverage/**',
    ],
  },
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
    plugins: { 'react-hooks': reactHooks, web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { ...reactHooks.configs.recommended.rules, 'web/feature-boundaries': 'error' },
  },
  {
    // Scripts the app's service worker imports (web/pwa.config.ts), served as they are.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The web app talks to services through the BFF; from a service package it may only import pure domain rules, and
    // from the BFF its contract's types (the answers and pushes it reads), never its code (zod stays out of the bundle).
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@tip/(identity|wallet|content|messaging|moderation|notifications)(?!/domain$)',
              message: 'Import only a service’s /domain; talk to the service over gRPC.',
            },
            { regex: '^@tip/bff(?!/contract$)', message: 'From the BFF, import only the types of @tip/bff/contract.' },
            {
              regex: '^@tip/bff/contract$',
              allowTypeImports: true,
              message: 'Import the contract’s types (`import type`): its schemas are the BFF’s.',
            },
          ],
        },
      ],
    },
  },
  {
    // The BFF talks to services over gRPC; from a service package it may import the pure domain rules and the
    // contract (gRPC definitions and types, events).
    files: ['bff/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@tip/(${SERVICES.join('|')})(?!/(domain|contract)$)`,
              message: 'Import only a service’s /domain or /contract; talk to the service over gRPC.',
            },
            { regex: '^@tip/embedded(/|$)', message: 'The embedded install starts the BFF, not the other way round.' },
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
  // A service sees another only through its contract (`@tip/<other>/contract`: events, gRPC definition and types);
  // its tests and testing kit may also start the other beside it (`@tip/<other>`, `@tip/<other>/testing`). Its own
  // package it imports relatively. The embedded install, which starts them all, is not a service.
  ...SERVICES.flatMap((service) => {
    const others = SERVICES.filter((other) => other !== service).join('|');
    const notOwnNorAbove = {
      regex: `^@tip/(${service}|bff|embedded)(/|$)`,
      message: 'A service imports its own files relatively, and neither the BFF nor the embedded install.',
    };
    const restrict = (regex, message) => ({
      'no-restricted-imports': ['error', { patterns: [{ regex, message }, notOwnNorAbove] }],
    });
    return [
      {
        files: [`services/${service}/src/**/*.ts`],
        rules: restrict(
          `^@tip/(${others})(?!/contract$)`,
          'Import only another service’s /contract; call it over gRPC or follow its events.',
        ),
      },
      {
        files: [`services/${service}/src/**/*.test.ts`, `services/${service}/src/testing/**/*.ts`],
        rules: restrict(
          `^@tip/(${others})/(?!(contract|testing)$)`,
          'Tests import another service’s package, /contract or /testing only.',
        ),
      },
    ];
  }),
  {
    // The platform is the kernel every package builds on: it imports none of them, and no service's contract.
    files: ['services/platform/src/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^@tip/', message: 'The platform imports no @tip package; give a test its own proto.' }],
        },
      ],
    },
  },
  prettier,
);

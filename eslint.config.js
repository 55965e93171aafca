import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
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

/** The web app's areas (web/src/features/<x>). */
const FEATURES = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The web app's shared layer: what every feature may use, and which uses no feature (web/src/features/README.md). */
const WEB_SHARED = ['api', 'components', 'config', 'i18n', 'lib', 'realtime'];

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
    // No import circle anywhere: a module never imports, however indirectly (dynamic imports too), one that imports it.
    // Type-only imports do not count: they leave nothing behind at run time. Imports resolve as TypeScript resolves
    // them, with each package's tsconfig (the web's `@/` paths among them).
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'web/tsconfig.json',
            'web/e2e/tsconfig.json',
            'deploy/tsconfig.json',
            'bff/tsconfig.json',
            'services/*/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      'web/feature-boundaries': 'error',
      // The app flows one way: shared code, then features, then the app that composes them. A feature never imports
      // another (what both need moves down to the shared layer; a screen that shows several areas is put together in
      // app/), and the shared layer imports neither.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another: move what both need to the shared layer, or compose them in app/.',
            })),
            ...WEB_SHARED.map((shared) => ({
              target: `./web/src/${shared}`,
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code imports no feature and not the app: it is what they are built on.',
            })),
          ],
        },
      ],
    },
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
              regex: `^@tip/(${SERVICES.join('|')})(/|$)`,
              message:
                'Take a service’s rules from @/lib/rules, the one list of those the browser runs; talk to the service through the BFF.',
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
    // The one module that imports the services' domain rules the browser runs (web/src/lib/rules.ts), and only those.
    files: ['web/src/lib/rules.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@tip/(${SERVICES.join('|')})(?!/domain$)`,
              message: 'Import only a service’s /domain; talk to the service through the BFF.',
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

// One jest run for the whole tree. Sources are transformed by swc (no type check: `npm run check` does that).
import { testTimeScale } from './scripts/test-time-scale.mjs';
import { SWC_OPTIONS } from './scripts/typescript-transpile.mjs';

// Every time budget scales with the machine (README, Working on it: how long the tests may wait).
const scale = testTimeScale();

const withJsx = { ...SWC_OPTIONS, jsc: { ...SWC_OPTIONS.jsc, parser: { ...SWC_OPTIONS.jsc.parser, tsx: true } } };

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.ts$': ['@swc/jest', SWC_OPTIONS], '^.+\\.tsx$': ['@swc/jest', withJsx] },
  moduleNameMapper: {
    // The platform's testing entry points that need no jest (the benches import them from dist too).
    '^@tip/platform/(processes|engines)$': '<rootDir>/services/platform/src/testing/$1.ts',
    '^@tip/(platform|identity|wallet|content|messaging|moderation|notifications)$':
      '<rootDir>/services/$1/src/index.ts',
    '^@tip/(platform|identity|wallet|content|messaging|moderation|notifications)/(.*)$':
      '<rootDir>/services/$1/src/$2/index.ts',
    '^@tip/bff$': '<rootDir>/bff/src/index.ts',
    // The web app's own alias (web/tsconfig.json), for its unit tests.
    '^@/(.*)$': '<rootDir>/web/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  projects: [
    {
      ...common,
      displayName: 'tip',
      testMatch: [
        '**/src/**/*.test.ts',
        '**/test/**/*.test.ts',
        '<rootDir>/deploy/**/*.test.ts',
        '<rootDir>/web/build/**/*.test.ts',
      ],
    },
    {
      // The browser tests: one Chromium for the whole run, started only when a browser test is in it.
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/web/e2e/**/*.test.ts'],
      // Tells the harness when a test failed, to print what its pages showed.
      testEnvironment: '<rootDir>/web/e2e/test-environment.ts',
      globalSetup: '<rootDir>/web/e2e/shared-browser.ts',
      globalTeardown: '<rootDir>/web/e2e/global-teardown.ts',
    },
  ],
  // A test's budget (jest reads it for the whole run; the browser tests' harness gives theirs more).
  testTimeout: Math.round(30_000 * scale),
  maxWorkers: 2,
  watchman: false,
};

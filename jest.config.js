// One jest run for the whole tree. Sources are transformed by swc (no type check: `npm run check` does that).
const swc = [
  '@swc/jest',
  { jsc: { target: 'es2023', parser: { syntax: 'typescript', tsx: true } }, module: { type: 'es6' } },
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    // The platform's testing entry points that need no jest (the benches import them from dist too).
    '^@tip/platform/(processes|engines)$': '<rootDir>/services/platform/src/testing/$1.ts',
    '^@tip/(platform|identity|wallet|content|messaging|moderation|notifications)$':
      '<rootDir>/services/$1/src/index.ts',
    '^@tip/(platform|identity|wallet|content|messaging|moderation|notifications)/(.*)$':
      '<rootDir>/services/$1/src/$2/index.ts',
    '^@tip/bff$': '<rootDir>/bff/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: [
    '**/src/**/*.test.ts',
    '**/test/**/*.test.ts',
    '<rootDir>/deploy/**/*.test.ts',
    '<rootDir>/web/e2e/**/*.test.ts',
    '<rootDir>/web/build/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
  maxWorkers: 2,
  watchman: false,
};

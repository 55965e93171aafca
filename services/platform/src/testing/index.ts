export * from './contract.js';
export * from './engines.js';
export * from './wait.js';
export * from './processes.js';
export * from './start-oidc-provider.js';
export * from './failure.js';
export * from './document-targets.js';
export * from './member-profile.js';

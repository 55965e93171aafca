export * from './config.js';
export * from './service.js';
export type { PushOptions } from './infra/pushing.js';

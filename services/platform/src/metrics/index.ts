export * from './registry.js';
export * from './serve-metrics.js';

export * from './outbox.js';
export * from './relay.js';
export * from './idempotent-handler.js';

export * from './outbox.js';
export * from './relay.js';
export * from './idempotent-handler.js';
export * from './follow-events.js';
export * from './outbox-repository.js';

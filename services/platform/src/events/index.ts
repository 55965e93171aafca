export * from './define-event.js';
export * from './identity.js';
export * from './moderation.js';
export * from './wallet.js';
export * from './content.js';
export * from './messaging.js';

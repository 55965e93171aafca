/** Notifications' rules, shared with the BFF and the web app. Pure: plain functions, no Node module. */
export * from './grouping.js';
export * from './kinds.js';
export * from './preferences.js';
export * from './premium.js';
export * from './preview.js';
export * from './push-retries.js';
export * from './push-services.js';
export * from './quiet-hours.js';
export * from './recency.js';
export * from './sentences.js';

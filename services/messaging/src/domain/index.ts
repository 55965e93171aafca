/** Messaging's rules, shared with the BFF and the web app. Pure: zod and plain functions, no Node module. */
export * from './limits.js';
export * from './messages.js';

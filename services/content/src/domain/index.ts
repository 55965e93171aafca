/**
 * Content's rules, shared with the BFF and the web app. Pure: zod and plain functions, no Node module, so that the
 * browser bundle can import it.
 */
export * from './rules.js';
export * from './composer.js';
export * from './media.js';

/** Moderation's rules, shared with the BFF and the web app. Pure: zod and plain functions, no Node module. */
export * from './choices.js';
export * from './decisions.js';
export * from './feedback.js';
export * from './reports.js';

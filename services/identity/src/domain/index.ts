/**
 * Identity's rules, shared with the BFF and the web app. Pure: zod and plain functions only, no Node module, so
 * that the browser bundle can import it.
 */
export * from './fields.js';
export * from './forms.js';
export * from './photos.js';
export * from './user.js';
export * from './visibility.js';
export * from './premium.js';
export * from './blocks.js';
export * from './user-directory.js';
export * from './account-secrets.js';
export * from './brand.js';
export * from './second-factor.js';
export * from './password-change.js';
export * from './email-change.js';

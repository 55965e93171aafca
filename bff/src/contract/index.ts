/**
 * The BFF's contract with the web app: every REST answer and socket push the web reads, defined once as zod schemas.
 * The web imports their types (`import type`, so none of zod reaches its bundle); the BFF's views are typed by them,
 * and the contract tests parse real answers with them, so the two sides cannot drift apart unseen.
 */
export * from './admin.js';
export * from './blocks.js';
export * from './messages.js';
export * from './notifications.js';
export * from './posts.js';
export * from './pushes.js';
export * from './users.js';
export * from './wallet.js';
export * from './second-factor.js';
export * from './sessions.js';

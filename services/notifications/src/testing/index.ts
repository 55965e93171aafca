/** What other packages' tests use of notifications: the local push service's stand-in. */
export * from './push-service.js';

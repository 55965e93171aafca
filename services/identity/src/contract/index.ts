/**
 * What identity promises the other services, imported by them as `@tip/identity/contract`: the events it publishes
 * (events.ts) and its gRPC service, loaded from proto/identity.proto, with who may call it (grpc.ts), and its texts in five languages (messages.ts).
 * The services that enforce blocks keep them with one projection of its block events (block-projection.ts).
 */
export * from './block-projection.js';
export * from './events.js';
export * from './grpc.js';
export * from './messages.js';
export * from './session-events.js';

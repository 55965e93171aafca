/**
 * What moderation promises the other services, imported by them as `@tip/moderation/contract`: the events it publishes
 * (events.ts) and its gRPC service, loaded from proto/moderation.proto, with who may call it (grpc.ts), and its texts in five languages (messages.ts).
 */
export * from './events.js';
export * from './grpc.js';
export * from './messages.js';

/**
 * What notifications promises the other packages, imported as `@tip/notifications/contract`: the event it publishes
 * (events.ts), its gRPC service, loaded from proto/notifications.proto, with who may call it (grpc.ts), and its texts
 * in five languages (messages.ts).
 */
export * from './events.js';
export * from './grpc.js';
export * from './messages.js';

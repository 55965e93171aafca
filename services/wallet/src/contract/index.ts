/**
 * What wallet promises the other services, imported by them as `@tip/wallet/contract`: the events it publishes
 * (events.ts) and its gRPC service, loaded from proto/wallet.proto, with who may call it (grpc.ts), the debits of a
 * caller gathered into calls of many (debit-batches.ts), and its texts in five languages (messages.ts).
 */
export * from './debit-batches.js';
export * from './events.js';
export * from './grpc.js';
export * from './messages.js';

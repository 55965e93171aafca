import { status as GrpcStatus } from '@grpc/grpc-js';
import type { ErrorCode } from './domain-error.js';

/** The one mapping from a domain error code to the gRPC status services answer and the HTTP status the BFF sends. */
export const statusOf: Record<ErrorCode, { grpc: GrpcStatus; http: number }> = {
  INVALID_ARGUMENT: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  UNAUTHENTICATED: { grpc: GrpcStatus.UNAUTHENTICATED, http: 401 },
  PERMISSION_DENIED: { grpc: GrpcStatus.PERMISSION_DENIED, http: 403 },
  NOT_FOUND: { grpc: GrpcStatus.NOT_FOUND, http: 404 },
  // What existed and was deleted (a member's account): callers may say so rather than 'not found'.
  GONE: { grpc: GrpcStatus.NOT_FOUND, http: 410 },
  ALREADY_EXISTS: { grpc: GrpcStatus.ALREADY_EXISTS, http: 409 },
  FAILED_PRECONDITION: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 409 },
  // Not enough credits, or a card the provider refused.
  PAYMENT_REQUIRED: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 402 },
  PAYLOAD_TOO_LARGE: { grpc: GrpcStatus.OUT_OF_RANGE, http: 413 },
  RESOURCE_EXHAUSTED: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, http: 429 },
  UNAVAILABLE: { grpc: GrpcStatus.UNAVAILABLE, http: 503 },
  INTERNAL: { grpc: GrpcStatus.INTERNAL, http: 500 },
};

/** The code a caller sees for a gRPC status; a missed deadline means the service is unavailable to it. */
export function errorCodeOfGrpc(grpcStatus: number): ErrorCode {
  if (grpcStatus === GrpcStatus.DEADLINE_EXCEEDED) return 'UNAVAILABLE';
  const entry = Object.entries(statusOf).find(([, value]) => value.grpc === grpcStatus);
  return (entry?.[0] as ErrorCode | undefined) ?? 'INTERNAL';
}

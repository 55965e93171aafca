/**
 * The one error type that crosses layers. `code` decides the gRPC and HTTP status (see status-map.ts);
 * `messageKey` names a text in the shared message catalogue so that every edge can say it in the user's language.
 */
export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'GONE'
  | 'ALREADY_EXISTS'
  | 'FAILED_PRECONDITION'
  | 'PAYMENT_REQUIRED'
  | 'RESOURCE_EXHAUSTED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
    this.name = 'DomainError';
  }
}

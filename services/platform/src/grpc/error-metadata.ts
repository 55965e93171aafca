import { Metadata, status as Status, type ServiceError } from '@grpc/grpc-js';
import { DomainError, type ErrorCode } from '../errors/domain-error.js';
import { errorCodeOfGrpc, statusOf } from '../errors/status-map.js';

const KEY = 'x-message-key';
const PARAMS = 'x-message-params';
/** Two domain codes can share a gRPC status (402 and 409 are both FAILED_PRECONDITION): the code travels too. */
const CODE = 'x-error-code';

/** A handler's failure as the caller may know it: the DomainError, or INTERNAL for anything unforeseen. */
const describable = (error: unknown) =>
  error instanceof DomainError ? error : new DomainError('INTERNAL', 'errors.internal');

/** Turns a handler's failure into the gRPC error the client gets; anything unexpected becomes INTERNAL. */
export function toGrpcError(error: unknown): Partial<ServiceError> {
  const domain = describable(error);
  const metadata = new Metadata();
  metadata.set(KEY, domain.messageKey);
  metadata.set(PARAMS, JSON.stringify(domain.params));
  metadata.set(CODE, domain.code);
  return { code: statusOf[domain.code].grpc, details: domain.messageKey, metadata };
}

/**
 * Failures a peer sends without our metadata: no Tip handler described them, so the call broke on the way (the
 * connection reset mid-call, a proxy's answer). The caller is told to try again, as when the peer is down.
 */
const UNDESCRIBED_AS_UNAVAILABLE: ReadonlySet<number> = new Set([Status.INTERNAL, Status.UNKNOWN]);

/** Rebuilds the DomainError a service threw, so callers handle one error type whatever the transport. */
export function fromGrpcError(error: ServiceError): DomainError {
  const described = String(error.metadata?.get(KEY)[0] ?? '');
  if (!described && UNDESCRIBED_AS_UNAVAILABLE.has(error.code)) {
    // The transport's own words (say, 'Received RST_STREAM') stay for the logs.
    const unavailable = new DomainError('UNAVAILABLE', 'errors.unavailable');
    unavailable.cause = error;
    return unavailable;
  }
  const messageKey = described || 'errors.unavailable';
  const params = paramsOf(String(error.metadata?.get(PARAMS)[0] ?? '{}'));
  const sentCode = String(error.metadata?.get(CODE)[0] ?? '');
  const code = sentCode in statusOf && statusOf[sentCode as ErrorCode].grpc === error.code ? sentCode : undefined;
  return new DomainError((code as ErrorCode | undefined) ?? errorCodeOfGrpc(error.code), messageKey, params);
}

/**
 * A failure as a reply carries it, for a call that answers several things each on its own (a batch's refused
 * item): the parts of the DomainError, INTERNAL for anything unforeseen, as toGrpcError sends them.
 */
export interface Refusal {
  code: string;
  messageKey: string;
  /** The message's parameters, as JSON. */
  params: string;
}

export function toRefusal(error: unknown): Refusal {
  const { code, messageKey, params } = describable(error);
  return { code, messageKey, params: JSON.stringify(params) };
}

/** The DomainError a refusal describes (INTERNAL for a code this side does not know). */
export function fromRefusal(refusal: Refusal): DomainError {
  const code = refusal.code in statusOf ? (refusal.code as ErrorCode) : 'INTERNAL';
  return new DomainError(code, refusal.messageKey || 'errors.internal', paramsOf(refusal.params || '{}'));
}

/** A message's parameters as sent (JSON); none when unreadable (a peer without our metadata): the message stays. */
function paramsOf(text: string): Record<string, string | number> {
  try {
    return JSON.parse(text) as Record<string, string | number>;
  } catch {
    return {};
  }
}

import type { IncomingMessage } from 'node:http';
import type { ErrorRequestHandler, Response } from 'express';
import { DomainError, statusOf, type Logger } from '@tip/platform';
import { refusalSchema } from '../contract/index.js';
import type { Say } from '../i18n/translator.js';
import { respond } from './respond.js';

/** A refusal by a login or registration limit; the error handler turns `retryAfterSeconds` into Retry-After. */
export function rateLimited(retryAfterMs: number): DomainError {
  return new DomainError('RESOURCE_EXHAUSTED', 'errors.rateLimited', {
    retryAfterSeconds: retryAfterSeconds(retryAfterMs),
  });
}

/** A refusal by a write limit: its text says how many seconds to wait, as Retry-After does. */
export function writesLimited(retryAfterMs: number): DomainError {
  return new DomainError('RESOURCE_EXHAUSTED', 'errors.tooManyWrites', {
    retryAfterSeconds: retryAfterSeconds(retryAfterMs),
  });
}

const retryAfterSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000));

/** When to try again after a 503: about as long as a stopped service's process takes to be started again. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** What an error becomes on the wire: a status and a message key. Anything unforeseen is a 500. */
export function describeError(error: unknown): { status: number; error: DomainError; expected: boolean } {
  if (error instanceof DomainError) return { status: statusOf[error.code].http, error, expected: true };
  const parserError = bodyParserError(error) ?? undecodablePath(error);
  if (parserError) return { status: statusOf[parserError.code].http, error: parserError, expected: true };
  return { status: 500, error: new DomainError('INTERNAL', 'errors.internal'), expected: false };
}

/** body-parser's failures carry a `type`; the client sent something we cannot read. */
function bodyParserError(error: unknown): DomainError | null {
  if (typeof error !== 'object' || error === null || !('type' in error)) return null;
  switch (error.type) {
    case 'entity.parse.failed':
      return new DomainError('INVALID_ARGUMENT', 'errors.malformedJson');
    case 'entity.too.large':
      return new DomainError('PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge');
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.aborted':
    case 'request.size.invalid':
      return new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
    default:
      return null;
  }
}

/** The router's failure to decode a path parameter ("%E0%A4%A"), raised before any handler runs. */
function undecodablePath(error: unknown): DomainError | null {
  const fromRouter = error instanceof URIError && (error as URIError & { status?: unknown }).status === 400;
  return fromRouter ? new DomainError('INVALID_ARGUMENT', 'errors.invalidInput') : null;
}

/** The Retry-After a refusal carries: when a 503 or a limit's 429 may be tried again. */
export function retryAfterOf(error: DomainError): Record<string, string> {
  const retryAfter =
    error.code === 'UNAVAILABLE'
      ? UNAVAILABLE_RETRY_AFTER_SECONDS
      : error.code === 'RESOURCE_EXHAUSTED'
        ? error.params.retryAfterSeconds
        : undefined;
  return retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) };
}

export function sendError(res: Response, req: IncomingMessage, say: Say, error: DomainError): void {
  res.set(retryAfterOf(error));
  respond(res.status(statusOf[error.code].http), refusalSchema, { message: say(req, error.messageKey, error.params) });
}

/** The last middleware: every failure leaves as JSON `{ message }` in the request's language. */
export function errorResponder(say: Say, logger: Logger): ErrorRequestHandler {
  return (failure: unknown, req, res, next) => {
    if (res.headersSent) return next(failure);
    const { error, expected } = describeError(failure);
    if (!expected) (req.log ?? logger).error({ err: failure }, 'request failed');
    sendError(res, req, say, error);
  };
}

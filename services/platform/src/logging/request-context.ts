import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '@opentelemetry/api';

/**
 * What the work of one request carries through its async steps: its id, and its trace context while tracing is on
 * (tracing.ts keeps OpenTelemetry's current context here). One store for both, since every promise created copies
 * each store along: a second one cost about a microsecond a request on the hot reads.
 */
interface RequestContext {
  requestId?: string;
  trace?: Context;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id that every log line and outgoing gRPC call made inside it carries. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId, trace: requestContext.getStore()?.trace }, fn);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * Runs `fn` as the work of no request: what several requests share (one call carrying what each of them asked) is
 * logged and traced as none of theirs.
 */
export function outsideAnyRequest<T>(fn: () => T): T {
  return requestContext.exit(fn);
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentTraceIds } from '../tracing/tracing.js';

export type { Logger } from 'pino';

interface RequestContext {
  requestId: string;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id that every log line and outgoing gRPC call made inside it carries. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * JSON lines for machines; on a terminal (someone ran `npm start`), readable lines instead. A line written inside a
 * request or a traced span carries its request id, and its trace and span ids (when tracing is on).
 */
export function createLogger(name: string, level = 'info'): Logger {
  const options = {
    name,
    level,
    mixin: () => {
      const requestId = currentRequestId();
      const traceIds = currentTraceIds();
      return requestId ? { requestId, ...traceIds } : { ...traceIds };
    },
  };
  return process.stdout.isTTY
    ? pino(options, pretty({ sync: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' }))
    : pino(options);
}

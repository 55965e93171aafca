import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentTraceIds } from '../tracing/tracing.js';
import { currentRequestId } from './request-context.js';

export type { Logger } from 'pino';
export { currentRequestId, outsideAnyRequest, withRequestId } from './request-context.js';

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

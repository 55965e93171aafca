import type { IncomingMessage, ServerResponse } from 'node:http';
import { withRequestId, type Logger } from '@tip/platform';
import type { Say } from '../i18n/translator.js';
import { describeError } from './errors.js';
import { requestIdOf } from './request-id.js';

/** What a fast lane answers: a status, a JSON body, and headers of its own. */
export interface LaneAnswer {
  status: number;
  body: string | Buffer;
  headers?: Record<string, string>;
}

/**
 * A hot GET served on plain node:http ahead of Express (Express alone costs about two thirds of a small answer's
 * throughput). The lane runs inside its request id and answers JSON with the headers the app's other answers carry
 * that matter for JSON; a failure becomes the same `{ message }` in the member's language as anywhere else.
 * Successes are logged at debug level only (these are polled or hot), failures always.
 */
export function fastLane(
  options: { name: string; say: Say; logger: Logger },
  answer: (req: IncomingMessage, requestId: string) => Promise<LaneAnswer>,
) {
  const { name, say, logger } = options;
  const send = (res: ServerResponse, requestId: string, reply: LaneAnswer) => {
    res.writeHead(reply.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(reply.body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': requestId,
      ...reply.headers,
    });
    res.end(reply.body);
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = requestIdOf(req);
    withRequestId(requestId, () => answer(req, requestId)).then(
      (reply) => {
        send(res, requestId, reply);
        if (logger.isLevelEnabled('debug')) logger.debug({ requestId, path: req.url, status: reply.status }, name);
      },
      (failure: unknown) => {
        const { status, error, expected } = describeError(failure);
        if (expected) logger.warn({ err: failure, requestId }, `${name} failed`);
        else logger.error({ err: failure, requestId }, `${name} failed`);
        send(res, requestId, { status, body: JSON.stringify({ message: say(req, error.messageKey, error.params) }) });
      },
    );
  };
}

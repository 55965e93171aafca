import type { IncomingMessage, ServerResponse } from 'node:http';
import { withRequestId, type Logger } from '@tip/platform';
import type { Say } from '../i18n/translator.js';
import { acceptedEncoding, COMPRESS_MIN_BYTES, compressed } from './compression.js';
import { describeError, retryAfterOf } from './errors.js';
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
 * that matter for JSON; a failure becomes the same `{ message }` in the member's language as anywhere else. A body of
 * COMPRESS_MIN_BYTES or more is compressed when the client accepts it, as Express's answers are, and a Buffer body
 * served again (a kept feed page) is compressed once (compressed()). Successes are logged at debug level only (these
 * are polled or hot), failures always.
 */
export function fastLane(
  options: { name: string; say: Say; logger: Logger },
  answer: (req: IncomingMessage, requestId: string) => Promise<LaneAnswer>,
) {
  const { name, say, logger } = options;
  const write = (
    res: ServerResponse,
    requestId: string,
    reply: LaneAnswer,
    body: string | Buffer,
    encoding?: string,
  ) => {
    res.writeHead(reply.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': requestId,
      Vary: 'Accept-Encoding',
      ...(encoding && { 'Content-Encoding': encoding }),
      ...reply.headers,
    });
    res.end(body);
  };
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    reply: LaneAnswer,
  ): Promise<void> | void => {
    const encoding =
      Buffer.byteLength(reply.body) >= COMPRESS_MIN_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) return write(res, requestId, reply, reply.body);
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
    return compressed(body, encoding).then((smaller) => write(res, requestId, reply, smaller, encoding));
  };
  const fail = (req: IncomingMessage, res: ServerResponse, requestId: string, failure: unknown) => {
    const { status, error, expected } = describeError(failure);
    if (expected) logger.warn({ err: failure, requestId }, `${name} failed`);
    else logger.error({ err: failure, requestId }, `${name} failed`);
    if (res.headersSent) return void res.destroy();
    void send(req, res, requestId, {
      status,
      headers: retryAfterOf(error),
      body: JSON.stringify({ message: say(req, error.messageKey, error.params) }),
    });
  };
  const answered = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    if (logger.isLevelEnabled('debug')) logger.debug({ requestId, path: req.url, status: res.statusCode }, name);
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = requestIdOf(req);
    withRequestId(requestId, () => answer(req, requestId)).then(
      (reply) => {
        // Synchronous unless the body is compressed: the hot lanes' answers take no extra turn of the event loop.
        const compressing = send(req, res, requestId, reply);
        if (!compressing) return answered(req, res, requestId);
        compressing.then(
          () => answered(req, res, requestId),
          (failure: unknown) => fail(req, res, requestId, failure),
        );
      },
      (failure: unknown) => fail(req, res, requestId, failure),
    );
  };
}

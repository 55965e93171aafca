import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { withRequestId, withRequestTrace } from '@tip/platform';

/**
 * Runs `fn` inside the request's id and trace, so that both follow into the gRPC calls it makes and the events they
 * write: stream events from body parsing do not carry the async context by themselves.
 */
export function inRequest<T>(req: IncomingMessage & { id: unknown }, fn: () => T): T {
  return withRequestId(String(req.id), () => withRequestTrace(req, fn));
}

/** A route handler that runs inside its request (inRequest), and whose failures reach the error handler. */
export function handle(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    inRequest(req, () => fn(req, res)).catch(next);
  };
}

/** A check that lets the request through when it resolves (a rate limit, say), inside the request too. */
export function guard(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    inRequest(req, () => fn(req, res)).then(() => next(), next);
  };
}

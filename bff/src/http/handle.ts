import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { withRequestId } from '@tip/platform';

/**
 * A route handler that runs inside its request id, so the id follows into the gRPC calls it makes (stream events
 * from body parsing do not carry the async context by themselves), and whose failures reach the error handler.
 */
export function handle(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    withRequestId(String(req.id), () => fn(req, res)).catch(next);
  };
}

/** A check that lets the request through when it resolves (a rate limit, say), inside the request id too. */
export function guard(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    withRequestId(String(req.id), () => fn(req, res)).then(() => next(), next);
  };
}

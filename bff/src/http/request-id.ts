import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request's id: the caller's x-request-id when it looks like one (it goes into logs and headers), a new uuid
 * otherwise.
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

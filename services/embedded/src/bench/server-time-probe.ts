/**
 * Preloaded into a platform a bench starts (`node --import <this> ...`, with an IPC channel): the server's own time
 * of each request that carries an x-request-id, from the moment Node parsed its head to the moment its answer was
 * handed to the socket (Node's http.server diagnostics channels), sent to the bench as a `ServerTime`. The platform's
 * code is as it ships; only this observer is added. The client's side (its HTTP stack, the loopback) is left out.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

/** What the probe sends the bench about each request it timed. */
export interface ServerTime {
  requestId: string;
  ms: number;
}

const startedAt = new WeakMap<IncomingMessage, bigint>();

subscribe('http.server.request.start', (message) => {
  startedAt.set((message as { request: IncomingMessage }).request, process.hrtime.bigint());
});

subscribe('http.server.response.finish', (message) => {
  const { request } = message as { request: IncomingMessage };
  const started = startedAt.get(request);
  const requestId = request.headers['x-request-id'];
  if (started === undefined || typeof requestId !== 'string') return;
  const time: ServerTime = { requestId, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  process.send?.(time);
});

import type { Server } from 'node:http';
import { createServer as createListener, type AddressInfo, type Server as Listener } from 'node:net';

/**
 * Sockets listening on the server's port. libuv accepts one new connection per listening socket per turn of the event
 * loop: with the loop busy (30 ms a turn past capacity), 120 connections opened at once waited up to 3.6 s to be
 * accepted, one turn each, however fast the admission gate then refused them. With this many listeners sharing the
 * port (SO_REUSEPORT: the kernel spreads connections across them), a turn takes this many.
 */
export const ACCEPTING_SOCKETS = 32;

/**
 * The socket options node:http's server gives the connections it accepts, for those the added listeners accept:
 * without TCP_NODELAY an answer written in two parts waited for the client's delayed ACK (a page of notifications
 * took 44 ms at p50 instead of 4); half-open, so that node:http, not the socket, decides what a client's end does.
 */
const HTTP_SOCKETS = { allowHalfOpen: true, noDelay: true };

/** What stops the listeners `listen` added beside the server (the server itself closes with `server.close`). */
export type StopExtraListeners = () => Promise<void>;

/**
 * Listens with `server` on `port` and `host`; where the OS spreads a port's connections across its listeners (Linux)
 * and `acceptingSockets` is above one, adds that many less one listeners on the same port, each handing its
 * connections to `server` as its own. (A cluster worker wants one: the primary accepts for it.)
 */
export async function listen(
  server: Server,
  port: number,
  host: string | undefined,
  acceptingSockets = ACCEPTING_SOCKETS,
): Promise<StopExtraListeners> {
  if (process.platform !== 'linux' || acceptingSockets <= 1) {
    await listening(server, port, host, false);
    return async () => {};
  }
  if (port !== 0) await assertFree(port, host);
  await listening(server, port, host, true);
  const { port: bound } = server.address() as AddressInfo;
  const extras: Listener[] = [];
  const stop = () => Promise.all(extras.map((extra) => new Promise((resolve) => extra.close(resolve)))).then(() => {});
  try {
    for (let n = 1; n < acceptingSockets; n += 1) {
      const extra = createListener(HTTP_SOCKETS, (socket) => server.emit('connection', socket));
      extras.push(extra);
      await listening(extra, bound, host, true);
    }
  } catch (error) {
    await stop();
    server.close();
    throw error;
  }
  return stop;
}

/**
 * Takes the port for a moment with a listener without SO_REUSEPORT, so that a port another process holds fails here
 * (EADDRINUSE) as it always did, rather than sharing that process's connections with this one. (Port 0 needs no such
 * check: the OS picks a port no one holds.)
 */
async function assertFree(port: number, host: string | undefined): Promise<void> {
  const probe = createListener();
  await listening(probe, port, host, false);
  await new Promise((resolve) => probe.close(resolve));
}

function listening(server: Listener, port: number, host: string | undefined, reusePort: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, reusePort }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

import { createServer } from 'node:net';

/**
 * Where free ports are looked for: below Linux's ephemeral range (32768–60999 by default), from which the kernel
 * takes the local port of every outgoing connection. A port found free there (as `listen(0)` finds one) can become an
 * outgoing connection's between this answer and its listener's bind, which made starts fail with EADDRINUSE on a
 * loaded machine.
 */
const FIRST = 20_000;
const LAST = 32_767;
const ATTEMPTS = 100;

/** A port nobody listens on right now, on any interface. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${LAST} after ${ATTEMPTS} tries`);
}

/** Whether a listener on every interface (as the BFF's) can take the port now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

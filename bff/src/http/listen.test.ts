import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { listen } from './listen.js';

const BURST = 40;
const opened: { server: Server; stop: () => Promise<void> }[] = [];

async function serving(acceptingSockets: number, port = 0) {
  const server = createServer((_req, res) => res.end('ok'));
  const stop = await listen(server, port, '127.0.0.1', acceptingSockets);
  opened.push({ server, stop });
  return { server, port: (server.address() as AddressInfo).port };
}

afterEach(async () => {
  for (const { server, stop } of opened.splice(0)) {
    server.closeAllConnections();
    await Promise.all([new Promise((resolve) => server.close(resolve)), stop()]);
  }
});

/**
 * Opens BURST connections to `port` from another process while this one's event loop is held (spawnSync), so that
 * they all wait in the listeners' queues; then answers how many the server took in each turn of the loop that took any.
 */
async function acceptedPerTurn(server: Server, port: number): Promise<number[]> {
  let accepted = 0;
  server.on('connection', () => (accepted += 1));
  const client = `
    const net = require('node:net');
    let open = 0;
    for (let i = 0; i < ${BURST}; i++) {
      const socket = net.connect(${port}, '127.0.0.1', () => { if (++open === ${BURST}) process.exit(0); });
      socket.on('error', () => process.exit(1));
    }`;
  expect(spawnSync(process.execPath, ['-e', client], { timeout: 10_000 }).status).toBe(0);
  const turns: number[] = [];
  let seen = 0;
  while (seen < BURST) {
    await new Promise((resolve) => setImmediate(resolve));
    if (accepted > seen) turns.push(accepted - seen);
    seen = accepted;
  }
  return turns;
}

// Other systems take one listening socket (listen.ts).
const onLinux = process.platform === 'linux' ? describe : describe.skip;

onLinux('listening on several sockets', () => {
  it('takes a burst of new connections several a turn of the event loop, where one socket takes one', async () => {
    const one = await serving(1);
    expect(new Set(await acceptedPerTurn(one.server, one.port))).toEqual(new Set([1]));

    const eight = await serving(8);
    const turns = await acceptedPerTurn(eight.server, eight.port);
    expect(turns[0]).toBeGreaterThan(1);
    expect(Math.max(...turns)).toBeLessThanOrEqual(8);
    expect(turns.reduce((sum, taken) => sum + taken, 0)).toBe(BURST);
  });

  it('serves what every socket takes, and refuses a port another process holds', async () => {
    const { port } = await serving(8);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } }).then((answer) => answer.text()),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => 'ok'));
    await expect(serving(8, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('stops every socket it added', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const stop = await listen(server, 0, '127.0.0.1', 8);
    const { port } = server.address() as AddressInfo;
    await Promise.all([new Promise((resolve) => server.close(resolve)), stop()]);
    const refused = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve('connected'));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});

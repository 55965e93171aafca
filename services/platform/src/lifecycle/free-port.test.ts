import { describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:net';
import { freePort } from './free-port.js';

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });

describe('freePort', () => {
  it('answers ports below the ephemeral range that a listener on every interface can take', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
    }
    const servers = await Promise.all([...new Set(ports)].map(listenOn));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});

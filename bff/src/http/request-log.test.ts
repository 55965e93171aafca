import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { requestLog } from './request-log.js';

describe('the request log', () => {
  it('writes one line per request with its id and path, and no cookie or query', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = express();
    app.use(requestLog(pino(sink)));
    app.get('/api/auth/google/callback', (_req, res) => res.status(302).end());
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/api/auth/google/callback?code=secret-code&state=s`, {
      headers: { Cookie: 'tip_session=secret-token', 'x-request-id': 'req-7' },
      redirect: 'manual',
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));

    expect(response.headers.get('x-request-id')).toBe('req-7');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ req: { id: 'req-7', method: 'GET', path: '/api/auth/google/callback' } });
    expect(lines[0]).toMatchObject({ res: { statusCode: 302 } });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('secret-code');
  });
});

// The compose gateway's compression (deploy/nginx.conf), run for real: Debian's nginx on this machine with the
// gateway's configuration pointed at loopback (localGatewayConfig, as npm run start:distributed runs it), in front of
// a stand-in BFF. What the BFF compressed passes as it is; JSON it left whole is gzipped from 1 KB on; smaller answers
// go as they are.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freePort, scaled, waitFor } from '@tip/platform/testing';
import { localGatewayConfig } from '../services/embedded/src/gateway.js';

const NGINX = '/usr/sbin/nginx';
const describeWithNginx = existsSync(NGINX) ? describe : describe.skip;
if (!existsSync(NGINX))
  process.stderr.write(`gateway tests: SKIPPED, ${NGINX} is not installed (apt-get install nginx)\n`);

const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 300 }, (_, n) => `testo ${n}`))};`;
const BIG = JSON.stringify(Array.from({ length: 100 }, (_, n) => ({ id: n, text: `un post numero ${n}` })));
const SMALL = JSON.stringify({ unread: 3 });

/** A GET through the gateway, its body as it came over the wire. */
function get(port: number, path: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; wire: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, wire: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describeWithNginx('the compose gateway (deploy/nginx.conf)', () => {
  let dir: string;
  let bff: Server;
  let nginx: ChildProcess;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tip-gateway-'));
    // A stand-in BFF: a script it sends precompressed, as the real one does, and JSON it leaves whole.
    bff = createServer((req, res) => {
      if (req.url === '/assets/texts.js') {
        res.writeHead(200, {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Content-Encoding': 'br',
          Vary: 'Accept-Encoding',
        });
        res.end(brotliCompressSync(SCRIPT));
      } else {
        // With its length, as the BFF's JSON goes (nginx's gzip_min_length reads Content-Length).
        const body = req.url === '/api/big' ? BIG : SMALL;
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
        res.end(body);
      }
    });
    await new Promise<void>((resolve) => bff.listen(0, '127.0.0.1', resolve));
    port = await freePort();
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      localGatewayConfig({ dir, listen: `127.0.0.1:${port}`, upstreams: [(bff.address() as AddressInfo).port] }),
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    nginx.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await waitFor(
      async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
        try {
          return (await get(port, '/gateway-health', '')).wire.toString() === 'ok\n';
        } catch {
          return false;
        }
      },
      10_000,
      'the gateway to answer',
    );
  }, scaled(20_000));

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    if (nginx && nginx.exitCode === null) await new Promise((resolve) => nginx.once('exit', resolve));
    await new Promise((resolve) => bff?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes what the BFF compressed on as it is, with its Vary', async () => {
    const { headers, wire } = await get(port, '/assets/texts.js', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('br');
    expect(String(headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(wire).toString()).toBe(SCRIPT);
  });

  it('gzips JSON the BFF left whole from 1 KB on, with Vary: Accept-Encoding', async () => {
    const { headers, wire } = await get(port, '/api/big', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('gzip');
    expect(String(headers.vary)).toMatch(/accept-encoding/i);
    expect(wire.length).toBeLessThan(BIG.length / 2);
    expect(gunzipSync(wire).toString()).toBe(BIG);
  });

  it('sends small answers, and any to a client that accepts no encoding, as they are', async () => {
    const small = await get(port, '/api/small', 'gzip, deflate, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.wire.toString()).toBe(SMALL);
    const plain = await get(port, '/api/big', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.toString()).toBe(BIG);
  });
});

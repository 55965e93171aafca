import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request, type IncomingMessage } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let dist: string;
const INDEX = '<!doctype html><html lang="it"><body><div id="root"></div></body></html>';
/** A script as the build leaves it: itself, and its brotli and gzip copies beside it (web/vite.config.ts). */
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, n) => `testo numero ${n}`))};`;

async function writeCompressed(path: string, content: string) {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'tip-web-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeCompressed(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  await writeCompressed(join(dist, 'assets', 'texts-8b2e4d.js'), SCRIPT);
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  stack = await startStack({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await stack.stop();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${stack.url}${path}`, { redirect: 'manual' });

/** A GET with this Accept-Encoding, its body as it came over the wire (fetch would decode it). */
async function getEncoded(path: string, acceptEncoding: string) {
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    request(`${stack.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, resolve)
      .on('error', reject)
      .end(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { headers: response.headers, wire: Buffer.concat(chunks) };
}

describe('the built web app', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const response = await get('/assets/index-3f9a1c.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("app")');
  });

  it('serves index.html and other files revalidated', async () => {
    for (const path of ['/', '/favicon.svg']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect(await (await get('/')).text()).toBe(INDEX);
  });

  it("answers the client router's paths with index.html", async () => {
    for (const path of ['/login', '/profile/abc', '/google-profile-setup?x=1', '/no/such/page']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('sends a precompressed file in the best encoding the browser accepts, with Vary, and as it is to others', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['identity', undefined, (wire: Buffer) => wire],
    ] as const;
    for (const [accepted, encoding, decode] of cases) {
      const { headers, wire } = await getEncoded('/assets/texts-8b2e4d.js', accepted);
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers.vary).toMatch(/accept-encoding/i);
      expect(headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(wire).toString()).toBe(SCRIPT);
      if (encoding) expect(wire.length).toBeLessThan(SCRIPT.length / 2);
    }
  });

  it("sends the page precompressed too, on the client router's paths", async () => {
    for (const path of ['/', '/login']) {
      const { headers, wire } = await getEncoded(path, 'br');
      expect(headers['content-encoding']).toBe('br');
      expect(headers['content-type']).toMatch(/text\/html/);
      expect(headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(wire).toString()).toBe(INDEX);
    }
  });

  it('does not answer missing assets or API paths with the page', async () => {
    expect((await get('/assets/gone-123.js')).status).toBe(404);
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('sends a content security policy the app runs under', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

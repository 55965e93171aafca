import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { scaled } from '@tip/platform/testing';
import { startStack, type TestStack } from '../testing/start-stack.js';
import { acceptedEncoding, COMPRESS_MIN_BYTES } from './compression.js';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('x-gzip')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('honours q=0 as a refusal and * as either', () => {
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('br;q=0, *')).toBe('gzip');
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('BR; Q=1.0')).toBe('br');
  });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire. */
  wire: Buffer;
  /** The body decoded as its Content-Encoding says. */
  text: string;
}

/** A GET with these headers, the body as sent (fetch would decode it behind our back and hide its size). */
function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, wire, text: body.toString() });
      });
    })
      .on('error', reject)
      .end();
  });
}

let stack: TestStack;
let cookie: string;
const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  rawGet(`${stack.url}${path}`, {
    cookie,
    ...headers,
    ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
  });

beforeAll(async () => {
  stack = await startStack();
  const admin = await stack.admin();
  cookie = admin.browser.cookieHeader();
  // Members and posts enough for answers above the threshold: the users' list (Express) and the feed (a fast lane).
  expect((await admin.browser.request('/api/admin/create-test-users', { method: 'POST' })).status).toBe(201);
  for (let batch = 0; batch < 2; batch++)
    expect((await admin.browser.request('/api/admin/create-test-posts', { method: 'POST' })).status).toBe(201);
}, scaled(60_000));
afterAll(async () => {
  await stack.stop();
});

describe.each([
  ['an Express answer', '/api/admin/users'],
  ['the feed, in its fast lane', '/api/posts/feed'],
])('%s above the threshold', (_name, path) => {
  it('is compressed, brotli first, with Vary: Accept-Encoding, and says the same', async () => {
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);

    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await get(path, accepted);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.wire.length).toBeLessThan(plain.wire.length / 2);
      expect(JSON.parse(answer.text)).toEqual(JSON.parse(plain.text));
    }
  });
});

describe('an answer below the threshold', () => {
  it.each([
    ['the current user, in its fast lane', '/api/auth/user'],
    ['an Express answer', '/api/messages/unread-count'],
  ])('%s goes as it is', async (_name, path) => {
    const answer = await get(path, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.wire.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.text)).toBeTruthy();
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError } from '@tip/platform';
import { streamMultipart } from './streamed-upload.js';

const BOUNDARY = 'tip-boundary';
const head = (fields: Record<string, string>) =>
  Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="IMG_0001.MOV"\r\n` +
      'Content-Type: video/quicktime\r\n\r\n',
  );
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** The bytes the route's withFile has taken so far, and who waits to see them reach a count. */
let taken = 0;
const waiting: { bytes: number; resolve: () => void }[] = [];
const takenReach = (bytes: number) =>
  new Promise<void>((resolve) => (taken >= bytes ? resolve() : waiting.push({ bytes, resolve })));

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  // The bound in the path: 1,000 bytes, or what a test asks.
  app.post('/upload/:maxBytes', (req, res) => {
    taken = 0;
    const rule = { maxBytes: Number(req.params.maxBytes), requiredKey: 'x', tooLargeKey: 'content.videoTooLarge' };
    streamMultipart(req, res, 'media', rule, async (file) => {
      for await (const chunk of file.chunks) {
        taken += chunk.length;
        for (const waiter of waiting.filter(({ bytes }) => taken >= bytes)) waiter.resolve();
      }
      return { name: file.name, bytes: taken };
    }).then(
      (result) => res.json(result),
      (error: unknown) => res.status(400).json({ key: error instanceof DomainError ? error.messageKey : 'other' }),
    );
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends a multipart body in parts (chunked, no Content-Length), each after `before` of it has resolved. */
function send(maxBytes: number, parts: { bytes: Buffer; before?: () => Promise<void> }[]) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const outgoing = request(
      {
        port,
        method: 'POST',
        path: `/upload/${maxBytes}`,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    outgoing.on('error', reject);
    void (async () => {
      for (const part of parts) {
        await part.before?.();
        if (!outgoing.writableEnded) outgoing.write(part.bytes);
      }
      outgoing.end();
    })();
  });
}

describe('a streamed multipart upload', () => {
  it('hands the file on as it arrives, before the rest of the body is sent', async () => {
    const file = Buffer.alloc(64 * 1024, 7);
    const answer = await send(1024 * 1024, [
      { bytes: Buffer.concat([head({ content: 'ciao' }), file.subarray(0, 32 * 1024)]) },
      // The second half leaves only once the route has taken most of the first: a route holding the file whole
      // would wait for the end of the body, and this test with it.
      { bytes: Buffer.concat([file.subarray(32 * 1024), tail]), before: () => takenReach(16 * 1024) },
    ]);
    expect(answer).toEqual({
      status: 200,
      body: { fields: { content: 'ciao' }, answer: { name: 'IMG_0001.MOV', bytes: file.length } },
    });
  });

  it('refuses a file past its bound with the rule’s message, having handed on no more than the bound', async () => {
    const answer = await send(1000, [{ bytes: Buffer.concat([head({}), Buffer.alloc(5000, 1), tail]) }]);
    expect(answer).toEqual({ status: 400, body: { key: 'content.videoTooLarge' } });
    expect(taken).toBeLessThanOrEqual(1000);
  });

  it('refuses a second file as the buffered form does, a file in another field, and a body that is not a form', async () => {
    const file = (field: string) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="b.jpg"\r\n\r\nxyz\r\n`);
    const end = Buffer.from(`--${BOUNDARY}--\r\n`);
    const twice = await send(1000, [{ bytes: Buffer.concat([file('media'), file('media'), end]) }]);
    expect(twice).toEqual({ status: 400, body: { key: 'errors.payloadTooLarge' } });
    const elsewhere = await send(1000, [{ bytes: Buffer.concat([file('avatar'), end]) }]);
    expect(elsewhere).toEqual({ status: 400, body: { key: 'errors.invalidInput' } });
    const plain = await fetch(`http://127.0.0.1:${port}/upload/1000`, { method: 'POST', body: 'not a form' });
    expect(await plain.json()).toEqual({ key: 'errors.invalidInput' });
  });

  it('answers the fields alone when the form has no file', async () => {
    const fields = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\nsolo testo\r\n--${BOUNDARY}--\r\n`,
    );
    expect(await send(1000, [{ bytes: fields }])).toEqual({
      status: 200,
      body: { fields: { content: 'solo testo' }, answer: null },
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, ApiError, toFormData } from './client';
import { serverBusySeconds, watchServerBusy } from './server-busy';

type Seen = { method?: string; contentType?: string; body: string };

let server: Server;
let base = '';
let seen: Seen = { body: '' };
/** How many times each path has been asked for. */
const asked = new Map<string, number>();

async function readAll(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen = { method: request.method, contentType: request.headers['content-type'], body: await readAll(request) };
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    const times = (asked.get(request.url ?? '') ?? 0) + 1;
    asked.set(request.url ?? '', times);
    const busy = (status: number, retryAfter: string) => {
      response.writeHead(status, { 'content-type': 'application/json', 'retry-after': retryAfter });
      response.end('{"message":"Il server è molto occupato. Riprova tra 1 s."}');
    };
    // Busy for the first two asks, then served.
    if (request.url === '/busy-twice') return times <= 2 ? busy(503, '1') : send(200, 'application/json', '{"ok":1}');
    if (request.url === '/busy-for-a-member') return busy(429, '1');
    if (request.url === '/busy-for-long') return busy(503, '60');
    if (request.url === '/busy-write' || request.url === '/busy-abandoned') return busy(503, '1');
    if (request.url === '/json') return send(200, 'application/json', '{"ok":true}');
    if (request.url === '/conflict') return send(409, 'application/json', '{"message":"Nome utente già in uso"}');
    if (request.url === '/plain-error') return send(502, 'text/plain', 'Bad gateway');
    if (request.url === '/html') return send(200, 'text/html', '<!doctype html><html></html>');
    if (request.url === '/empty') {
      response.writeHead(204);
      return response.end();
    }
    send(404, 'application/json', '{"message":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api', () => {
  it('sends a plain object as JSON and returns the parsed answer', async () => {
    await expect(api(`${base}/json`, { method: 'POST', body: { email: 'a@b.it' } })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ method: 'POST', contentType: 'application/json', body: '{"email":"a@b.it"}' });
  });

  it('sends FormData as multipart, untouched', async () => {
    const form = toFormData({ username: 'marco', verificationPhoto: new Blob(['img'], { type: 'image/png' }) });
    await api(`${base}/json`, { method: 'POST', body: form });
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('name="username"');
    expect(seen.body).toContain('name="verificationPhoto"');
  });

  it("throws the status and the server's message on a refusal", async () => {
    const error = await api(`${base}/conflict`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Nome utente già in uso' });
  });

  it('falls back to the text of a non-JSON refusal', async () => {
    await expect(api(`${base}/plain-error`)).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
  });

  it('treats an OK answer that is not JSON as a failure (no API behind the URL)', async () => {
    await expect(api(`${base}/html`)).rejects.toBeInstanceOf(ApiError);
  });

  it('answers nothing for 204', async () => {
    await expect(api(`${base}/empty`, { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('api when the server is busy', () => {
  it('asks again after Retry-After, then twice as long, saying how long it waits meanwhile', async () => {
    const announced: (number | null)[] = [];
    const stopWatching = watchServerBusy(() => announced.push(serverBusySeconds()));
    await expect(api(`${base}/busy-twice`)).resolves.toEqual({ ok: 1 });
    stopWatching();
    expect(asked.get('/busy-twice')).toBe(3);
    // The notice says 1 s, then nothing while the request goes again, then 2 s, then nothing once it is answered.
    expect(announced).toEqual([1, null, 2, null]);
  });

  it('sends an idempotent write again, and gives up after three more tries with the server’s message', async () => {
    const error = await api(`${base}/busy-for-a-member`, { method: 'POST', body: { id: 'x' }, idempotent: true }).catch(
      (e: unknown) => e,
    );
    expect(asked.get('/busy-for-a-member')).toBe(4);
    expect(error).toMatchObject({ status: 429, message: 'Il server è molto occupato. Riprova tra 1 s.' });
  }, 20_000);

  it('sends no other write again, and does not wait longer than 10 s', async () => {
    await expect(api(`${base}/busy-write`, { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503 });
    expect(asked.get('/busy-write')).toBe(1);
    await expect(api(`${base}/busy-for-long`)).rejects.toMatchObject({ status: 503 });
    expect(asked.get('/busy-for-long')).toBe(1);
  });

  it('stops waiting when the request is abandoned', async () => {
    const abandon = new AbortController();
    const waiting = api(`${base}/busy-abandoned`, { signal: abandon.signal }).catch((e: unknown) => e);
    while (serverBusySeconds() === null) await new Promise((resolve) => setTimeout(resolve, 5));
    abandon.abort();
    expect(await waiting).toMatchObject({ name: 'AbortError' });
    expect(asked.get('/busy-abandoned')).toBe(1);
    expect(serverBusySeconds()).toBeNull();
  });
});

describe('toFormData', () => {
  it('leaves out empty optional fields and stringifies the rest', () => {
    const form = toFormData({ username: 'marco', age: 31, city: '', region: undefined, telegramUsername: null });
    expect([...form.keys()]).toEqual(['username', 'age']);
    expect(form.get('age')).toBe('31');
  });
});

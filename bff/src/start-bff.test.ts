import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registrationForm, startStack, type TestStack } from './testing/start-stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

describe('stopping the BFF', () => {
  it('lets a request in flight finish, then refuses new connections', async () => {
    // A registration whose body is still arriving when the stop begins.
    const form = new Response(
      registrationForm({ username: 'tardivo', email: 'tardivo@example.it', password: 'segreta1' }),
    );
    const contentType = form.headers.get('content-type') ?? '';
    const body = Buffer.from(await form.arrayBuffer());
    let sendRest = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.subarray(0, 100));
        sendRest = () => {
          controller.enqueue(body.subarray(100));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stopped = stack.bff.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    sendRest();
    const response = await inFlight;
    expect(response.status).toBe(201);
    await stopped;
    await expect(fetch(`${stack.url}/api/health`)).rejects.toThrow();
  });
});

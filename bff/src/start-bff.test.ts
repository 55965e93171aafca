import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { waitFor } from '@tip/platform/testing';
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
    // Expect: 100-continue makes the server say when it has the request, so the stop begins with it in flight.
    const request = httpRequest(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'Content-Length': body.length, Expect: '100-continue' },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.once('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.once('error', reject);
    });
    await new Promise((resolve) => request.once('continue', resolve));
    request.write(body.subarray(0, 100));

    const stopped = stack.bff.stop();
    await waitFor(
      () =>
        fetch(`${stack.url}/api/health`).then(
          () => false,
          () => true,
        ),
      5_000,
      'new connections refused',
    );
    request.end(body.subarray(100));
    expect(await answered).toBe(201);
    await stopped;
    await expect(fetch(`${stack.url}/api/health`)).rejects.toThrow();
  });
});

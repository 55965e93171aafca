import { beforeAll, describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { sleep, waitFor } from '../../testing/wait.js';
import { mendKafkajsIdleLoop } from './kafkajs-idle-loop.js';

/** kafkajs's own request queue of a broker connection, driven as its Connection drives it. */
interface Queue {
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  push(request: { entry: object; expectResponse: boolean; sendRequest: () => void }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}
type QueueClass = new (options: object) => Queue;

const quiet = { debug: () => undefined, warn: () => undefined, info: () => undefined, error: () => undefined };

function newQueue(maxInFlightRequests: number | null = null) {
  const RequestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as QueueClass;
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: '127.0.0.1:9092',
    logger: quiet,
  });
}

/** Request `correlationId` on `queue`: whether it went to the socket, and its answer. */
function request(queue: Queue, correlationId: number) {
  const sent = { yes: false };
  const answered = new Promise((resolve, reject) =>
    queue.push({
      entry: { correlationId, apiKey: 1, apiName: 'Fetch', apiVersion: 11, resolve, reject },
      expectResponse: true,
      sendRequest: () => (sent.yes = true),
    }),
  );
  return { sent, answered, answer: () => queue.fulfillRequest({ correlationId, payload: Buffer.alloc(0), size: 0 }) };
}

/**
 * The queue goes quiet: a check it scheduled (kafkajs looks again after 10 ms while a request waits) runs once, and
 * none is scheduled again while nothing waits.
 */
async function goesQuiet(queue: Queue) {
  await sleep(30);
  expect(queue.throttleCheckTimeoutId).toBeNull();
}

describe("kafkajs's request queue, mended", () => {
  beforeAll(mendKafkajsIdleLoop);

  it('goes quiet once its requests are answered (kafkajs set a 1 ms timer again and again)', async () => {
    const queue = newQueue();
    const fetch = request(queue, 1);
    expect(fetch.sent.yes).toBe(true);
    fetch.answer();
    await fetch.answered;
    await goesQuiet(queue);
  });

  it('sends a request held back by a broker throttle when the throttle ends', async () => {
    const queue = newQueue();
    queue.maybeThrottle(50);
    const fetch = request(queue, 1);
    expect(fetch.sent.yes).toBe(false);
    await waitFor(() => fetch.sent.yes, 1000, 'the throttled request sent');
    fetch.answer();
    await fetch.answered;
    await goesQuiet(queue);
  });

  it('sends a request held back by the in-flight limit when one in flight is answered', async () => {
    const queue = newQueue(1);
    const first = request(queue, 1);
    const second = request(queue, 2);
    expect([first.sent.yes, second.sent.yes]).toEqual([true, false]);
    first.answer();
    await waitFor(() => second.sent.yes, 1000, 'the second request sent');
    second.answer();
    await Promise.all([first.answered, second.answered]);
    expect(queue.pending).toEqual([]);
    await goesQuiet(queue);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { waitFor } from '@tip/platform/testing';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };
/** The requests slow clients hold open. */
const holding: ClientRequest[] = [];

// Three requests in flight fill the server; two of one session fill that session's share. The event loop's delay is
// left out (a loaded machine stalls the jest process's loop): its rule has unit tests of its own.
beforeAll(async () => {
  stack = await startStack({
    env: {
      ADMISSION_MAX_IN_FLIGHT: '3',
      ADMISSION_MAX_IN_FLIGHT_PER_MEMBER: '2',
      ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '600000',
    },
  });
  admin = await stack.admin();
});
afterAll(async () => {
  release();
  await stack.stop();
});

/** A member an admin approved and credited, once messaging has heard of the approval. */
async function approvedMember(name: string, credits: number) {
  const member = await stack.member(name);
  await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
  await admin.browser.postJson(`/api/admin/users/${member.id}/add-credits`, { amount: credits });
  const known = await stack.adapters.documents.collection<{ _id: string; verificationStatus: string }>('members');
  await waitFor(async () => (await known.findOne({ _id: member.id }))?.verificationStatus === 'approved');
  return member;
}

/**
 * A send whose body never finishes arriving: the request holds its place in flight as a slow client's would. It
 * resolves once the server's handler has taken the request (Node answers `Expect: 100-continue` in the same turn as it
 * hands the request over), so the next request meets it counted.
 */
function holdOpen(browser: Browser): Promise<void> {
  return new Promise((resolve, reject) => {
    const client = request(`${stack.url}/api/messages`, {
      method: 'POST',
      headers: {
        Cookie: browser.cookieHeader(),
        'Content-Type': 'application/json',
        'Content-Length': '1000',
        Expect: '100-continue',
      },
    });
    client.once('continue', () => {
      client.write('{');
      resolve();
    });
    client.once('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    holding.push(client);
  });
}
/** The slow clients go away. */
function release() {
  for (const client of holding.splice(0)) client.destroy();
}

const send = (browser: Browser, recipientId: string, id: string) =>
  browser.postJson('/api/messages', { id, recipientId, content: 'ciao' });

const socketOf = (browser: Browser): Promise<Socket> =>
  new Promise((resolve) => {
    const socket = connect(stack.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { Cookie: browser.cookieHeader() },
    });
    socket.once('connect', () => resolve(socket));
  });

describe('admission control', () => {
  it('refuses past capacity at once with 503 and Retry-After, charging nothing, and serves again after', async () => {
    const sender = await approvedMember('paola', 10);
    const recipient = await approvedMember('quinto', 0);
    const socket = await socketOf(recipient.browser);

    await Promise.all([holdOpen(admin.browser), holdOpen(admin.browser), holdOpen(recipient.browser)]);
    const id = randomUUID();
    const refused = await send(sender.browser, recipient.id, id);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await json(refused)).toEqual({ message: 'Il server è molto occupato. Riprova tra 1 s.' });
    const inEnglish = await stack.browser('en').get('/api/auth/user');
    expect(inEnglish.status).toBe(503);
    expect(await json(inEnglish)).toEqual({ message: 'The server is very busy. Please try again in 1 s.' });

    // Nothing charged, nothing stored.
    expect(await stack.wallet.Balance({ userId: sender.id })).toMatchObject({ balance: 10 });
    const messages = await stack.adapters.documents.collection('messages');
    expect(await messages.count({ senderId: sender.id })).toBe(0);

    // Probes, Stripe's webhook and sockets are never refused: a socket stays connected, and a new one connects.
    expect((await stack.browser().get('/api/health')).status).toBe(200);
    expect((await stack.browser().get('/api/ready')).status).toBe(200);
    expect((await stack.browser().postJson('/api/stripe/webhook', {})).status).not.toBe(503);
    const another = await socketOf(sender.browser);
    expect(socket.connected).toBe(true);
    expect(another.connected).toBe(true);

    // Once the slow clients are gone, the same send (its id) goes through, charged once.
    release();
    await waitFor(async () => (await send(sender.browser, recipient.id, id)).status === 201, 5000, 'room again');
    expect(await stack.wallet.Balance({ userId: sender.id })).toMatchObject({ balance: 8 });
    expect(await messages.count({ senderId: sender.id })).toBe(1);
    socket.disconnect();
    another.disconnect();
  });

  it('refuses one session flooding with 429 while other members are served', async () => {
    const flooder = await approvedMember('rocco', 10);
    const other = await approvedMember('silvia', 10);

    await Promise.all([holdOpen(flooder.browser), holdOpen(flooder.browser)]);
    const flooding = await flooder.browser.get('/api/auth/user');
    expect(flooding.status).toBe(429);
    expect(flooding.headers.get('retry-after')).toBe('1');
    expect(await json(flooding)).toEqual({
      message: 'Troppe richieste in corso da questa sessione. Riprova tra 1 s.',
    });
    expect((await other.browser.get('/api/auth/user')).status).toBe(200);
    expect((await send(other.browser, flooder.id, randomUUID())).status).toBe(201);
    release();
  });
});

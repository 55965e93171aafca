import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { createLogger, MemoryCache } from '@tip/platform';
import { scaled, waitFor } from '@tip/platform/testing';
import { createApp } from '../app.js';
import { bffConfigSchema } from '../config.js';
import type { BffContext } from '../context.js';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';
import { RateLimits } from './rate-limits.js';

let stack: TestStack;
let admin: Browser;

// Whole seconds (the setting's unit), longer on a slower machine: a flood of paid sends must fit in one window.
const WINDOW_MS = Math.ceil(scaled(3000) / 1000) * 1000;

beforeAll(async () => {
  stack = await startStack({
    env: {
      WRITE_LIMIT_WINDOW_SECONDS: String(WINDOW_MS / 1000),
      MESSAGES_LIMIT_PER_MEMBER: '3',
      MESSAGES_LIMIT_PER_ADDRESS: '7',
      POSTS_LIMIT_PER_MEMBER: '1',
    },
  });
  admin = (await stack.admin()).browser;
});
afterAll(() => stack.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A member an admin approved and credited, once messaging has heard of the approval. */
async function approvedMember(name: string, credits = 0) {
  const member = await stack.member(name);
  await admin.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
  if (credits > 0) await admin.postJson(`/api/admin/users/${member.id}/add-credits`, { amount: credits });
  const known = await stack.adapters.documents.collection<{ _id: string; verificationStatus: string }>('members');
  await waitFor(
    async () => (await known.findOne({ _id: member.id }))?.verificationStatus === 'approved',
    5000,
    'approval',
  );
  return member;
}

describe('write limits', () => {
  const send = (browser: Browser, recipientId: string, headers: Record<string, string> = {}) =>
    browser.request('/api/messages', {
      method: 'POST',
      headers,
      json: { id: randomUUID(), recipientId, content: 'ciao' },
    });

  it('refuse a member’s flood with 429, Retry-After and the text in their language; others and the window passing let them in', async () => {
    const anna = await approvedMember('anna', 20);
    const bice = await approvedMember('bice', 20);
    const carlo = await approvedMember('carlo');
    // Each member's counter starts with their first message: the flood runs well inside one window.
    const flood = [];
    for (let i = 0; i < 5; i++) flood.push(await send(anna.browser, carlo.id));
    expect(flood.map((response) => response.status)).toEqual([201, 201, 201, 429, 429]);
    const refused = flood[3] as Response;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(await json(refused)).toEqual({ message: `Troppe richieste in poco tempo. Riprova tra ${retryAfter} s.` });
    const english = await send(anna.browser, carlo.id, { 'Accept-Language': 'en' });
    expect(english.status).toBe(429);
    expect((await json(english)).message).toMatch(/^Too many requests in a short time\. Please try again in \d s\.$/);
    // Refused messages are neither stored nor charged.
    expect(await stack.wallet.Balance({ userId: anna.id })).toMatchObject({ balance: 14 });
    const stored = await stack.adapters.documents.collection('messages');
    expect(await stored.count({ senderId: anna.id })).toBe(3);

    // Another member, from the same address, is not held back by anna's flood.
    expect((await send(bice.browser, carlo.id)).status).toBe(201);

    await sleep(WINDOW_MS + 100);
    expect((await send(anna.browser, carlo.id)).status).toBe(201);
    await sleep(WINDOW_MS + 100);
  });

  it('limit an address across its members, leaving other addresses alone', async () => {
    const members = [];
    for (const name of ['dora', 'ezio', 'fede']) members.push(await approvedMember(name, 20));
    const [dora, ezio, fede] = members as [
      (typeof members)[number],
      (typeof members)[number],
      (typeof members)[number],
    ];
    const shared = { 'X-Forwarded-For': '203.0.113.50' };
    // Seven messages from one address, three members: the eighth is one too many for the address. The eight must
    // fall in one window: on a machine that took longer all the same, they go again once every window passed.
    const eighthInOneWindow = async (): Promise<Response> => {
      for (let attempt = 1; ; attempt += 1) {
        const started = performance.now();
        const answers = [];
        for (const member of [dora, dora, dora, ezio, ezio, ezio, fede]) {
          answers.push((await send(member.browser, dora.id === member.id ? ezio.id : dora.id, shared)).status);
        }
        const eighth = await send(fede.browser, dora.id, shared);
        if (performance.now() - started < WINDOW_MS || attempt === 3) {
          expect(answers).toEqual(Array(7).fill(201));
          return eighth;
        }
        await sleep(WINDOW_MS + 100);
      }
    };
    const eighth = await eighthInOneWindow();
    expect(eighth.status).toBe(429);
    expect(eighth.headers.get('retry-after')).toBeTruthy();
    // fede, from another address, still writes.
    expect((await send(fede.browser, dora.id, { 'X-Forwarded-For': '203.0.113.51' })).status).toBe(201);
    await sleep(WINDOW_MS + 100);
  });
});

describe('an admin deleting posts from the feed', () => {
  it('is working the console: it counts in the admin group, not against posting', async () => {
    const post = async (browser: Browser) => {
      const form = new FormData();
      form.append('content', 'Un post');
      form.append('category', 'trending');
      return browser.postForm('/api/posts', form);
    };
    const authors = [await approvedMember('gaia'), await approvedMember('ivo')];
    const ids = [];
    for (const author of authors) {
      const created = await post(author.browser);
      expect(created.status).toBe(201);
      ids.push(((await json(created)).item as { post: { id: string } }).post.id);
    }
    expect((await post(authors[0]?.browser as Browser)).status).toBe(429);
    for (const id of ids) expect((await admin.request(`/api/posts/${id}`, { method: 'DELETE' })).status).toBe(200);
  });
});

/** Every route of the app, as Express keeps them (sub-routers walked). */
function routesOf(app: Express) {
  type Layer = {
    route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
    handle?: { stack?: Layer[] };
  };
  const found: { method: string; path: string; handlers: unknown[] }[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          found.push({ method, path: layer.route.path, handlers: layer.route.stack.map((entry) => entry.handle) });
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

describe('the write routes', () => {
  it('all count against a write limit, but sign-in, registration and the account’s mails (limited on their own) and Stripe’s webhook', () => {
    const config = bffConfigSchema.parse({ SESSION_SECRET: 'a-session-secret-of-thirty-two-characters' });
    const cache = new MemoryCache();
    // Routers only keep what they are given until a request comes: nothing else is needed to list them.
    const context = {
      config,
      logger: createLogger('routes-test', 'silent'),
      say: () => '',
      limits: new RateLimits(cache, config),
      publicUrl: () => '',
    } as unknown as BffContext;
    const app = createApp(context, (() => undefined) as unknown as Parameters<typeof createApp>[1]);
    const writes = routesOf(app).filter((route) => ['post', 'put', 'patch', 'delete'].includes(route.method));
    const unlimited = writes
      .filter((route) => !route.handlers.some((handler) => typeof handler === 'function' && 'writeGroup' in handler))
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(unlimited.sort()).toEqual([
      'POST /api/auth/email/confirm',
      'POST /api/auth/email/resend',
      'POST /api/auth/login',
      'POST /api/auth/passkey',
      'POST /api/auth/passkey/options',
      'POST /api/auth/password/forgot',
      'POST /api/auth/password/reset',
      'POST /api/auth/register',
      'POST /api/auth/second-step',
      'POST /api/auth/second-step/passkey',
      'POST /api/auth/second-step/passkey/options',
      'POST /api/stripe/webhook',
    ]);
    // The product's write routes (docs/product.md#the-api) are all there (a sample of each area), so the walk did
    // find them.
    const paths = writes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    for (const expected of [
      'POST /api/messages',
      'POST /api/posts',
      'POST /api/posts/:id/comments',
      'POST /api/posts/:id/like',
      'POST /api/posts/:id/report',
      'POST /api/feedback',
      'POST /api/create-payment-intent',
      'PUT /api/admin/users/:id/verify',
    ]) {
      expect(paths).toContain(expected);
    }
    void cache.close();
  });
});

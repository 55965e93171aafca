import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { json, type Browser } from '../testing/browser.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

const PUBLIC_URL = 'https://tip.example';
const EVIL = { Origin: 'http://evil.example' };

let stack: TestStack;
let admin: { browser: Browser; id: string };

beforeAll(async () => {
  stack = await startStack({ env: { PUBLIC_URL } });
  admin = await stack.admin();
});
afterAll(() => stack.stop());

/** A published post by the admin, written from the app's own page. */
async function post(content: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append('content', content);
  form.append('category', 'trending');
  return admin.browser.request('/api/posts', { method: 'POST', body: form, headers });
}

const likeCount = async (postId: string) => (await stack.content.GetPost({ postId, viewerId: admin.id })).likeCount;
const isOnline = async () => (await stack.identity.GetUser({ userId: admin.id, viewerId: admin.id })).isOnline;

/** A form-encoded like, as a hidden form on another page would submit it. */
const formLike = (postId: string, headers: Record<string, string>) =>
  admin.browser.request(`/api/posts/${postId}/like`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: 'liked=true',
  });

/** The online status as text/plain, which another page may send without a CORS preflight. */
const beacon = (isOnline: boolean, headers: Record<string, string>) =>
  admin.browser.request('/api/users/online-status', {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body: JSON.stringify({ isOnline }),
  });

describe("another site's writes", () => {
  it('refuses a multipart post, a form-encoded like and a text/plain online status from another origin, storing nothing', async () => {
    const refusedPost = await post('Dal sito sbagliato', EVIL);
    expect(refusedPost.status).toBe(403);
    expect(await json(refusedPost)).toEqual({
      message: 'Richiesta rifiutata: proviene da un altro sito. Riprova dalle pagine di Tip.',
    });
    const feed = await json(await admin.browser.get('/api/posts/feed'));
    expect(JSON.stringify(feed)).not.toContain('Dal sito sbagliato');

    const created = await post('Dal sito giusto', { Origin: stack.url });
    expect(created.status).toBe(201);
    const postId = ((await json(created)).item as { post: { id: string } }).post.id;

    const refusedLike = await formLike(postId, EVIL);
    expect(refusedLike.status).toBe(403);
    expect(await likeCount(postId)).toBe(0);

    expect((await beacon(true, { Origin: stack.url })).status).toBe(200);
    const refusedBeacon = await beacon(false, { ...EVIL, 'Accept-Language': 'en' });
    expect(refusedBeacon.status).toBe(403);
    expect(await json(refusedBeacon)).toEqual({
      message: "Request refused: it came from another site. Please try again from Tip's own pages.",
    });
    expect(await isOnline()).toBe(true);
  });

  it('refuses what the browser says is cross-site, an opaque origin, and a sibling subdomain', async () => {
    const created = await post('Un post', {});
    const postId = ((await json(created)).item as { post: { id: string } }).post.id;
    const refused: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
      { Origin: 'https://evil.tip.example', 'Sec-Fetch-Site': 'same-site' },
      { Origin: stack.url, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of refused) {
      expect({ headers, status: (await formLike(postId, headers)).status }).toEqual({ headers, status: 403 });
    }
    const deleted = await admin.browser.request(`/api/posts/${postId}`, { method: 'DELETE', headers: EVIL });
    expect(deleted.status).toBe(403);
    const edited = await admin.browser.request('/api/auth/profile', {
      method: 'PUT',
      json: { username: 'rubato' },
      headers: EVIL,
    });
    expect(edited.status).toBe(403);
    expect(await likeCount(postId)).toBe(0);
  });

  it('lets through the app’s own origin, PUBLIC_URL’s, a trusted proxy’s host, and requests without Origin', async () => {
    const created = await post('Da mettere mi piace', { Origin: stack.url, 'Sec-Fetch-Site': 'same-origin' });
    const postId = ((await json(created)).item as { post: { id: string } }).post.id;
    expect((await formLike(postId, { Origin: PUBLIC_URL })).status).toBe(200);
    expect(await likeCount(postId)).toBe(1);
    // Behind a proxy that TRUST_PROXY trusts (the tests' loopback), the host the browser used is X-Forwarded-Host.
    const proxied = await formLike(postId, {
      Origin: 'https://tip.proxy.example',
      'X-Forwarded-Host': 'tip.proxy.example',
    });
    expect(proxied.status).toBe(200);
    expect(await likeCount(postId)).toBe(0);
    expect((await beacon(false, {})).status).toBe(200);
    expect(await isOnline()).toBe(false);
    // Reads are never refused: another site may link to the app.
    expect((await admin.browser.get('/api/posts/feed')).status).toBe(200);
    expect((await admin.browser.request('/api/posts/feed', { headers: EVIL })).status).toBe(200);
  });

  it("leaves Stripe's webhook to its signature check (it carries no Origin)", async () => {
    const webhook = await fetch(`${stack.url}/api/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(401);
    expect(await json(webhook)).not.toEqual({
      message: 'Richiesta rifiutata: proviene da un altro sito. Riprova dalle pagine di Tip.',
    });
  });
});

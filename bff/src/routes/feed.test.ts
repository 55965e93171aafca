import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, MemoryCache, type Collection } from '@tip/platform';
import { ADMIT_AT_ANY_LOAD, waitFor } from '@tip/platform/testing';
import { bffConfigSchema } from '../config.js';
import { startBff } from '../start-bff.js';
import { Browser, json } from '../testing/browser.js';
import { approvedMember as approvedMemberOf } from '../testing/approved-member.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };
/** Content's posts, to change one behind the BFF's back: no event tells it, so only a page rendered anew shows it. */
let posts: Collection<{ _id: string; content: string }>;

beforeAll(async () => {
  stack = await startStack({ postApproval: 'immediate' });
  admin = await stack.admin();
  posts = await stack.adapters.documents.collection('posts');
});
afterAll(() => stack.stop());

type Member = Awaited<ReturnType<TestStack['member']>>;

interface Item {
  post: { id: string; content: string; locked: boolean };
  likeCount: number;
  isLiked: boolean;
  comments: { comment: { content: string } }[];
  commentCount: number;
  unlocked: boolean;
}

/** A member an admin approved (with premium or credits if asked), once content has heard of it. */
const approvedMember = (name: string, options: { premium?: boolean; credits?: number } = {}) =>
  approvedMemberOf(stack, admin, name, options);

async function publish(author: Member, content: string, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ category: 'trending', content, ...fields })) form.append(name, value);
  const created = await author.browser.postForm('/api/posts', form);
  expect(created.status).toBe(201);
  return ((await json(created)) as { item: Item }).item.post.id;
}

const page = async (member: Member, query = 'limit=50') =>
  (await json(await member.browser.get(`/api/posts/feed?${query}`))) as unknown as Item[];
const itemOf = async (member: Member, postId: string, query?: string) =>
  (await page(member, query)).find((item) => item.post.id === postId);

let rewrites = 0;
/**
 * Waits until the member's page is one the BFF keeps (the events of the test's setup have all come and gone) and
 * answers it: the post is rewritten behind the BFF's back until a page read again still shows what it showed.
 */
async function keptPage(member: Member, postId: string, query?: string): Promise<Item[]> {
  let kept: Item[] = [];
  await waitFor(
    async () => {
      kept = await page(member, query);
      await posts.updateOne({ _id: postId }, { $set: { content: `riscritto di nascosto ${++rewrites}` } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      return JSON.stringify(await page(member, query)) === JSON.stringify(kept);
    },
    10_000,
    'a page the BFF keeps',
  );
  return kept;
}

describe('a like', () => {
  it("reaches the pages kept for others as a count, and the liker's own pages at once", async () => {
    const author = await approvedMember('aldo');
    const anna = await approvedMember('anna');
    const bruno = await approvedMember('bruno');
    const postId = await publish(author, 'da apprezzare');
    const kept = (await keptPage(bruno, postId)).find((item) => item.post.id === postId);
    expect(kept).toMatchObject({ likeCount: 0, isLiked: false });

    expect(await json(await anna.browser.postJson(`/api/posts/${postId}/like`, {}))).toEqual({
      liked: true,
      likeCount: 1,
    });
    // Her page is rendered again: it shows her like, and what content holds now.
    expect(await itemOf(anna, postId)).toMatchObject({
      likeCount: 1,
      isLiked: true,
      post: { content: `riscritto di nascosto ${rewrites}` },
    });
    // His is the page kept, with the count of the moment.
    await waitFor(async () => (await itemOf(bruno, postId))?.likeCount === 1, 5000, "the like in bruno's page");
    expect(await itemOf(bruno, postId)).toEqual({ ...kept, likeCount: 1, isLiked: false });

    await anna.browser.postJson(`/api/posts/${postId}/like`, {});
    expect(await itemOf(anna, postId)).toMatchObject({ likeCount: 0, isLiked: false });
    await waitFor(async () => (await itemOf(bruno, postId))?.likeCount === 0, 5000, 'the like taken back');
    expect(await itemOf(bruno, postId)).toEqual(kept);
  });

  it("shows in the liker's own pages that another replica keeps, once its event comes there", async () => {
    const author = await approvedMember('elio');
    const carla = await approvedMember('carla');
    const postId = await publish(author, 'su due repliche');
    // A replica of its own: its sessions, limits and pages, the same services and events.
    const cache = new MemoryCache();
    const other = await startBff({
      config: bffConfigSchema.parse({
        PORT: '0',
        SESSION_SECRET: 'other-replica-secret-0123456789-abcdefghij',
        NODE_ENV: 'test',
        WEB_DIST: join(stack.dataDir, 'no-web-build'),
        ...ADMIT_AT_ANY_LOAD,
      }),
      identity: stack.identity,
      wallet: stack.wallet,
      content: stack.content,
      messaging: stack.messaging,
      moderation: stack.moderation,
      notifications: stack.notifications,
      events: stack.adapters.events,
      cache,
      logger: createLogger('other-replica', 'silent'),
      host: '127.0.0.1',
      eventsGroup: 'other-replica',
    });
    try {
      const there = new Browser(other.url);
      expect((await there.postJson('/api/auth/login', { email: carla.email, password: carla.password })).status).toBe(
        200,
      );
      const seenThere = async () =>
        ((await json(await there.get('/api/posts/feed?limit=50'))) as unknown as Item[]).find(
          (item) => item.post.id === postId,
        );
      expect(await seenThere()).toMatchObject({ likeCount: 0, isLiked: false });
      await carla.browser.postJson(`/api/posts/${postId}/like`, {});
      await waitFor(async () => (await seenThere())?.isLiked === true, 5000, 'her like on the other replica');
      expect(await seenThere()).toMatchObject({ likeCount: 1, isLiked: true });
    } finally {
      await other.stop();
      await cache.close();
    }
  });
});

describe('a comment', () => {
  it('shows on the pages showing its post, and leaves the others kept', async () => {
    const author = await approvedMember('carlo');
    const dora = await approvedMember('dora');
    const commented = await publish(author, 'commentate qui');
    const newest = await publish(author, 'il più nuovo');
    // The first page of one item shows only the newest post; the page of 50 shows both.
    await page(dora, 'limit=1');
    await keptPage(dora, newest);
    const one = await page(dora, 'limit=1');
    expect(one.map((item) => item.post.id)).toEqual([newest]);
    await posts.updateOne({ _id: newest }, { $set: { content: 'riscritto di nascosto, di nuovo' } });

    const added = await author.browser.postJson(`/api/posts/${commented}/comments`, { content: 'Primo!' });
    expect(added.status).toBe(201);
    await waitFor(async () => (await itemOf(dora, commented))?.commentCount === 1, 5000, "the comment in dora's page");
    expect((await itemOf(dora, commented))?.comments.map((item) => item.comment.content)).toEqual(['Primo!']);
    expect((await itemOf(dora, newest))?.post.content).toBe('riscritto di nascosto, di nuovo');
    expect(await page(dora, 'limit=1')).toEqual(one);
  });
});

describe('a block', () => {
  it("takes the blocker's posts out of the blocked member's kept pages at once, and back when lifted", async () => {
    const ezio = await approvedMember('ezio');
    const fede = await approvedMember('fede');
    const byEzio = await publish(ezio, 'di ezio');
    const byFede = await publish(fede, 'di fede');
    const ids = async (member: Member) => (await page(member)).map((item) => item.post.id);
    await keptPage(fede, byEzio);
    expect(await ids(fede)).toContain(byEzio);

    expect((await ezio.browser.postJson(`/api/users/${fede.id}/block`, { reason: 'spam' })).status).toBe(200);
    expect(await ids(fede)).not.toContain(byEzio);
    expect(await ids(ezio)).not.toContain(byFede);
    expect((await ezio.browser.request(`/api/users/${fede.id}/block`, { method: 'DELETE' })).status).toBe(200);
    expect(await ids(fede)).toContain(byEzio);
    expect(await ids(ezio)).toContain(byFede);
  });
});

describe('an unlock', () => {
  it("shows the premium post whole in the buyer's pages at once, and in no one else's", async () => {
    const author = await approvedMember('gino', { premium: true });
    const buyer = await approvedMember('ilda', { credits: 10 });
    const other = await approvedMember('lino');
    const postId = await publish(author, 'solo per chi paga', { isPremium: 'true', creditCost: '3' });
    expect(await itemOf(other, postId)).toMatchObject({ unlocked: false, post: { locked: true, content: '' } });
    expect(await itemOf(buyer, postId)).toMatchObject({ unlocked: false, post: { locked: true } });

    expect((await buyer.browser.postJson(`/api/posts/${postId}/unlock`, {})).status).toBe(200);
    expect(await itemOf(buyer, postId)).toMatchObject({
      unlocked: true,
      post: { locked: false, content: 'solo per chi paga' },
    });
    expect(await itemOf(other, postId)).toMatchObject({ unlocked: false, post: { locked: true, content: '' } });
  });
});

import { describe, expect, it } from '@jest/globals';
import { FeedPages, type EncodedItem, type FetchLikeCounts } from './feed-pages.js';

/** An item as encodeFeedItem makes one: its JSON around the like count. */
const item = (postId: string, likeCount = 0): EncodedItem => ({
  postId,
  likeCount,
  before: `{"id":"${postId}","likeCount":`,
  after: '}',
});

/** Content's like counts as a test sets them, and the calls the pages made for them. */
function counts(initial: Record<string, number> = {}) {
  const likes = new Map(Object.entries(initial));
  const calls: string[][] = [];
  const fetch: FetchLikeCounts = async (postIds) => {
    calls.push(postIds);
    return postIds.flatMap((postId) => {
      const likeCount = likes.get(postId);
      return likeCount === undefined ? [] : [{ postId, likeCount }];
    });
  };
  return { likes, calls, fetch };
}

/** Renders the posts given, counting renders and reading their like counts from `likes` as content would. */
function renderer(likes: Map<string, number>, postIds: string[]) {
  const renders = { count: 0 };
  const render = async () => {
    renders.count += 1;
    return { items: postIds.map((postId) => item(postId, likes.get(postId) ?? 0)), nextCursor: 'next' };
  };
  return { renders, render };
}

const shown = (page: { body: Buffer }) => JSON.parse(page.body.toString()) as { id: string; likeCount: number }[];

describe('kept feed pages', () => {
  it('are served again until something every page shows changes, then rendered anew', async () => {
    const content = counts();
    const pages = new FeedPages({ likeCounts: content.fetch });
    const anna = renderer(content.likes, ['p1']);
    const bruno = renderer(content.likes, ['p1']);
    expect(shown(await pages.get('anna', 'anna|all', anna.render))).toEqual([{ id: 'p1', likeCount: 0 }]);
    const again = await pages.get('anna', 'anna|all', anna.render);
    expect(again.nextCursor).toBe('next');
    await pages.get('bruno', 'bruno|all', bruno.render);
    expect([anna.renders.count, bruno.renders.count]).toEqual([1, 1]);
    pages.changed();
    await pages.get('anna', 'anna|all', anna.render);
    await pages.get('bruno', 'bruno|all', bruno.render);
    expect([anna.renders.count, bruno.renders.count]).toEqual([2, 2]);
    expect(content.calls).toEqual([]);
  });

  it("go stale for their own member only when that member's writes change them", async () => {
    const content = counts();
    const pages = new FeedPages({ likeCounts: content.fetch });
    const anna = renderer(content.likes, ['p1']);
    const bruno = renderer(content.likes, ['p1']);
    await pages.get('anna', 'anna|all', anna.render);
    await pages.get('anna', 'anna|melanzana', anna.render);
    await pages.get('bruno', 'bruno|all', bruno.render);
    pages.viewerChanged('anna');
    await pages.get('anna', 'anna|all', anna.render);
    await pages.get('anna', 'anna|melanzana', anna.render);
    await pages.get('bruno', 'bruno|all', bruno.render);
    expect([anna.renders.count, bruno.renders.count]).toEqual([4, 1]);
  });

  it('that show a commented post go, and no others', async () => {
    const content = counts();
    const pages = new FeedPages({ likeCounts: content.fetch });
    const withPost = renderer(content.likes, ['p1', 'p2']);
    const without = renderer(content.likes, ['p3']);
    await pages.get('anna', 'anna|all', withPost.render);
    await pages.get('bruno', 'bruno|all', withPost.render);
    await pages.get('anna', 'anna|patate', without.render);
    pages.postChanged('p2');
    await pages.get('anna', 'anna|all', withPost.render);
    await pages.get('bruno', 'bruno|all', withPost.render);
    await pages.get('anna', 'anna|patate', without.render);
    expect([withPost.renders.count, without.renders.count]).toEqual([4, 1]);
  });

  it('are never kept when rendered while something they show changed', async () => {
    for (const change of [
      (pages: FeedPages) => pages.changed(),
      (pages: FeedPages) => pages.viewerChanged('anna'),
      (pages: FeedPages) => pages.postChanged('p1'),
    ]) {
      const pages = new FeedPages({ likeCounts: counts().fetch });
      let release = () => {};
      const slow = pages.get(
        'anna',
        'anna|all',
        () => new Promise((resolve) => (release = () => resolve({ items: [item('p1')], nextCursor: '' }))),
      );
      change(pages);
      release();
      expect(shown(await slow)).toEqual([{ id: 'p1', likeCount: 0 }]);
      let rendered = false;
      await pages.get('anna', 'anna|all', async () => {
        rendered = true;
        return { items: [item('p1')], nextCursor: '' };
      });
      expect(rendered).toBe(true);
    }
  });

  it('expire after their time even without a change', async () => {
    let now = 0;
    const content = counts();
    const pages = new FeedPages({ likeCounts: content.fetch, ttlMs: 1000, now: () => now });
    const anna = renderer(content.likes, ['p1']);
    await pages.get('anna', 'anna|all', anna.render);
    now = 999;
    await pages.get('anna', 'anna|all', anna.render);
    expect(anna.renders.count).toBe(1);
    now = 1000;
    await pages.get('anna', 'anna|all', anna.render);
    expect(anna.renders.count).toBe(2);
  });

  it('take new like counts without a render: one call for the posts of the page that need it', async () => {
    const content = counts({ p1: 3, p2: 5, p3: 0 });
    const pages = new FeedPages({ likeCounts: content.fetch });
    const anna = renderer(content.likes, ['p1', 'p2', 'p3']);
    const bruno = renderer(content.likes, ['p2']);
    await pages.get('anna', 'anna|all', anna.render);
    await pages.get('bruno', 'bruno|all', bruno.render);

    content.likes.set('p1', 4);
    content.likes.set('p3', 1);
    pages.likesChanged('p1');
    pages.likesChanged('p3');
    const page = await pages.get('anna', 'anna|all', anna.render);
    expect(page.body.toString()).toBe(
      JSON.stringify([
        { id: 'p1', likeCount: 4 },
        { id: 'p2', likeCount: 5 },
        { id: 'p3', likeCount: 1 },
      ]),
    );
    expect(page.nextCursor).toBe('next');
    expect(content.calls).toEqual([['p1', 'p3']]);
    // Bruno's page shows neither: served as it was, without a call.
    expect(shown(await pages.get('bruno', 'bruno|all', bruno.render))).toEqual([{ id: 'p2', likeCount: 5 }]);
    expect(content.calls).toHaveLength(1);
    expect([anna.renders.count, bruno.renders.count]).toEqual([1, 1]);
  });

  it('are served as the very bytes kept while none of their counts changed', async () => {
    const content = counts({ p1: 1, p2: 2 });
    const pages = new FeedPages({ likeCounts: content.fetch });
    const anna = renderer(content.likes, ['p1']);
    const bruno = renderer(content.likes, ['p2']);
    const first = await pages.get('anna', 'anna|all', anna.render);
    expect((await pages.get('anna', 'anna|all', anna.render)).body).toBe(first.body);
    // Another page's post was liked: this page's count is still the one it was read with.
    await pages.get('bruno', 'bruno|all', bruno.render);
    pages.likesChanged('p2');
    expect((await pages.get('anna', 'anna|all', anna.render)).body).toBe(first.body);
    // A like read again at the same count changes nothing either.
    pages.likesChanged('p1');
    expect((await pages.get('anna', 'anna|all', anna.render)).body).toBe(first.body);
    expect(content.calls).toEqual([['p1']]);
  });

  it('keep a count dirty when a like is told of while it is read, and share a read under way', async () => {
    const likes = new Map([['p1', 1]]);
    const calls: string[][] = [];
    const pending: (() => void)[] = [];
    const pages = new FeedPages({
      likeCounts: (postIds) => {
        calls.push(postIds);
        // Content answers with the count as it is when the call is answered.
        return new Promise((resolve) =>
          pending.push(() => resolve(postIds.map((postId) => ({ postId, likeCount: likes.get(postId) ?? 0 })))),
        );
      },
    });
    const anna = renderer(likes, ['p1']);
    const bruno = renderer(likes, ['p1']);
    await pages.get('anna', 'anna|all', anna.render);
    await pages.get('bruno', 'bruno|all', bruno.render);

    likes.set('p1', 2);
    pages.likesChanged('p1');
    const annaServed = pages.get('anna', 'anna|all', anna.render);
    const brunoServed = pages.get('bruno', 'bruno|all', bruno.render);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    // Another like while the count is read: what comes back may predate it.
    pages.likesChanged('p1');
    pending.shift()?.();
    expect(shown(await annaServed)).toEqual([{ id: 'p1', likeCount: 2 }]);
    expect(shown(await brunoServed)).toEqual([{ id: 'p1', likeCount: 2 }]);

    likes.set('p1', 3);
    const later = pages.get('anna', 'anna|all', anna.render);
    await Promise.resolve();
    expect(calls).toHaveLength(2);
    pending.shift()?.();
    expect(shown(await later)).toEqual([{ id: 'p1', likeCount: 3 }]);
    expect(shown(await pages.get('bruno', 'bruno|all', bruno.render))).toEqual([{ id: 'p1', likeCount: 3 }]);
    expect(calls).toHaveLength(2);
  });

  it("take a fresh render's counts for every page showing its posts", async () => {
    const content = counts({ p1: 1 });
    const pages = new FeedPages({ likeCounts: content.fetch });
    const anna = renderer(content.likes, ['p1']);
    const bruno = renderer(content.likes, ['p1']);
    await pages.get('anna', 'anna|all', anna.render);
    await pages.get('bruno', 'bruno|all', bruno.render);
    // Bruno liked it: his own pages are rendered again (before the like's event came), and anna's takes the count.
    content.likes.set('p1', 2);
    pages.viewerChanged('bruno');
    expect(shown(await pages.get('bruno', 'bruno|all', bruno.render))).toEqual([{ id: 'p1', likeCount: 2 }]);
    expect(shown(await pages.get('anna', 'anna|all', anna.render))).toEqual([{ id: 'p1', likeCount: 2 }]);
    expect(content.calls).toEqual([]);
  });
});

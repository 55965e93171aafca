import { describe, expect, it } from '@jest/globals';
import { FeedPages, type EncodedItem, type FetchLikeCounts } from './feed-pages.js';

/** An item as encodeFeedItem makes one: its JSON around the like count and the viewer's like. */
const item = (postId: string, likeCount = 0, liked = false): EncodedItem => ({
  postId,
  likeCount,
  liked,
  before: `{"id":"${postId}","likeCount":`,
  between: ',"isLiked":',
  after: '}',
});

/** Content's like counts and members' likes as a test sets them, and the calls the pages made for them. */
function counts(initial: Record<string, number> = {}) {
  const likes = new Map(Object.entries(initial));
  const likedBy = new Map<string, Set<string>>();
  const calls: string[][] = [];
  const viewers: (string | undefined)[] = [];
  const fetch: FetchLikeCounts = async (postIds, viewerId) => {
    calls.push(postIds);
    viewers.push(viewerId);
    return postIds.flatMap((postId) => {
      const likeCount = likes.get(postId);
      const likedByViewer = viewerId !== undefined && (likedBy.get(viewerId)?.has(postId) ?? false);
      return likeCount === undefined ? [] : [{ postId, likeCount, likedByViewer }];
    });
  };
  /** The member likes the post, or takes the like back, in content. */
  const toggle = (viewerId: string, postId: string) => {
    const liked = likedBy.get(viewerId) ?? new Set<string>();
    likedBy.set(viewerId, liked);
    const now = !liked.delete(postId);
    if (now) liked.add(postId);
    likes.set(postId, (likes.get(postId) ?? 0) + (now ? 1 : -1));
  };
  return { likes, likedBy, calls, viewers, fetch, toggle };
}

/**
 * Renders the posts given for `viewerId`, counting renders and reading their like counts from `likes` and the
 * viewer's likes from `likedBy` as content would.
 */
function renderer(
  likes: Map<string, number>,
  postIds: string[],
  viewer?: { id: string; likedBy: Map<string, Set<string>> },
) {
  const renders = { count: 0 };
  const render = async () => {
    renders.count += 1;
    const liked = viewer?.likedBy.get(viewer.id) ?? new Set<string>();
    return {
      items: postIds.map((postId) => item(postId, likes.get(postId) ?? 0, liked.has(postId))),
      nextCursor: 'next',
    };
  };
  return { renders, render };
}

type ShownItem = { id: string; likeCount: number; isLiked: boolean };
const items = (page: { body: Buffer }) => JSON.parse(page.body.toString()) as ShownItem[];
const shown = (page: { body: Buffer }) => items(page).map(({ id, likeCount }) => ({ id, likeCount }));
const likedIn = (page: { body: Buffer }) => items(page).map(({ id, isLiked }) => [id, isLiked]);

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
        { id: 'p1', likeCount: 4, isLiked: false },
        { id: 'p2', likeCount: 5, isLiked: false },
        { id: 'p3', likeCount: 1, isLiked: false },
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
    // A like that came with Bruno's write elsewhere: his own pages are rendered again, and anna's takes the count.
    content.likes.set('p1', 2);
    pages.viewerChanged('bruno');
    expect(shown(await pages.get('bruno', 'bruno|all', bruno.render))).toEqual([{ id: 'p1', likeCount: 2 }]);
    expect(shown(await pages.get('anna', 'anna|all', anna.render))).toEqual([{ id: 'p1', likeCount: 2 }]);
    expect(content.calls).toEqual([]);
  });
  it("take a member's own like without a render: one call with the member, and the others' pages the count alone", async () => {
    const content = counts({ p1: 0, p2: 0 });
    const pages = new FeedPages({ likeCounts: content.fetch });
    const anna = renderer(content.likes, ['p1', 'p2'], { id: 'anna', likedBy: content.likedBy });
    const annaPatate = renderer(content.likes, ['p1'], { id: 'anna', likedBy: content.likedBy });
    const bruno = renderer(content.likes, ['p1'], { id: 'bruno', likedBy: content.likedBy });
    await pages.get('anna', 'anna|all', anna.render);
    await pages.get('anna', 'anna|patate', annaPatate.render);
    await pages.get('bruno', 'bruno|all', bruno.render);

    content.toggle('anna', 'p1');
    pages.likesChanged('p1', 'anna');
    const page = await pages.get('anna', 'anna|all', anna.render);
    expect(items(page)).toEqual([
      { id: 'p1', likeCount: 1, isLiked: true },
      { id: 'p2', likeCount: 0, isLiked: false },
    ]);
    expect([content.calls, content.viewers]).toEqual([[['p1']], ['anna']]);
    // Her other page and Bruno's take what that call read.
    expect(likedIn(await pages.get('anna', 'anna|patate', annaPatate.render))).toEqual([['p1', true]]);
    expect(items(await pages.get('bruno', 'bruno|all', bruno.render))).toEqual([
      { id: 'p1', likeCount: 1, isLiked: false },
    ]);
    expect(content.calls).toHaveLength(1);

    content.toggle('anna', 'p1');
    pages.likesChanged('p1', 'anna');
    expect(likedIn(await pages.get('anna', 'anna|all', anna.render))).toEqual([
      ['p1', false],
      ['p2', false],
    ]);
    expect([anna.renders.count, annaPatate.renders.count, bruno.renders.count]).toEqual([1, 1, 1]);

    // She likes it again and writes something else: her page is rendered anew and shows what the render read, not
    // the like read before it.
    content.toggle('anna', 'p1');
    pages.likesChanged('p1', 'anna');
    pages.viewerChanged('anna');
    expect(likedIn(await pages.get('anna', 'anna|patate', annaPatate.render))).toEqual([['p1', true]]);
    expect(annaPatate.renders.count).toBe(2);
  });

  it("read a member's like again when it changed while it was read or rendered", async () => {
    const content = counts({ p1: 0 });
    const pending: (() => void)[] = [];
    const pages = new FeedPages({
      // Content answers with what it held when asked: an answer may predate a like told of meanwhile.
      likeCounts: (postIds, viewerId) => {
        const answer = content.fetch(postIds, viewerId);
        return new Promise((resolve) => pending.push(() => resolve(answer)));
      },
    });
    const anna = renderer(content.likes, ['p1'], { id: 'anna', likedBy: content.likedBy });
    await pages.get('anna', 'anna|all', anna.render);

    content.toggle('anna', 'p1');
    pages.likesChanged('p1', 'anna');
    const served = pages.get('anna', 'anna|all', anna.render);
    await Promise.resolve();
    content.toggle('anna', 'p1');
    pages.likesChanged('p1', 'anna');
    pending.shift()?.();
    expect(likedIn(await served)).toEqual([['p1', true]]);
    const again = pages.get('anna', 'anna|all', anna.render);
    await Promise.resolve();
    pending.shift()?.();
    expect(likedIn(await again)).toEqual([['p1', false]]);

    // A like told of while the page is rendered: the render may not show it.
    let release = () => {};
    const slow = pages.get('anna', 'anna|melanzana', async () => {
      const rendered = await anna.render();
      await new Promise<void>((resolve) => (release = resolve));
      return rendered;
    });
    await Promise.resolve();
    content.toggle('anna', 'p1');
    pages.likesChanged('p1', 'anna');
    release();
    await new Promise((resolve) => setImmediate(resolve));
    pending.shift()?.();
    expect(likedIn(await slow)).toEqual([['p1', true]]);
    expect(content.viewers).toEqual(['anna', 'anna', 'anna']);
  });
});

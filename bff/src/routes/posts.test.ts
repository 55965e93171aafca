import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { RECORDED_LOCATION, recordedVideo } from '@tip/content/testing';
import { waitFor } from '@tip/platform/testing';
import { json, type Browser } from '../testing/browser.js';
import { approvedMember as approvedMemberOf } from '../testing/approved-member.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };

beforeAll(async () => {
  stack = await startStack({ postApproval: 'immediate' });
  admin = await stack.admin();
});
afterAll(() => stack.stop());

/** A member an admin approved (with premium or credits if asked), once content has heard of it. */
const approvedMember = (name: string, options: { premium?: boolean; credits?: number } = {}) =>
  approvedMemberOf(stack, admin, name, options);

function postForm(fields: Record<string, string>, media?: { content: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ category: 'trending', ...fields })) form.append(name, value);
  if (media) form.append('media', new Blob([new Uint8Array(media.content)], { type: media.type }), media.name);
  return form;
}
const photo = async () => ({
  content: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toBuffer(),
  name: 'foto.jpg',
  type: 'image/jpeg',
});

interface Item {
  post: { id: string; content: string; imageUrl: string | null; teaserUrl: string | null; locked: boolean };
  likeCount: number;
  isLiked: boolean;
}

describe('posting', () => {
  it('publishes an approved member’s post with its photo, shown in the feeds', async () => {
    const { browser } = await approvedMember('paolo');
    const created = await browser.postForm(
      '/api/posts',
      postForm({ content: 'Ciao!', category: 'melanzana' }, await photo()),
    );
    expect(created.status).toBe(201);
    const body = (await json(created)) as { message: string; status: string; item: Item };
    expect(body).toMatchObject({ message: 'Post creato!', status: 'approved' });
    const reader = await approvedMember('rita');
    const feed = (await json(await reader.browser.get('/api/posts/feed'))) as unknown as Item[];
    expect(feed.map((item) => item.post.id)).toContain(body.item.post.id);
    const category = (await json(await reader.browser.get('/api/posts/category/melanzana'))) as unknown as Item[];
    expect(category.map((item) => item.post.id)).toContain(body.item.post.id);
    const image = await reader.browser.get(body.item.post.imageUrl ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
  });

  it('refuses a member waiting for approval, and a form that breaks the rules, in the member’s language', async () => {
    const pending = await stack.member('pino');
    const refused = await pending.browser.postForm('/api/posts', postForm({ content: 'x' }));
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: 'Account in attesa di approvazione' });
    const { browser } = await approvedMember('sara');
    const noPhoto = await browser.postForm('/api/posts', postForm({ content: 'x', category: 'patate' }));
    expect(noPhoto.status).toBe(400);
    const cost = await browser.request('/api/posts', {
      method: 'POST',
      body: postForm({ content: 'x', isPremium: 'true', creditCost: '11' }),
      headers: { 'Accept-Language': 'en' },
    });
    expect(await json(cost)).toEqual({ message: 'Premium posts must cost between 1 and 10 credits.' });
    const text = await browser.postForm(
      '/api/posts',
      postForm({ content: 'x' }, { content: Buffer.from('not an image'), name: 'a.jpg', type: 'image/jpeg' }),
    );
    expect(await json(text)).toEqual({
      message: 'Sono supportati solo file immagine (JPEG, PNG, GIF, HEIC) e video (MP4, MOV, WebM, 3GP).',
    });
  });

  it('waits for the media worker to refuse a photo that starts as one and is not, and says why', async () => {
    const { browser } = await approvedMember('teo');
    const { content } = await photo();
    const broken = { content: content.subarray(0, 200), name: 'rotta.jpg', type: 'image/jpeg' };
    const refused = await browser.request('/api/posts', {
      method: 'POST',
      body: postForm({ content: 'foto rotta' }, broken),
      headers: { 'Accept-Language': 'en' },
    });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      message: 'Only image (JPEG, PNG, GIF, HEIC) and video (MP4, MOV, WebM, 3GP) files are supported.',
    });
  });
});

describe('the cost of a post', () => {
  it('matters only for premium posts: one that is not premium is taken with a cost of 0 or none, and is free', async () => {
    const { browser } = await approvedMember('lia');
    const forms: Record<string, string>[] = [{ creditCost: '0' }, {}, { isPremium: 'false', creditCost: '0' }];
    for (const fields of forms) {
      const created = await browser.postForm('/api/posts', postForm({ content: 'gratis', ...fields }));
      expect(created.status).toBe(201);
      const { item } = (await json(created)) as { item: { post: { isPremium: boolean; creditCost: number } } };
      expect(item.post).toMatchObject({ isPremium: false, creditCost: 0 });
    }
    const premium = await approvedMember('nadia', { premium: true });
    const free = await premium.browser.postForm(
      '/api/posts',
      postForm({ content: 'x', isPremium: 'true', creditCost: '0' }),
    );
    expect(free.status).toBe(400);
    expect(await json(free)).toEqual({ message: 'Per i post premium il costo deve essere tra 1 e 10 crediti.' });
  });
});

describe('the feed', () => {
  it('pages with X-Next-Cursor, and refuses a visitor, a category that is not one and a bad limit', async () => {
    const author = await approvedMember('elsa');
    for (const content of ['uno', 'due', 'tre']) await author.browser.postForm('/api/posts', postForm({ content }));
    const first = await author.browser.get('/api/feed?limit=2');
    const cursor = first.headers.get('x-next-cursor') ?? '';
    expect(cursor).not.toBe('');
    const next = (await json(
      await author.browser.get(`/api/posts/feed?limit=2&cursor=${encodeURIComponent(cursor)}`),
    )) as unknown as Item[];
    const firstIds = ((await json(first)) as unknown as Item[]).map((item) => item.post.id);
    expect(next.map((item) => item.post.id)).not.toContain(firstIds[0]);
    expect((await stack.browser().get('/api/posts/feed')).status).toBe(401);
    const fashion = await author.browser.get('/api/posts/category/fashion');
    expect(fashion.status).toBe(400);
    expect(await json(fashion)).toEqual({ message: 'Categoria non valida.' });
    expect((await author.browser.get('/api/posts/category/%E0%A4%A')).status).toBe(400);
    expect((await author.browser.get('/api/posts/feed?limit=0')).status).toBe(400);
    expect((await author.browser.get('/api/posts/feed?limit=abc')).status).toBe(400);
  });
});

describe('the feed a member reads again', () => {
  it('shows a change made elsewhere as soon as this replica hears of it', async () => {
    const author = await approvedMember('carlo');
    const reader = await approvedMember('dora');
    const feed = async () =>
      ((await json(await reader.browser.get('/api/posts/feed'))) as unknown as Item[]).map((item) => item.post.id);
    const created = (await json(
      await author.browser.postForm('/api/posts', postForm({ content: 'da cancellare' })),
    )) as {
      item: Item;
    };
    const postId = created.item.post.id;
    expect(await feed()).toContain(postId);
    // Deleted behind this BFF's back (straight through content): only content's event can tell it.
    await stack.content.DeletePost({ postId, viewerId: author.id });
    await waitFor(async () => !(await feed()).includes(postId), 5000, 'the deletion reaching the feed');
  });
});

/** The post once the media worker has made its video ready (transcoding takes seconds). */
async function processedPost(browser: Browser, postId: string) {
  let post = { status: 'processing', videoUrl: '', posterUrl: '' };
  await waitFor(
    async () => {
      post = ((await json(await browser.get(`/api/posts/${postId}`))) as { post: typeof post }).post;
      return post.status !== 'processing';
    },
    60_000,
    'the video processed',
  );
  return post;
}

describe('videos', () => {
  it('are served as processed, in byte ranges, so that they play and seek', async () => {
    const { browser } = await approvedMember('ivo');
    const created = await browser.postForm(
      '/api/posts',
      postForm(
        { content: 'un video' },
        { content: await recordedVideo({ seconds: 1 }), name: 'clip.mov', type: 'video/quicktime' },
      ),
    );
    const answer = (await json(created)) as { status: string; item: Item };
    expect(answer.status).toBe('processing');
    const post = await processedPost(browser, answer.item.post.id);
    const whole = await browser.get(post.videoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const video = Buffer.from(await whole.arrayBuffer());
    expect(video.includes(Buffer.from(RECORDED_LOCATION))).toBe(false);
    const poster = await browser.get(post.posterUrl);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    expect(poster.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const part = await browser.request(post.videoUrl, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    const beyond = await browser.request(post.videoUrl, { headers: { Range: `bytes=${video.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
    // How a browser starts playing: an open range, answered from its start (up to 4 MB at a time).
    const open = await browser.request(post.videoUrl, { headers: { Range: 'bytes=0-' } });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 0-${video.length - 1}/${video.length}`);
    expect(Buffer.from(await open.arrayBuffer()).equals(video)).toBe(true);
    // A suffix needs the whole's size: the whole is fetched and its end sent.
    const end = await browser.request(post.videoUrl, { headers: { Range: 'bytes=-100' } });
    expect(end.status).toBe(206);
    expect(Buffer.from(await end.arrayBuffer()).equals(video.subarray(video.length - 100))).toBe(true);
  }, 120_000);
});

describe('blocks in the feed', () => {
  it('hide a blocked author at once, and show them again as soon as the block is lifted', async () => {
    const author = await approvedMember('fabio');
    const reader = await approvedMember('gaia');
    const created = (await json(await author.browser.postForm('/api/posts', postForm({ content: 'visibile?' })))) as {
      item: Item;
    };
    const postId = created.item.post.id;
    const feed = async () =>
      ((await json(await reader.browser.get('/api/posts/feed'))) as unknown as Item[]).map((item) => item.post.id);
    expect(await feed()).toContain(postId);
    expect((await reader.browser.postJson(`/api/users/${author.id}/block`, { reason: 'spam' })).status).toBe(200);
    expect(await feed()).not.toContain(postId);
    expect((await reader.browser.request(`/api/users/${author.id}/block`, { method: 'DELETE' })).status).toBe(200);
    expect(await feed()).toContain(postId);
  });
});

describe('premium posts', () => {
  let authors = 0;
  async function premiumPost() {
    authors += 1;
    const author = await approvedMember(`autore${authors}`, { premium: true });
    const created = await author.browser.postForm(
      '/api/posts',
      postForm({ content: 'contenuto riservato', isPremium: 'true', creditCost: '3' }, await photo()),
    );
    expect(created.status).toBe(201);
    return ((await json(created)) as { item: Item }).item;
  }

  it('send a locked post’s teaser and cost, and nothing of its content or media', async () => {
    const item = await premiumPost();
    const reader = await approvedMember('tina', { credits: 10 });
    const seen = (await json(await reader.browser.get(`/api/posts/${item.post.id}`))) as unknown as Item;
    expect(seen.post).toMatchObject({ locked: true, content: '', imageUrl: null });
    const feed = await (await reader.browser.get('/api/posts/feed')).text();
    expect(feed).not.toContain('contenuto riservato');
    // The full-size image's URL, guessed from the teaser's, gives nothing.
    const guessed = (seen.post.teaserUrl ?? '').replace('/teaser?', '/image-1280?');
    expect((await reader.browser.get(guessed)).status).toBe(404);
    expect((await reader.browser.get(seen.post.teaserUrl ?? '')).status).toBe(200);
  });

  it('show an admin the post whole, without premium and without charging', async () => {
    const item = await premiumPost();
    const seen = (await json(await admin.browser.get(`/api/posts/${item.post.id}`))) as unknown as Item;
    expect(seen.post).toMatchObject({ locked: false, content: 'contenuto riservato' });
    expect((await admin.browser.get(seen.post.imageUrl ?? '')).status).toBe(200);
    expect(await json(await admin.browser.get(`/api/posts/${item.post.id}/unlocked`))).toEqual({ unlocked: true });
    expect(await json(await admin.browser.get('/api/auth/user'))).toMatchObject({ isAdmin: true, isPremium: false });
    expect((await stack.wallet.History({ userId: admin.id, cursor: '', limit: 10 })).entries).toEqual([]);
  });

  it('charge twenty concurrent unlock clicks once, then show the post whole', async () => {
    const item = await premiumPost();
    const reader = await approvedMember('ugo', { credits: 10 });
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => reader.browser.postJson(`/api/posts/${item.post.id}/unlock`, {})),
    );
    expect(clicks.map((click) => click.status)).toEqual(Array(20).fill(200));
    expect(await stack.wallet.Balance({ userId: reader.id })).toMatchObject({ balance: 7 });
    const history = await stack.wallet.History({ userId: reader.id, cursor: '', limit: 10 });
    expect(history.entries.filter((entry) => entry.kind === 'debit')).toHaveLength(1);
    expect(await json(await reader.browser.get(`/api/posts/${item.post.id}/unlocked`))).toEqual({ unlocked: true });
    const whole = (await json(await reader.browser.get(`/api/posts/${item.post.id}`))) as unknown as Item;
    expect(whole.post).toMatchObject({ locked: false, content: 'contenuto riservato' });
    expect((await reader.browser.get(whole.post.imageUrl ?? '')).status).toBe(200);
  });

  it('answer 402 with Insufficient Credits and stay locked without the credits', async () => {
    const item = await premiumPost();
    const reader = await approvedMember('vito');
    const refused = await reader.browser.postJson(`/api/posts/${item.post.id}/unlock`, {});
    expect(refused.status).toBe(402);
    expect(await json(refused)).toEqual({
      message: 'Crediti insufficienti: non hai abbastanza crediti per questa azione.',
    });
    expect(await json(await reader.browser.get(`/api/posts/${item.post.id}/unlocked`))).toEqual({ unlocked: false });
  });
});

describe('the Telegram reveal', () => {
  it('costs 2 credits once per viewer and author, however often it is asked', async () => {
    const author = await approvedMember('wanda');
    await author.browser.postJson('/api/auth/profile', { username: 'wanda', telegramUsername: 'wanda_tg' }, 'PUT');
    // Content learns only that there is a handle; the handle itself stays with identity.
    const authors = await stack.adapters.documents.collection<{ _id: string; hasTelegram: boolean }>('authors');
    await waitFor(async () => (await authors.findOne({ _id: author.id }))?.hasTelegram === true, 5000, 'the handle');
    expect(JSON.stringify(await authors.findOne({ _id: author.id }))).not.toContain('wanda_tg');
    const created = await author.browser.postForm(
      '/api/posts',
      postForm({ content: 'scrivimi', showTelegramUsername: 'true' }),
    );
    const postId = ((await json(created)) as { item: Item }).item.post.id;
    const reader = await approvedMember('xeno', { credits: 5 });
    const reveals = await Promise.all(
      Array.from({ length: 5 }, () => reader.browser.postJson(`/api/posts/${postId}/telegram`, {})),
    );
    for (const reveal of reveals) expect(await json(reveal)).toMatchObject({ telegramUsername: '@wanda_tg' });
    expect(await stack.wallet.Balance({ userId: reader.id })).toMatchObject({ balance: 3 });
    expect(await json(await reader.browser.postJson(`/api/posts/${postId}/telegram`, {}))).toMatchObject({
      charged: 0,
    });
  });
});

describe('likes, comments and deletion', () => {
  it('toggle a like and add a comment', async () => {
    const author = await approvedMember('yara');
    const created = await author.browser.postForm('/api/posts', postForm({ content: 'commentate!' }));
    const postId = ((await json(created)) as { item: Item }).item.post.id;
    const reader = await approvedMember('zeno');
    expect(await json(await reader.browser.postJson(`/api/posts/${postId}/like`, {}))).toEqual({
      liked: true,
      likeCount: 1,
    });
    const comment = await reader.browser.postJson(`/api/posts/${postId}/comments`, { content: '  Bello  ' });
    expect(comment.status).toBe(201);
    expect(await json(comment)).toMatchObject({ comment: { content: 'Bello' }, message: 'Commento aggiunto' });
    expect((await reader.browser.postJson(`/api/posts/${postId}/comments`, { content: '' })).status).toBe(400);
    const comments = (await json(await author.browser.get(`/api/posts/${postId}/comments`))) as unknown as unknown[];
    expect(comments).toEqual([expect.objectContaining({ author: expect.objectContaining({ id: reader.id }) })]);
    expect(JSON.stringify(comments)).not.toContain('@example.it');
  });

  it('lets an admin delete any post, its author their own, and refuses others', async () => {
    const author = await approvedMember('alba');
    const postId = (
      (await json(await author.browser.postForm('/api/posts', postForm({ content: 'via' })))) as { item: Item }
    ).item.post.id;
    const other = await approvedMember('bruna');
    expect((await stack.browser().request(`/api/admin/posts/${postId}`, { method: 'DELETE' })).status).toBe(401);
    expect((await other.browser.request(`/api/admin/posts/${postId}`, { method: 'DELETE' })).status).toBe(403);
    expect((await other.browser.request(`/api/posts/${postId}`, { method: 'DELETE' })).status).toBe(403);
    const removed = await admin.browser.request(`/api/admin/posts/${postId}`, { method: 'DELETE' });
    expect(await json(removed)).toMatchObject({ message: 'Post eliminato' });
    expect((await author.browser.get(`/api/posts/${postId}`)).status).toBe(404);
    const own = (
      (await json(await author.browser.postForm('/api/posts', postForm({ content: 'mio' })))) as { item: Item }
    ).item.post.id;
    expect((await author.browser.request(`/api/posts/${own}`, { method: 'DELETE' })).status).toBe(200);
  });
});

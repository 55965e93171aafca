import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { failureOf, waitFor } from '@tip/platform/testing';
import { postForm, startContentHarness, type ContentHarness } from '../testing/harness.js';
import { heicPhoto, jpegWithExif, mp4Video, pngBomb, pngImage, TEXT_FILE } from '../testing/media-files.js';

let harness: ContentHarness;

beforeAll(async () => {
  harness = await startContentHarness({ approval: 'immediate' });
});
afterAll(() => harness.stop());

const upload = (content: Buffer) => ({ content, fileName: 'photo.jpg' });

describe('the composer’s rules, on the server', () => {
  it('lets an approved member post, published at once in immediate mode', async () => {
    const author = await harness.member();
    const { status, item } = await harness.client.CreatePost({ viewerId: author, ...postForm() });
    expect(status).toBe('approved');
    expect(item?.post).toMatchObject({
      authorId: author,
      content: 'Ciao a tutti',
      category: 'trending',
      locked: false,
    });
    expect(item?.author).toMatchObject({ id: author });
  });

  it('refuses a member waiting for approval, and one content has not heard of', async () => {
    const pending = await harness.member({ verificationStatus: 'pending' });
    for (const viewerId of [pending, 'stranger']) {
      expect(await failureOf(harness.client.CreatePost({ viewerId, ...postForm() }))).toMatchObject({
        code: 'PERMISSION_DENIED',
        messageKey: 'errors.notApproved',
      });
    }
  });

  it('keeps men out of patate and women out of melanzana, and asks those two for a photo', async () => {
    const man = await harness.member({ gender: 'male' });
    const woman = await harness.member({ gender: 'female' });
    const photo = upload(await pngImage());
    expect(
      await failureOf(harness.client.CreatePost({ viewerId: man, ...postForm({ category: 'patate', media: photo }) })),
    ).toMatchObject({
      messageKey: 'content.menNotInPatate',
    });
    expect(
      await failureOf(
        harness.client.CreatePost({ viewerId: woman, ...postForm({ category: 'melanzana', media: photo }) }),
      ),
    ).toMatchObject({
      messageKey: 'content.womenNotInMelanzana',
    });
    expect(
      await failureOf(harness.client.CreatePost({ viewerId: man, ...postForm({ category: 'melanzana' }) })),
    ).toMatchObject({
      messageKey: 'content.photoRequired',
    });
    expect(
      await failureOf(
        harness.client.CreatePost({ viewerId: man, ...postForm({ category: 'melanzana', media: upload(mp4Video()) }) }),
      ),
    ).toMatchObject({
      messageKey: 'content.photoRequired',
    });
    const { item } = await harness.client.CreatePost({
      viewerId: woman,
      ...postForm({ category: 'patate', media: photo }),
    });
    const postId = item?.post?.id ?? '';
    expect(await harness.processed(postId)).toBe('approved');
    const { post } = await harness.client.GetPost({ postId, viewerId: woman });
    expect(post?.imageUrl).toMatch(/^\/api\/posts\/.+\/media\/image-1280\?v=/);
  });

  it('wants text or media, and premium posts only from premium members, at 1 to 10 credits', async () => {
    const member = await harness.member();
    const premium = await harness.member({ premium: true });
    expect(
      await failureOf(harness.client.CreatePost({ viewerId: member, ...postForm({ content: '   ' }) })),
    ).toMatchObject({
      messageKey: 'content.contentRequired',
    });
    expect(
      await failureOf(harness.client.CreatePost({ viewerId: member, ...postForm({ isPremium: true, creditCost: 3 }) })),
    ).toMatchObject({
      messageKey: 'content.premiumOnly',
    });
    for (const creditCost of [0, 11]) {
      expect(
        await failureOf(harness.client.CreatePost({ viewerId: premium, ...postForm({ isPremium: true, creditCost }) })),
      ).toMatchObject({
        messageKey: 'content.premiumCostRange',
      });
    }
    const { item } = await harness.client.CreatePost({
      viewerId: premium,
      ...postForm({ isPremium: true, creditCost: 4 }),
    });
    expect(item?.post).toMatchObject({ isPremium: true, creditCost: 4 });
  });

  it('takes a post that is not premium whatever cost the form sent, and keeps it free', async () => {
    const member = await harness.member();
    for (const creditCost of [0, 1, 11, undefined]) {
      const { item } = await harness.client.CreatePost({ viewerId: member, ...postForm({ creditCost }) });
      expect(item?.post).toMatchObject({ isPremium: false, creditCost: 0, locked: false });
    }
  });
});

describe('media', () => {
  it('converts an iPhone’s HEIC photo like any other, its EXIF left behind', async () => {
    const author = await harness.member();
    const original = await heicPhoto();
    expect(original.includes(Buffer.from('secret-camera-owner'))).toBe(true);
    const { item } = await harness.client.CreatePost({ viewerId: author, ...postForm({ media: upload(original) }) });
    const postId = item?.post?.id ?? '';
    expect(await harness.processed(postId)).toBe('approved');
    const large = await harness.client.GetMedia({ postId, viewerId: author, variant: 'image-1280' });
    expect(large.contentType).toBe('image/webp');
    expect(await sharp(large.content).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect((await sharp(large.content).metadata()).exif).toBeUndefined();
    expect(large.content.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    // The pixels are the photo's (orange), not an empty canvas.
    const { dominant } = await sharp(large.content).stats();
    expect(dominant.r).toBeGreaterThan(150);
  });

  it('re-encodes an image in two widths without its metadata, with a blurred teaser', async () => {
    const author = await harness.member();
    const { item } = await harness.client.CreatePost({
      viewerId: author,
      ...postForm({ media: upload(await jpegWithExif()) }),
    });
    const postId = item?.post?.id ?? '';
    expect(await harness.processed(postId)).toBe('approved');
    const large = await harness.client.GetMedia({ postId, viewerId: author, variant: 'image-1280' });
    const small = await harness.client.GetMedia({ postId, viewerId: author, variant: 'image-640' });
    const teaser = await harness.client.GetMedia({ postId, viewerId: author, variant: 'teaser' });
    expect(large.contentType).toBe('image/webp');
    expect((await sharp(large.content).metadata()).width).toBe(1280);
    expect((await sharp(small.content).metadata()).width).toBe(640);
    expect((await sharp(teaser.content).metadata()).width).toBe(32);
    const metadata = await sharp(large.content).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(large.content.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('refuses at once what is not an image or a video and files over 10 MB, storing nothing', async () => {
    const author = await harness.member();
    const cases: [Buffer, string][] = [
      [TEXT_FILE, 'content.mediaInvalid'],
      [Buffer.concat([await pngImage(), Buffer.alloc(11 * 1024 * 1024)]), 'content.mediaTooLarge'],
    ];
    for (const [content, messageKey] of cases) {
      expect(
        await failureOf(harness.client.CreatePost({ viewerId: author, ...postForm({ media: upload(content) }) })),
      ).toMatchObject({
        messageKey,
      });
    }
    const page = await harness.client.Feed({ viewerId: author, category: '', cursor: '', limit: 50 });
    expect(page.items.filter((feedItem) => feedItem.post?.authorId === author)).toEqual([]);
  });

  it('takes a photo like a video: quarantined as sent, processing for its author alone, then published', async () => {
    const author = await harness.member();
    const reader = await harness.member();
    const original = await jpegWithExif();
    const { status, item } = await harness.client.CreatePost({
      viewerId: author,
      ...postForm({ media: upload(original) }),
    });
    const postId = item?.post?.id ?? '';
    expect({ status, uploadKind: item?.post?.uploadKind }).toEqual({ status: 'processing', uploadKind: 'image' });
    expect(await failureOf(harness.client.GetPost({ postId, viewerId: reader }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await harness.processed(postId)).toBe('approved');
    // The worker wrote the variants and lets the upload go right after publishing the post.
    const quarantined = async () => (await harness.objects.get(`quarantine/${postId}`)) !== null;
    await waitFor(async () => !(await quarantined()), 5000, 'the upload out of quarantine');
    const { post } = await harness.client.GetPost({ postId, viewerId: reader });
    expect(post).toMatchObject({ status: 'approved', uploadKind: '' });
    expect(post?.imageUrl).toMatch(/image-1280/);
  });

  it('takes an upload in chunks, the form last, as the BFF streams it', async () => {
    const author = await harness.member();
    const original = await jpegWithExif();
    async function* parts() {
      for (let at = 0; at < original.length; at += 1000) yield { chunk: original.subarray(at, at + 1000) };
      yield { form: { viewerId: author, ...postForm({ content: 'a pezzi' }), media: { fileName: 'IMG_0005.JPG' } } };
    }
    const { status, item } = await harness.client.CreatePostUpload(parts());
    expect({ status, uploadKind: item?.post?.uploadKind }).toEqual({ status: 'processing', uploadKind: 'image' });
    const postId = item?.post?.id ?? '';
    expect(await harness.processed(postId)).toBe('approved');
    const large = await harness.client.GetMedia({ postId, viewerId: author, variant: 'image-1280' });
    expect((await sharp(large.content).metadata()).width).toBe(1280);
  });

  it('refuses a chunked upload without its form, or with parts after it, in the composer’s words', async () => {
    const author = await harness.member();
    const form = { viewerId: author, ...postForm() };
    async function* noForm() {
      yield { chunk: Buffer.from('solo byte') };
    }
    async function* afterForm() {
      yield { form };
      yield { chunk: Buffer.from('troppo tardi') };
    }
    for (const parts of [noForm(), afterForm()]) {
      expect(await failureOf(harness.client.CreatePostUpload(parts))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        messageKey: 'errors.invalidInput',
      });
    }
    // Without a chunk it is a post without media, as CreatePost makes it.
    async function* textOnly() {
      yield { form };
    }
    expect(await harness.client.CreatePostUpload(textOnly())).toMatchObject({ status: 'approved' });
  });

  it('leaves broken images and bombs refused by the worker, with the reason for the author, storing nothing', async () => {
    const author = await harness.member();
    const truncated = (await pngImage(300, 300)).subarray(0, 120);
    for (const content of [truncated, pngBomb()]) {
      const { item } = await harness.client.CreatePost({ viewerId: author, ...postForm({ media: upload(content) }) });
      const postId = item?.post?.id ?? '';
      expect(await harness.processed(postId)).toBe('rejected');
      const { post } = await harness.client.GetPost({ postId, viewerId: author });
      expect(post).toMatchObject({ mediaProblem: 'content.mediaInvalid', uploadKind: 'image', imageUrl: '' });
      await waitFor(
        async () => (await harness.objects.get(`quarantine/${postId}`)) === null,
        5000,
        'the upload out of quarantine',
      );
      expect(await harness.objects.get(`posts/${postId}/image-640`)).toBeNull();
    }
  });
});

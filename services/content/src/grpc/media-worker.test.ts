import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, gauge, processMetrics, type ObjectStore } from '@tip/platform';
import { waitFor } from '@tip/platform/testing';
import { UserDeleted } from '@tip/identity/contract';
import { postForm, startContentHarness, type ContentHarness } from '../testing/harness.js';
import { recordedVideo } from '../testing/media-files.js';
import { readContentConfig } from '../config.js';
import { startContentService } from '../service.js';

// Content as compose and Kubernetes may run it: the API without the media worker, and the worker on its own.
let harness: ContentHarness;

beforeAll(async () => {
  harness = await startContentHarness({ approval: 'immediate', mediaWorker: 'separate' });
});
afterAll(() => harness.stop());

describe('the media worker as a process of its own', () => {
  it('processes what the API part received, on the same stores', async () => {
    const author = await harness.member();
    const { status, item } = await harness.client.CreatePost({
      viewerId: author,
      content: 'Dal telefono',
      category: 'trending',
      showProfileData: true,
      showTelegramUsername: false,
      isPremium: false,
      creditCost: 1,
      media: { content: await recordedVideo({ seconds: 1 }), fileName: 'IMG_0002.MOV' },
    });
    expect(status).toBe('processing');
    const postId = item?.post?.id ?? '';

    // What the worker writes, so that the test knows which process made the video.
    const written: string[] = [];
    const { objects } = harness;
    const storesOfWorker: ObjectStore = {
      put: (key, body, contentType) => (written.push(key), objects.put(key, body, contentType)),
      get: (key) => objects.get(key),
      getRange: (key, offset, length) => objects.getRange(key, offset, length),
      delete: (key) => objects.delete(key),
      deleteUnder: (folder) => objects.deleteUnder(folder),
      close: async () => undefined,
    };
    const worker = await startContentService({
      address: '127.0.0.1:0',
      serviceTokenSecret: 'media-worker-test-secret',
      documents: harness.documents,
      events: harness.events,
      objects: storesOfWorker,
      logger: createLogger('media-worker', 'silent'),
      approval: 'immediate',
      wallet: harness.wallet.charges,
      mediaWorker: 'only',
    });
    try {
      expect(await harness.processed(postId)).toBe('approved');
    } finally {
      await worker.stop();
    }
    expect(written).toContain(`posts/${postId}/video`);
    const { post } = await harness.client.GetPost({ postId, viewerId: author });
    expect(post?.videoUrl).toMatch(/media\/video\?v=/);
  }, 120_000);

  it('leaves nothing of a deleted member: variants, posters and an upload still in quarantine', async () => {
    const author = await harness.member();
    const admin = await harness.member({ isAdmin: true });
    const postVideo = async () => {
      const { item } = await harness.client.CreatePost({
        viewerId: author,
        ...postForm({ media: { content: await recordedVideo({ seconds: 1 }), fileName: 'IMG_0003.MOV' } }),
      });
      return item?.post?.id ?? '';
    };
    const made = await postVideo();
    const worker = await startContentService({
      address: '127.0.0.1:0',
      serviceTokenSecret: 'media-worker-test-secret',
      documents: harness.documents,
      events: harness.events,
      objects: harness.objects,
      logger: createLogger('media-worker', 'silent'),
      approval: 'immediate',
      wallet: harness.wallet.charges,
      mediaWorker: 'only',
    });
    try {
      expect(await harness.processed(made)).toBe('approved');
    } finally {
      await worker.stop();
    }
    // No worker runs now (this content is 'separate'): the second upload waits in quarantine.
    const waiting = await postVideo();
    const keys = [
      ...['video', 'poster', 'teaser'].map((variant) => `posts/${made}/${variant}`),
      `quarantine/${waiting}`,
    ];
    for (const key of keys)
      expect({ key, stored: (await harness.objects.get(key)) !== null }).toEqual({ key, stored: true });

    await harness.events.publish(UserDeleted.topic, [
      UserDeleted.create(author, { userId: author, deletedAt: new Date().toISOString() }, 'test'),
    ]);
    const gone = (postId: string) => () =>
      harness.client.GetPost({ postId, viewerId: admin }).then(
        () => false,
        () => true,
      );
    await waitFor(gone(made), 5000, 'the processed post erased');
    await waitFor(gone(waiting), 5000, 'the waiting post erased');
    for (const key of keys)
      expect({ key, stored: (await harness.objects.get(key)) !== null }).toEqual({ key, stored: false });
  }, 120_000);

  it('says how many uploads wait as soon as it starts, before its first job is done', async () => {
    const author = await harness.member();
    const { item } = await harness.client.CreatePost({
      viewerId: author,
      ...postForm({ media: { content: await recordedVideo({ seconds: 1 }), fileName: 'IMG_0004.MOV' } }),
    });
    const postId = item?.post?.id ?? '';
    const queueLength = async () => (await processMetrics().getSingleMetric('tip_media_queue_length')?.get())?.values;
    const waiting = () =>
      harness.documents
        .collection('posts')
        .then((posts) => posts.count({ status: 'processing', deleted: { $ne: true } }));
    expect(await waiting()).toBeGreaterThan(0);
    // What the API part said after the upload is not the worker's to take credit for.
    gauge('tip_media_queue_length', 'the media queue').set(0);
    // The worker's job cannot end before the test lets it read the upload.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { objects } = harness;
    const heldObjects: ObjectStore = {
      put: (key, body, contentType) => objects.put(key, body, contentType),
      get: async (key) => (key.startsWith('quarantine/') ? held.then(() => objects.get(key)) : objects.get(key)),
      getRange: (key, offset, length) => objects.getRange(key, offset, length),
      delete: (key) => objects.delete(key),
      deleteUnder: (folder) => objects.deleteUnder(folder),
      close: async () => undefined,
    };
    const worker = await startContentService({
      address: '127.0.0.1:0',
      serviceTokenSecret: 'media-worker-test-secret',
      documents: harness.documents,
      events: harness.events,
      objects: heldObjects,
      logger: createLogger('media-worker', 'silent'),
      approval: 'immediate',
      wallet: harness.wallet.charges,
      mediaWorker: 'only',
    });
    try {
      const count = await waiting();
      await waitFor(async () => (await queueLength())?.[0]?.value === count, 5000, 'the queue reported at start');
      release();
      expect(await harness.processed(postId)).toBe('approved');
      await waitFor(async () => (await queueLength())?.[0]?.value === (await waiting()), 5000, 'the queue after');
    } finally {
      release();
      await worker.stop();
    }
  }, 120_000);

  it('is chosen by MEDIA_WORKER, in the process by default', () => {
    const env = { SERVICE_TOKEN_SECRET: 'x'.repeat(32) };
    expect(readContentConfig(env).MEDIA_WORKER).toBe('in-process');
    expect(readContentConfig({ ...env, MEDIA_WORKER: 'only' }).MEDIA_WORKER).toBe('only');
    expect(() => readContentConfig({ ...env, MEDIA_WORKER: 'elsewhere' })).toThrow(/MEDIA_WORKER/);
  });
});

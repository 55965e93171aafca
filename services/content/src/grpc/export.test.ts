import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postForm, startContentHarness, type ContentHarness } from '../testing/harness.js';
import { pngImage, RECORDED_LOCATION, recordedVideo } from '../testing/media-files.js';

let harness: ContentHarness;

beforeAll(async () => {
  harness = await startContentHarness({ approval: 'moderated' });
});
afterAll(() => harness.stop());

/** A new post's id, once the media worker is done with its media if it has any. */
async function post(viewerId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const { status, item } = await harness.client.CreatePost({ viewerId, ...postForm(overrides) });
  const id = item?.post?.id;
  if (!id) throw new Error('no post');
  if (status === 'processing') await harness.processed(id);
  return id;
}

interface Exported {
  posts: { id: string; content: string; status: string; rejectionReason: string | null; media: unknown }[];
  comments: { id: string; postId: string; content: string }[];
  likes: { postId: string }[];
  unlocks: { postId: string }[];
  telegramReveals: { authorId: string }[];
}

const exportOf = async (userId: string) => {
  const reply = await harness.client.ExportMember({ userId });
  return { reply, data: JSON.parse(reply.json) as Exported };
};

describe('ExportMember', () => {
  it('holds the member’s posts in every state, comments, likes, unlocks and reveals, and nothing of others', async () => {
    const anna = await harness.member();
    const bruno = await harness.member({ hasTelegram: true, premium: true });
    const carla = await harness.member();

    const photoPost = await post(anna, {
      content: 'la foto di anna',
      media: { content: await pngImage(), fileName: 'a.png' },
    });
    const videoPost = await post(anna, {
      content: 'il video di anna',
      media: { content: await recordedVideo({ seconds: 1 }), fileName: 'v.mov' },
    });
    // Its video goes through the media worker first; then it waits for a moderator like the others.
    expect(await harness.processed(videoPost)).toBe('pending');
    const waiting = await post(anna, { content: 'anna in attesa' });
    const rejected = await post(anna, { content: 'anna rifiutata' });
    const brunos = await post(bruno, {
      content: 'premium di bruno',
      isPremium: true,
      creditCost: 3,
      showTelegramUsername: true,
    });
    const carlas = await post(carla, { content: 'il post di carla' });
    for (const postId of [photoPost, videoPost, brunos, carlas]) await harness.decide(postId, 'approved');
    await harness.decide(rejected, 'rejected', 'Contenuto inappropriato');

    await harness.client.AddComment({ postId: brunos, viewerId: anna, content: 'commento di anna' });
    await harness.client.AddComment({ postId: photoPost, viewerId: anna, content: 'anna sul suo post' });
    await harness.client.ToggleLike({ postId: brunos, viewerId: anna });
    await harness.client.Unlock({ postId: brunos, viewerId: anna });
    await harness.client.RevealTelegram({ postId: brunos, viewerId: anna });
    // Others on Anna's post: counted on it, theirs otherwise.
    await harness.client.AddComment({ postId: photoPost, viewerId: bruno, content: 'commento di bruno' });
    await harness.client.ToggleLike({ postId: photoPost, viewerId: bruno });
    // Carla's own doings concern neither.
    await harness.client.AddComment({ postId: carlas, viewerId: carla, content: 'commento di carla' });
    await harness.client.ToggleLike({ postId: carlas, viewerId: carla });

    const { reply, data } = await exportOf(anna);
    // Newest last; members who post twice in a millisecond get either order.
    const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(data.posts).map((item) => [item.id, item.content, item.status, item.rejectionReason])).toEqual(
      byId([
        { id: photoPost, content: 'la foto di anna', status: 'approved', rejectionReason: null },
        { id: videoPost, content: 'il video di anna', status: 'approved', rejectionReason: null },
        { id: waiting, content: 'anna in attesa', status: 'pending', rejectionReason: null },
        { id: rejected, content: 'anna rifiutata', status: 'rejected', rejectionReason: 'Contenuto inappropriato' },
      ]).map((item) => [item.id, item.content, item.status, item.rejectionReason]),
    );
    expect(data.posts.find((item) => item.id === photoPost)).toMatchObject({
      media: { kind: 'image', file: `media/posts/${photoPost}.webp` },
      likeCount: 1,
      commentCount: 2,
    });
    expect(data.posts.find((item) => item.id === videoPost)).toMatchObject({
      media: { kind: 'video', file: `media/posts/${videoPost}.mp4` },
    });
    expect(data.comments.map((comment) => [comment.postId, comment.content]).sort()).toEqual(
      [
        [brunos, 'commento di anna'],
        [photoPost, 'anna sul suo post'],
      ].sort(),
    );
    expect(data.likes).toEqual([{ postId: brunos, createdAt: expect.any(String) }]);
    expect(data.unlocks).toEqual([{ postId: brunos, createdAt: expect.any(String) }]);
    expect(data.telegramReveals).toEqual([{ authorId: bruno, createdAt: expect.any(String) }]);
    for (const others of ['commento di bruno', 'premium di bruno', '@brunotg', carla, 'carla']) {
      expect(reply.json).not.toContain(others);
    }

    // The media named are the member's to fetch, whole.
    expect(reply.media).toHaveLength(2);
    expect(reply.media).toEqual(
      expect.arrayContaining([
        { postId: photoPost, variant: 'image-1280', path: `media/posts/${photoPost}.webp` },
        { postId: videoPost, variant: 'video', path: `media/posts/${videoPost}.mp4` },
      ]),
    );
    const video = await harness.client.GetMedia({ postId: videoPost, viewerId: anna, variant: 'video' });
    // The processed video, the one members are served: the MOV sent became an MP4.
    expect(video.contentType).toBe('video/mp4');
    expect(video.content.includes(Buffer.from(RECORDED_LOCATION))).toBe(false);
    const image = await harness.client.GetMedia({ postId: photoPost, viewerId: anna, variant: 'image-1280' });
    expect(image.contentType).toBe('image/webp');

    // Bruno's export has his post (with Anna's unlock counted) and his comment, nothing of Anna's or Carla's doings.
    const brunoExport = await exportOf(bruno);
    expect(brunoExport.data.posts).toEqual([expect.objectContaining({ id: brunos, unlockCount: 1, likeCount: 1 })]);
    expect(brunoExport.data.comments.map((comment) => comment.content)).toEqual(['commento di bruno']);
    expect(brunoExport.data.likes).toEqual([{ postId: photoPost, createdAt: expect.any(String) }]);
    expect(brunoExport.data.unlocks).toEqual([]);
    expect(brunoExport.data.telegramReveals).toEqual([]);
    for (const others of ['anna', carla, 'carla']) expect(brunoExport.reply.json).not.toContain(others);
    // A video is transcoded on the way in: seconds on a shared machine.
  }, 60_000);

  it('leaves out a deleted post, which keeps nothing', async () => {
    const member = await harness.member();
    const postId = await post(member, { content: 'da cancellare' });
    await harness.client.DeletePost({ postId, viewerId: member });
    const { reply, data } = await exportOf(member);
    expect(data.posts).toEqual([]);
    expect(reply.json).not.toContain('da cancellare');
  });

  it('is empty for a member content has not heard of', async () => {
    const { reply, data } = await exportOf('stranger');
    expect(data).toEqual({ posts: [], comments: [], likes: [], unlocks: [], telegramReveals: [] });
    expect(reply.media).toEqual([]);
  });
});

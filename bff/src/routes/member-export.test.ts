import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { recordedVideo } from '@tip/content/testing';
import { waitFor } from '@tip/platform/testing';
import { json, type Browser } from '../testing/browser.js';
import { PNG } from '../testing/images.js';
import { fileForm, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };

beforeAll(async () => {
  stack = await startStack({ postApproval: 'immediate' });
  admin = await stack.admin();
});
afterAll(() => stack.stop());

/** A member an admin approved (and credited, or made premium), once content and messaging have heard of it. */
async function approvedMember(name: string, options: { premium?: boolean; credits?: number } = {}) {
  const member = await stack.member(name);
  const decided = await admin.browser.postJson(`/api/admin/users/${member.id}/verify`, { status: 'approved' }, 'PUT');
  expect(decided.status).toBe(200);
  if (options.premium) await admin.browser.postJson(`/api/admin/users/${member.id}/grant-premium`, { months: 1 });
  if (options.credits)
    await admin.browser.postJson(`/api/admin/users/${member.id}/add-credits`, { amount: options.credits });
  const authors = await stack.adapters.documents.collection<{ _id: string; premiumSubscriptionExpiry: string | null }>(
    'authors',
  );
  const members = await stack.adapters.documents.collection<{ _id: string; verificationStatus: string }>('members');
  await waitFor(
    async () => {
      const author = await authors.findOne({ _id: member.id, verificationStatus: 'approved' });
      const known = await members.findOne({ _id: member.id, verificationStatus: 'approved' });
      return author !== null && known !== null && (!options.premium || author.premiumSubscriptionExpiry !== null);
    },
    5000,
    `content and messaging hearing that ${name} was approved`,
  );
  return member;
}

function postForm(fields: Record<string, string>, media?: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ category: 'trending', ...fields })) form.append(name, value);
  if (media) form.append('media', new Blob([new Uint8Array(media)], { type: 'image/jpeg' }), 'foto.jpg');
  return form;
}

async function created(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  return ((await json(response)) as { item: { post: { id: string } } }).item.post.id;
}

const ok = async (response: Promise<Response>) => {
  const answer = await response;
  expect([answer.status, answer.ok ? '' : await answer.text()]).toEqual([answer.status, '']);
  return answer;
};

async function download(browser: Browser): Promise<{ response: Response; files: Record<string, Uint8Array> }> {
  const response = await browser.get('/api/users/me/export');
  expect(response.status).toBe(200);
  return { response, files: unzipSync(new Uint8Array(await response.arrayBuffer())) };
}

const text = (file: Uint8Array | undefined) => Buffer.from(file ?? new Uint8Array()).toString('utf8');
const parsed = (file: Uint8Array | undefined) => JSON.parse(text(file)) as Record<string, unknown>;

describe('GET /api/users/me/export', () => {
  it('downloads everything each service holds about a member who did one of everything, media included', async () => {
    const anna = await approvedMember('anna_dati', { credits: 20 });
    const bruno = await approvedMember('bruno_dati', { premium: true, credits: 10 });
    const carla = await approvedMember('carla_dati', { credits: 10 });

    // Anna: a profile photo, a post with a photo, a comment, a like, an unlock, a message, a block, a report,
    // feedback and a purchase (on top of the admin's grant above).
    await ok(anna.browser.postForm('/api/auth/profile-image', fileForm('profileImage', PNG, 'me.png', 'image/png')));
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const annasPost = await created(
      await anna.browser.postForm('/api/posts', postForm({ content: 'il post di anna' }, photo)),
    );
    const brunosPost = await created(
      await bruno.browser.postForm(
        '/api/posts',
        postForm({ content: 'premium di bruno', isPremium: 'true', creditCost: '3' }),
      ),
    );
    await ok(anna.browser.postJson(`/api/posts/${brunosPost}/unlock`, {}));
    await ok(anna.browser.postJson(`/api/posts/${brunosPost}/comments`, { content: 'il commento di anna' }));
    await ok(anna.browser.postJson(`/api/posts/${brunosPost}/like`, {}));
    await ok(
      anna.browser.postJson('/api/messages', { id: randomUUID(), recipientId: bruno.id, content: 'ciao bruno' }),
    );
    await ok(anna.browser.postJson(`/api/users/${carla.id}/block`, { reason: 'spam' }));
    await ok(anna.browser.postJson(`/api/posts/${brunosPost}/report`, { reason: 'fake', description: 'non è lui' }));
    await ok(anna.browser.postJson('/api/feedback', { type: 'bug', message: 'il feedback di anna' }));
    const intent = (await json(
      await ok(anna.browser.postJson('/api/create-payment-intent', { credits: 10, amount: 9.99 })),
    )) as { paymentIntentId: string };
    await ok(
      anna.browser.postJson('/api/demo-payments/confirm', {
        paymentIntentId: intent.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      }),
    );
    await ok(anna.browser.postJson('/api/confirm-payment', { paymentIntentId: intent.paymentIntentId }));
    // Others: Bruno answers Anna; Carla's message to Bruno and Bruno's comment on Anna's post are not Anna's.
    await ok(bruno.browser.postJson('/api/messages', { id: randomUUID(), recipientId: anna.id, content: 'ciao anna' }));
    await ok(carla.browser.postJson('/api/messages', { id: randomUUID(), recipientId: bruno.id, content: 'da carla' }));
    await ok(bruno.browser.postJson(`/api/posts/${annasPost}/comments`, { content: 'il commento di bruno' }));
    // Moderation hears of the admin's decision and grant about Anna by events.
    await waitFor(
      async () => {
        const part = JSON.parse((await stack.moderation.ExportMember({ userId: anna.id })).json) as {
          verification: { decisions: unknown[] } | null;
          adminDecisions: unknown[];
        };
        return part.verification?.decisions.length === 1 && part.adminDecisions.length === 1;
      },
      5000,
      'moderation hearing of the admin’s actions',
    );

    // Notifications hears of what happened to Anna by events: the admin's, her purchase, Bruno's message and comment.
    const told = [
      'verification_approved',
      'credits_granted',
      'credits_purchased',
      'message_received',
      'post_commented',
    ];
    await waitFor(
      async () => {
        const { notifications } = await stack.notifications.List({ userId: anna.id, cursor: '', limit: 50 });
        return told.every((kind) => notifications.some((notification) => notification.kind === kind));
      },
      5000,
      'notifications hearing of what happened to Anna',
    );

    const { response, files } = await download(anna.browser);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tip-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    // Each service's part is what that service holds about Anna.
    for (const service of ['identity', 'content', 'messaging', 'wallet', 'moderation', 'notifications'] as const) {
      const held = await stack[service].ExportMember({ userId: anna.id });
      expect([service, parsed(files[`${service}.json`])]).toEqual([service, JSON.parse(held.json)]);
    }
    const identity = parsed(files['identity.json']) as {
      profile: { email: string; profilePhoto: string };
      verification: { status: string; photo: string };
      blocksMade: { blockedUserId: string; reason: string }[];
    };
    expect(identity.profile.email).toBe(anna.email);
    expect(identity.verification.status).toBe('approved');
    expect(identity.blocksMade).toEqual([{ blockedUserId: carla.id, reason: 'spam', blockedAt: expect.any(String) }]);
    const content = parsed(files['content.json']) as {
      posts: { id: string; media: { file: string } }[];
      comments: { postId: string; content: string }[];
      likes: { postId: string }[];
      unlocks: { postId: string }[];
    };
    expect(content.posts.map((post) => post.id)).toEqual([annasPost]);
    expect(content.comments).toEqual([expect.objectContaining({ postId: brunosPost, content: 'il commento di anna' })]);
    expect(content.likes).toEqual([expect.objectContaining({ postId: brunosPost })]);
    expect(content.unlocks).toEqual([expect.objectContaining({ postId: brunosPost })]);
    const messaging = parsed(files['messaging.json']) as { messages: { content: string; direction: string }[] };
    expect(messaging.messages.map((message) => [message.direction, message.content])).toEqual([
      ['sent', 'ciao bruno'],
      ['received', 'ciao anna'],
    ]);
    const wallet = parsed(files['wallet.json']) as {
      balance: number;
      entries: { kind: string; amount: number; reference: { type: string } }[];
      payments: { id: string; status: string }[];
    };
    expect(wallet.entries.map((entry) => [entry.kind, entry.amount, entry.reference.type])).toEqual([
      ['admin_adjustment', 20, 'admin'],
      ['debit', -3, 'post'],
      ['debit', -2, 'message'],
      ['purchase', 10, 'payment'],
    ]);
    expect(wallet.balance).toBe(25);
    expect(wallet.payments).toEqual([
      expect.objectContaining({ id: intent.paymentIntentId, status: 'settled', amountCents: 999 }),
    ]);
    const moderation = parsed(files['moderation.json']) as {
      reportsFiled: { postId: string; reason: string; description: string }[];
      feedbackSent: { type: string; message: string }[];
    };
    expect(moderation.reportsFiled).toEqual([
      expect.objectContaining({ postId: brunosPost, reason: 'fake', description: 'non è lui' }),
    ]);
    expect(moderation.feedbackSent).toEqual([expect.objectContaining({ type: 'bug', message: 'il feedback di anna' })]);
    const notifications = parsed(files['notifications.json']) as { notifications: { kind: string }[] };
    expect(notifications.notifications.map((notification) => notification.kind).sort()).toEqual([...told].sort());

    // The photos' bytes, each where the JSON says.
    const profilePhoto = await stack.identity.GetPhoto({ ownerId: anna.id, kind: 'profile', viewerId: anna.id });
    const verificationPhoto = await stack.identity.GetPhoto({
      ownerId: anna.id,
      kind: 'verification',
      viewerId: anna.id,
    });
    const postPhoto = await stack.content.GetMedia({ postId: annasPost, variant: 'image-1280', viewerId: anna.id });
    expect(identity.profile.profilePhoto).toBe('media/profile-photo.webp');
    expect(identity.verification.photo).toBe('media/verification-photo.jpg');
    expect(content.posts[0]?.media.file).toBe(`media/posts/${annasPost}.webp`);
    expect(Buffer.from(files['media/profile-photo.webp'] ?? [])).toEqual(profilePhoto.content);
    expect(Buffer.from(files['media/verification-photo.jpg'] ?? [])).toEqual(verificationPhoto.content);
    expect(Buffer.from(files[`media/posts/${annasPost}.webp`] ?? [])).toEqual(postPhoto.content);

    // The index, and nothing else in the archive.
    const manifest = parsed(files['export.json']);
    expect(manifest).toEqual({
      exportedAt: expect.any(String),
      memberId: anna.id,
      files: [
        'identity.json',
        'content.json',
        'messaging.json',
        'wallet.json',
        'moderation.json',
        'notifications.json',
      ],
      media: ['media/profile-photo.webp', 'media/verification-photo.jpg', `media/posts/${annasPost}.webp`],
    });
    expect(Object.keys(files).sort()).toEqual(
      ['export.json', ...(manifest.files as string[]), ...(manifest.media as string[])].sort(),
    );

    // Nothing about the others: not their e-mails, not what they wrote to each other or on Anna's post.
    const everything = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, file]) => text(file))
      .join('\n');
    for (const others of [bruno.email, carla.email, 'da carla', 'il commento di bruno', 'premium di bruno']) {
      expect(everything).not.toContain(others);
    }
  });

  it('streams a large video, stops when the member goes away mid-download, and serves the next download whole', async () => {
    const member = await approvedMember('video_dati');
    // Noise, which no encoder shrinks: several MB once processed.
    const recorded = await recordedVideo({ seconds: 12, noise: true, format: 'mp4-h264' });
    const form = new FormData();
    form.append('category', 'trending');
    form.append('content', 'il mio video');
    form.append('media', new Blob([new Uint8Array(recorded)], { type: 'video/mp4' }), 'video.mp4');
    const postId = await created(await member.browser.postForm('/api/posts', form));
    const statusOf = async () =>
      ((await json(await member.browser.get(`/api/posts/${postId}`))) as { post: { status: string } }).post.status;
    await waitFor(async () => (await statusOf()) !== 'processing', 60_000, 'the video processed');
    const served = await member.browser.get(`/api/posts/${postId}/media/video`);
    const video = Buffer.from(await served.arrayBuffer());
    expect(video.length).toBeGreaterThan(4 * 1024 * 1024);

    const controller = new AbortController();
    const cut = await fetch(`${stack.url}/api/users/me/export`, {
      headers: { Cookie: member.browser.cookieHeader() },
      signal: controller.signal,
    });
    expect(cut.status).toBe(200);
    await cut.body?.getReader().read();
    controller.abort();

    const { files } = await download(member.browser);
    expect(Buffer.from(files[`media/posts/${postId}.mp4`] ?? []).equals(video)).toBe(true);
  }, 120_000);

  it('is only for a signed-in member: visitors get 401', async () => {
    const response = await stack.browser().get('/api/users/me/export');
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Non autenticato' });
  });

  it('gives a member who did nothing yet their profile and verification photo', async () => {
    const member = await stack.member('nuovo_dati');
    const { files } = await download(member.browser);
    expect(Object.keys(files).sort()).toEqual([
      'content.json',
      'export.json',
      'identity.json',
      'media/verification-photo.jpg',
      'messaging.json',
      'moderation.json',
      'notifications.json',
      'wallet.json',
    ]);
    expect(parsed(files['identity.json'])).toMatchObject({ profile: { id: member.id }, blocksMade: [] });
    expect(parsed(files['wallet.json'])).toEqual({ account: null, balance: 0, entries: [], payments: [] });
    // Nothing chosen yet: the defaults, in the app all on and on devices all off, and no device.
    const everyGroup = (on: boolean) => ({ messages: on, posts: on, decisions: on, credits: on, queues: on });
    expect(parsed(files['notifications.json'])).toEqual({
      notifications: [],
      preferences: {
        inApp: everyGroup(true),
        push: everyGroup(false),
        previews: false,
        quietHours: null,
        savedAt: null,
      },
      pushSubscriptions: [],
    });
  });
});

describe('the export’s limit', () => {
  let limited: TestStack;
  beforeAll(async () => {
    limited = await startStack({ env: { ACCOUNT_LIMIT_PER_MEMBER: '2', WRITE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  afterAll(() => limited.stop());

  it('counts in the ACCOUNT group, per member: past it, 429 in the member’s language', async () => {
    const member = await limited.member('esportatore');
    for (let i = 0; i < 2; i++) expect((await member.browser.get('/api/users/me/export')).status).toBe(200);
    const refused = await member.browser.get('/api/users/me/export');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await json(refused)).message).toMatch(/^Troppe richieste in poco tempo\. Riprova tra \d+ s\.$/);
    // Another member is not held back.
    expect((await (await limited.member('altro')).browser.get('/api/users/me/export')).status).toBe(200);
  });
});

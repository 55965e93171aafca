import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { failureOf, waitFor } from '@tip/platform/testing';
import { PostDecided, PostEngagementChanged } from '@tip/content/contract';
import { UserDeleted } from '@tip/identity/contract';
import { MessagesRead, MessageSent } from '@tip/messaging/contract';
import {
  DEFAULT_PREFERENCES,
  DEVICES_PER_MEMBER,
  PUSH_ATTEMPTS,
  type NotificationPreferences,
} from '../domain/index.js';
import { outboundRequests } from '../infra/web-push-sender.js';
import { startNotificationsHarness, type NotificationsHarness } from '../testing/harness.js';
import { startPushServiceStandIn, type PushServiceStandIn, type StandInDevice } from '../testing/push-service.js';

let pushService: PushServiceStandIn;
let harness: NotificationsHarness;

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  // A message waits a second before it goes to the devices: long enough for its thread's reading to come by first.
  // A push that failed for a moment is tried again a tenth of a second later (unless the push service says when).
  harness = await startNotificationsHarness({ ...pushService.pushOptions, pushHoldMs: 1000, pushRetryWaitMs: 100 });
});
afterAll(async () => {
  await harness.stop();
  await pushService.close();
});

const everyGroup = { messages: true, posts: true, decisions: true, credits: true, queues: true };

/** Saves the member's preferences: push on for every group unless told otherwise. */
const prefer = (userId: string, preferences: Partial<NotificationPreferences> = {}) =>
  harness.client.SetPreferences({ userId, preferences: { ...DEFAULT_PREFERENCES, push: everyGroup, ...preferences } });

/** A member with a device subscribed (in `language`) and push on. */
async function memberWithDevice(options: { username?: string; language?: string } = {}) {
  const userId = await harness.member(options.username ? { username: options.username } : {});
  const device = pushService.device();
  await harness.client.Subscribe({ userId, ...device, language: options.language ?? 'it' });
  await prefer(userId);
  return { userId, device };
}

/** Every event so far handled, and every push it made sent (or dropped). */
async function allSent() {
  await harness.settled();
  await harness.service.pushesSent();
}

const like = (postId: string, userId: string) =>
  harness.publish(PostEngagementChanged, postId, { postId, what: 'likes', userId, liked: true });

const message = (sender: string, recipient: string, conversation: string) =>
  MessageSent.create(
    conversation,
    {
      messageId: randomUUID(),
      conversation,
      senderId: sender,
      recipientId: recipient,
      sentAt: new Date().toISOString(),
    },
    'test',
  );

/** The post's decision, as content announces it. */
const decide = (
  postId: string,
  authorId: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
) => harness.publish(PostDecided, postId, { postId, authorId, category: 'trending', adminId: 'admin', ...decision });

const titles = (device: StandInDevice) => device.received.map((push) => push.payload.title);

describe('preferences', () => {
  it('are the defaults until saved: everything in the app, nothing on the devices', async () => {
    const userId = await harness.member();
    expect(await harness.client.GetPreferences({ userId })).toEqual({
      inApp: everyGroup,
      push: { messages: false, posts: false, decisions: false, credits: false, queues: false },
      previews: false,
      quietHours: null,
    });
  });

  it('are saved whole and answered as saved', async () => {
    const userId = await harness.member();
    const quietHours = { from: '22:30', to: '07:00', timeZone: 'Europe/Rome' };
    const saved = await prefer(userId, { previews: true, quietHours });
    expect(saved).toEqual({ inApp: everyGroup, push: everyGroup, previews: true, quietHours });
    expect(await harness.client.GetPreferences({ userId })).toEqual(saved);
  });

  it('refuse quiet hours that are not times of day, in a known time zone, of some length', async () => {
    const userId = await harness.member();
    const refused = async (quietHours: NotificationPreferences['quietHours']) =>
      (await failureOf(prefer(userId, { quietHours }))).messageKey;
    expect(await refused({ from: '25:00', to: '07:00', timeZone: 'Europe/Rome' })).toBe('notifications.quietHoursTime');
    expect(await refused({ from: '22:00', to: '07:00', timeZone: 'Mars/Olympus' })).toBe(
      'notifications.quietHoursTimeZone',
    );
    expect(await refused({ from: '22:00', to: '22:00', timeZone: 'UTC' })).toBe('notifications.quietHoursEmpty');
    expect((await harness.client.GetPreferences({ userId })).quietHours).toBeNull();
  });

  it('make no entry of a group switched off in the app, and ring no bell', async () => {
    const author = await harness.member();
    await harness.client.SetPreferences({
      userId: author,
      preferences: { ...DEFAULT_PREFERENCES, inApp: { ...everyGroup, posts: false } },
    });
    const postId = await harness.post(author);
    await like(postId, await harness.member());
    await decide(postId, author, { status: 'approved' });
    await harness.settled();
    const list = (await harness.client.List({ userId: author, cursor: '', limit: 10 })).notifications;
    expect(list.map((entry) => entry.kind)).toEqual(['post_approved']);
  });
});

describe('Web Push', () => {
  it('answers the VAPID key the pushes are signed with, the same after a restart', async () => {
    const { publicKey } = await harness.client.PushKey({});
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    await harness.restart();
    expect((await harness.client.PushKey({})).publicKey).toBe(publicKey);
  });

  it('tells a device who did what, where it leads, tagged by the entry, in its language', async () => {
    const { userId: author, device } = await memberWithDevice();
    const english = pushService.device();
    await harness.client.Subscribe({ userId: author, ...english, language: 'en' });
    const postId = await harness.post(author);
    const [marco, luca] = [await harness.member({ username: 'marco' }), await harness.member({ username: 'luca' })];
    await like(postId, luca);
    await allSent();
    await like(postId, marco);
    await allSent();
    expect(titles(device)).toEqual([
      'luca ha messo mi piace al tuo post',
      'marco e un altro membro hanno messo mi piace al tuo post',
    ]);
    expect(titles(english)).toEqual(['luca liked your post', 'marco and one other member liked your post']);
    const [first, second] = device.received.map((push) => push.payload);
    const [entry] = (await harness.client.List({ userId: author, cursor: '', limit: 1 })).notifications;
    expect(second).toEqual({
      id: entry?.id,
      kind: 'post_liked',
      title: 'marco e un altro membro hanno messo mi piace al tuo post',
      body: '',
      url: `/posts/${postId}`,
      tag: entry?.id,
    });
    // The gathered entry's push replaces the first one on the device.
    expect(first?.tag).toBe(second?.tag);
    expect(device.received[0]?.vapidKey).toBe((await harness.client.PushKey({})).publicKey);
  });

  it('tells no device of a group switched off for push', async () => {
    const { userId: author, device } = await memberWithDevice();
    await prefer(author, { push: { ...everyGroup, posts: false } });
    const postId = await harness.post(author);
    await like(postId, await harness.member());
    await decide(postId, author, { status: 'rejected', reason: 'Spam' });
    await allSent();
    expect(device.received.map((push) => push.payload)).toEqual([
      expect.objectContaining({ kind: 'post_rejected', title: 'Il tuo post è stato rifiutato', body: 'Motivo: Spam' }),
    ]);
  });

  it('holds everything back in the quiet hours, in the member’s time zone, and lists it all the same', async () => {
    const { userId: author, device } = await memberWithDevice();
    // The quiet hours are the hour around now on the member's clock (Tokyo), across midnight or not.
    const tokyo = (offsetMinutes: number) =>
      new Date(Date.now() + offsetMinutes * 60_000).toLocaleTimeString('en-GB', {
        timeZone: 'Asia/Tokyo',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    await prefer(author, { quietHours: { from: tokyo(-30), to: tokyo(30), timeZone: 'Asia/Tokyo' } });
    const postId = await harness.post(author);
    await like(postId, await harness.member());
    await allSent();
    expect(device.received).toEqual([]);
    expect((await harness.client.List({ userId: author, cursor: '', limit: 10 })).notifications).toHaveLength(1);

    // Out of them (the same hour, somewhere else), the next one is pushed.
    await prefer(author, { quietHours: { from: tokyo(-30), to: tokyo(30), timeZone: 'America/New_York' } });
    await like(postId, await harness.member());
    await allSent();
    expect(device.received).toHaveLength(1);
  });

  it('never shows a message’s text without previews', async () => {
    const { userId: anna, device } = await memberWithDevice();
    const marco = await harness.member({ username: 'marco' });
    const conversation = `${anna}:${marco}`;
    await harness.events.publish(MessageSent.topic, [message(marco, anna, conversation)]);
    await allSent();
    expect(device.received.map((push) => push.payload)).toEqual([
      expect.objectContaining({
        kind: 'message_received',
        title: 'Nuovo messaggio da marco',
        body: '',
        url: `/messages?user=${marco}`,
      }),
    ]);
    expect(device.received[0]?.urgency).toBe('high');
  });

  it('does not push a message read while it was held (its thread was open)', async () => {
    const { userId: anna, device } = await memberWithDevice();
    const marco = await harness.member({ username: 'marco' });
    const conversation = `${anna}:${marco}`;
    const read = MessagesRead.create(
      conversation,
      { conversation, readerId: anna, senderId: marco, readAt: new Date().toISOString() },
      'test',
    );
    await harness.events.publish(MessageSent.topic, [message(marco, anna, conversation), read]);
    await allSent();
    expect(device.received).toEqual([]);
    // The next message, unread, is pushed: a new entry, one message.
    await harness.events.publish(MessageSent.topic, [message(marco, anna, conversation)]);
    await allSent();
    expect(titles(device)).toEqual(['Nuovo messaggio da marco']);
  });

  it('sends messages gathered while held once, as they are then', async () => {
    const { userId: anna, device } = await memberWithDevice();
    const marco = await harness.member({ username: 'marco' });
    const conversation = `${anna}:${marco}`;
    await harness.events.publish(MessageSent.topic, [
      message(marco, anna, conversation),
      message(marco, anna, conversation),
      message(marco, anna, conversation),
    ]);
    await allSent();
    expect(titles(device)).toEqual(['3 nuovi messaggi da marco']);
  });

  it('ends a subscription its push service says is gone (410, 404); a device answering 500 stays', async () => {
    const { userId: author, device } = await memberWithDevice();
    const [lost, failing] = [pushService.device(), pushService.device()];
    for (const other of [lost, failing]) await harness.client.Subscribe({ userId: author, ...other, language: 'it' });
    pushService.answer(device, 410);
    pushService.answer(lost, 404);
    pushService.answer(failing, 500);
    const postId = await harness.post(author);
    await like(postId, await harness.member());
    await allSent();
    const tried = pushService.all().length;
    await like(postId, await harness.member());
    await allSent();
    // Only the failing device was tried again, once: its push service is known to be failing.
    expect(pushService.all().length).toBe(tried + 1);
    const exported = JSON.parse((await harness.client.ExportMember({ userId: author })).json);
    expect(exported.pushSubscriptions.map((subscription: { endpoint: string }) => subscription.endpoint)).toEqual([
      failing.endpoint,
    ]);
  });

  /** A member with a device, and a post of theirs whose first like their device took (so its push service works). */
  async function authorWhosePushArrived() {
    const { userId, device } = await memberWithDevice();
    const postId = await harness.post(userId);
    await like(postId, await harness.member());
    await allSent();
    expect(device.received).toHaveLength(1);
    return { userId, device, postId };
  }

  /** How many pushes the push service was posted for one more like of the post. */
  async function triesOfALike(postId: string) {
    const before = pushService.all().length;
    await like(postId, await harness.member());
    await allSent();
    return pushService.all().length - before;
  }

  it('tries a push again when its push service fails for a moment, as long as it says, and it arrives once', async () => {
    const { userId: author, device, postId } = await authorWhosePushArrived();
    const dropping = pushService.device();
    await harness.client.Subscribe({ userId: author, ...dropping, language: 'it' });
    pushService.answer(device, 503, { times: 1, retryAfter: '1' });
    pushService.answer(dropping, 'drop', { times: 1 });
    const started = Date.now();
    expect(await triesOfALike(postId)).toBe(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(device.received).toHaveLength(2);
    expect(titles(dropping)).toEqual([titles(device)[1]]);
  });

  it('gives a failing push service three tries a push, then one until it takes a push again', async () => {
    const { device, postId } = await authorWhosePushArrived();
    pushService.answer(device, 500);
    expect(await triesOfALike(postId)).toBe(PUSH_ATTEMPTS);
    expect(await triesOfALike(postId)).toBe(1);
    pushService.answer(device, 201);
    expect(await triesOfALike(postId)).toBe(1);
    pushService.answer(device, 429);
    expect(await triesOfALike(postId)).toBe(PUSH_ATTEMPTS);
    pushService.answer(device, 201);
    expect(await triesOfALike(postId)).toBe(1);
    expect(device.received).toHaveLength(3);
  });

  it('moves an endpoint to the member who subscribes it next, and unsubscribes only the member’s own', async () => {
    const { userId: first, device } = await memberWithDevice();
    const { userId: second } = await memberWithDevice();
    await harness.client.Subscribe({ userId: second, ...device, language: 'en' });
    await harness.client.Unsubscribe({ userId: first, endpoint: device.endpoint });
    const postId = await harness.post(second);
    await like(postId, await harness.member({ username: 'sara' }));
    await allSent();
    expect(titles(device)).toEqual(['sara liked your post']);
    await harness.client.Unsubscribe({ userId: second, endpoint: device.endpoint });
    await harness.client.Unsubscribe({ userId: second, endpoint: device.endpoint });
    await like(postId, await harness.member());
    await allSent();
    expect(device.received).toHaveLength(1);
  });

  it('keeps a member’s ten latest devices: an eleventh replaces the oldest', async () => {
    const { userId, device: oldest } = await memberWithDevice();
    const others = Array.from({ length: DEVICES_PER_MEMBER }, () => pushService.device());
    for (const device of others) await harness.client.Subscribe({ userId, ...device, language: 'it' });
    const exported = JSON.parse((await harness.client.ExportMember({ userId })).json);
    const endpoints = exported.pushSubscriptions.map((subscription: { endpoint: string }) => subscription.endpoint);
    expect(endpoints).toHaveLength(DEVICES_PER_MEMBER);
    expect(new Set(endpoints)).toEqual(new Set(others.map((device) => device.endpoint)));
    const postId = await harness.post(userId);
    await like(postId, await harness.member());
    await allSent();
    expect(oldest.received).toEqual([]);
    expect(others.map((device) => device.received.length)).toEqual(others.map(() => 1));
  });

  it('keeps at most 16 requests to push services open in the process; the others wait their turn', async () => {
    const members = [await memberWithDevice(), await memberWithDevice()];
    for (const { userId } of members)
      for (let n = 1; n < DEVICES_PER_MEMBER; n++)
        await harness.client.Subscribe({ userId, ...pushService.device(), language: 'it' });
    pushService.hold();
    try {
      for (const { userId } of members) await like(await harness.post(userId), await harness.member());
      // Twenty pushes: sixteen reach the (slow) push service, four wait for one of them to be answered.
      await waitFor(
        () => pushService.held() === 16 && outboundRequests().waiting === 4,
        10_000,
        'sixteen pushes open and four waiting',
      );
    } finally {
      pushService.release();
    }
    await allSent();
    expect(pushService.held()).toBe(0);
    expect(outboundRequests()).toEqual({ open: 0, waiting: 0 });
  });

  it('refuses a subscription without an https endpoint, its keys or a language of the app', async () => {
    const userId = await harness.member();
    const device = pushService.device();
    const refused = async (overrides: object) =>
      (await failureOf(harness.client.Subscribe({ userId, ...device, language: 'it', ...overrides }))).messageKey;
    expect(await refused({ endpoint: 'http://127.0.0.1/push' })).toBe('notifications.pushEndpoint');
    expect(await refused({ keys: { p256dh: '', auth: device.keys.auth } })).toBe('notifications.pushKeys');
    expect(await refused({ language: 'pt' })).toBe('errors.invalidInput');
  });

  it('exports the member’s preferences and devices; erasure ends both', async () => {
    const { userId: leaving, device } = await memberWithDevice();
    const exported = JSON.parse((await harness.client.ExportMember({ userId: leaving })).json);
    expect(exported.preferences).toMatchObject({ push: everyGroup, previews: false, quietHours: null });
    expect(exported.pushSubscriptions).toEqual([
      { endpoint: device.endpoint, language: 'it', createdAt: expect.any(String) },
    ]);
    const postId = await harness.post(leaving);
    await harness.publish(UserDeleted, leaving, { userId: leaving, deletedAt: new Date().toISOString() });
    await harness.settled();
    expect(await harness.client.GetPreferences({ userId: leaving })).toMatchObject({ push: { posts: false } });
    expect(JSON.parse((await harness.client.ExportMember({ userId: leaving })).json).pushSubscriptions).toEqual([]);
    await decide(postId, leaving, { status: 'approved' });
    await allSent();
    expect(device.received).toEqual([]);
  });
});

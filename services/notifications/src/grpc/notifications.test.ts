import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ServiceTokenRefusedError } from '@tip/platform';
import { failureOf, waitFor } from '@tip/platform/testing';
import {
  MediaProcessed,
  MediaRejected,
  PostDecided,
  PostDeleted,
  PostEngagementChanged,
  PostUnlocked,
} from '@tip/content/contract';
import {
  PremiumChanged,
  ProfileUpdated,
  UserBlocked,
  UserDeleted,
  UserUnblocked,
  VerificationSubmitted,
} from '@tip/identity/contract';
import { memberProfile } from '@tip/identity/testing';
import { MessagesRead, MessageSent } from '@tip/messaging/contract';
import { ReportFiled, ReportUpdated, VerificationDecided } from '@tip/moderation/contract';
import { CreditsDebited, CreditsGranted, CreditsPurchased, PremiumPurchased } from '@tip/wallet/contract';
import type { NotificationView } from '../contract/index.js';
import { startNotificationsHarness, type NotificationsHarness } from '../testing/harness.js';

let harness: NotificationsHarness;

beforeAll(async () => {
  harness = await startNotificationsHarness();
});
afterAll(() => harness.stop());

/** The member's first page of notifications. */
const listOf = async (userId: string, limit = 50) =>
  (await harness.client.List({ userId, cursor: '', limit })).notifications;

/** Waits until the member's notifications satisfy `check`, and answers them. */
async function until(userId: string, check: (notifications: NotificationView[]) => boolean, what: string) {
  let notifications: NotificationView[] = [];
  await waitFor(
    async () => {
      notifications = await listOf(userId);
      return check(notifications);
    },
    5000,
    what,
  );
  return notifications;
}

const unread = async (userId: string) => (await harness.client.UnreadCount({ userId })).count;

const like = (postId: string, userId: string, liked = true) =>
  harness.publish(PostEngagementChanged, postId, { postId, what: 'likes', userId, liked });

/** The last NotificationsChanged published for the member. */
const lastChangeOf = (userId: string) =>
  harness.published.filter((event) => event.key === userId && event.type === 'NotificationsChanged').at(-1);

describe('likes, comments and unlocks of a post', () => {
  it('gathers the likes of a post in one entry naming the latest liker and counting the others, once each', async () => {
    const author = await harness.member();
    const postId = await harness.post(author);
    const [marco, luca, sara] = await Promise.all([
      harness.member({ username: 'marco', profileImageUrl: '/media/marco.jpg' }),
      harness.member({ username: 'luca' }),
      harness.member({ username: 'sara' }),
    ]);
    for (const liker of [luca, sara, marco]) await like(postId, liker);
    const [entry] = await until(author, (list) => list[0]?.actorCount === 3, 'three likes');
    expect(entry).toMatchObject({
      kind: 'post_liked',
      actor: { id: marco, username: 'marco', profileImageUrl: '/media/marco.jpg' },
      actorCount: 3,
      postId,
      read: false,
    });
    expect(await listOf(author)).toHaveLength(1);
    expect(await unread(author)).toBe(1);

    // Luca again, after taking his like back: he is the latest, and still counted once.
    await like(postId, luca, false);
    await like(postId, luca);
    await until(author, (list) => list[0]?.actor?.id === luca && list[0].actorCount === 3, 'luca first');
  });

  it('tells its author, not the liker who wrote it, and keeps comments and unlocks apart from likes', async () => {
    const author = await harness.member();
    const postId = await harness.post(author);
    const other = await harness.member({ username: 'commenta' });
    await like(postId, author);
    await harness.publish(PostEngagementChanged, postId, { postId, what: 'comments', userId: other });
    await harness.publish(PostEngagementChanged, postId, { postId, what: 'comments', userId: other });
    await harness.publish(PostUnlocked, postId, { postId, userId: other, cost: 3 });
    const list = await until(author, (found) => found.length === 2, 'a comment and an unlock');
    const shown = list.map(({ kind, actor, actorCount }) => ({ kind, actor: actor?.username, actorCount }));
    expect(shown.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'post_commented', actor: 'commenta', actorCount: 1 },
      { kind: 'post_unlocked', actor: 'commenta', actorCount: 1 },
    ]);
    await harness.settled();
    expect(await listOf(author)).toHaveLength(2);
  });

  it('takes back a like: the liker leaves the unread entry, which goes when nobody is left', async () => {
    const author = await harness.member();
    const postId = await harness.post(author);
    const [anna, bruno] = await Promise.all([harness.member(), harness.member()]);
    await like(postId, anna);
    await like(postId, bruno);
    await until(author, (list) => list[0]?.actorCount === 2, 'two likes');
    await like(postId, bruno, false);
    await until(author, (list) => list[0]?.actorCount === 1 && list[0].actor?.id === anna, 'anna alone');
    await like(postId, anna, false);
    await until(author, (list) => list.length === 0, 'the entry gone');
    await waitFor(async () => (await unread(author)) === 0, 5000, 'nothing unread');
    // A like from before the event said which way it went is left alone.
    await harness.publish(PostEngagementChanged, postId, { postId, what: 'likes', userId: anna });
    await harness.settled();
    expect(await listOf(author)).toEqual([]);
  });

  it('starts a new entry once the old one is read, which stays as it was', async () => {
    const author = await harness.member();
    const postId = await harness.post(author);
    const [anna, bruno] = await Promise.all([harness.member(), harness.member()]);
    await like(postId, anna);
    const [first] = await until(author, (list) => list.length === 1, 'the first like');
    expect(await harness.client.MarkRead({ userId: author, ids: [first?.id ?? ''], all: false })).toEqual({
      marked: 1,
      unreadCount: 0,
    });
    await like(postId, bruno);
    const list = await until(author, (found) => found.length === 2, 'a second entry');
    expect(list.map(({ actor, actorCount, read }) => ({ actor: actor?.id, actorCount, read }))).toEqual([
      { actor: bruno, actorCount: 1, read: false },
      { actor: anna, actorCount: 1, read: true },
    ]);
    // Taking back the like of the entry read changes nothing.
    await like(postId, anna, false);
    await harness.settled();
    expect((await listOf(author)).map((entry) => entry.actorCount)).toEqual([1, 1]);
  });

  it('makes no second notification of an event delivered twice', async () => {
    const author = await harness.member();
    const postId = await harness.post(author);
    const sender = await harness.member();
    const conversation = `${author}:${sender}`;
    const sent = MessageSent.create(
      conversation,
      {
        messageId: randomUUID(),
        conversation,
        senderId: sender,
        recipientId: author,
        sentAt: new Date().toISOString(),
      },
      'test',
    );
    const decided = PostDecided.create(
      postId,
      { postId, authorId: author, category: 'trending', status: 'approved', adminId: 'admin' },
      'test',
    );
    await harness.events.publish(MessageSent.topic, [sent, sent]);
    await harness.events.publish(PostDecided.topic, [decided, decided]);
    await harness.settled();
    const list = await listOf(author);
    expect(list.map(({ kind, count }) => ({ kind, count })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'message_received', count: 1 },
      { kind: 'post_approved', count: 1 },
    ]);
  });

  it('tells an author their video is ready, or was not published, once each; nothing of a photo', async () => {
    const author = await harness.member();
    const [ready, refused] = [await harness.post(author), await harness.post(author)];
    const [photo, brokenPhoto] = [await harness.post(author), await harness.post(author)];
    // Written before photos took the media worker's path: no kind, a video.
    const processed = MediaProcessed.create(ready, { postId: ready, authorId: author }, 'test');
    const rejected = MediaRejected.create(
      refused,
      { postId: refused, authorId: author, reason: 'content.videoTooLong', kind: 'video' },
      'test',
    );
    const photoEvents = [
      MediaProcessed.create(photo, { postId: photo, authorId: author, kind: 'image' }, 'test'),
      MediaRejected.create(
        brokenPhoto,
        { postId: brokenPhoto, authorId: author, reason: 'content.mediaInvalid', kind: 'image' },
        'test',
      ),
    ];
    await harness.events.publish(MediaProcessed.topic, [...photoEvents, processed, processed, rejected]);
    await harness.settled();
    const list = await listOf(author);
    expect(list.map(({ kind, postId }) => ({ kind, postId })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'video_ready', postId: ready },
      { kind: 'video_rejected', postId: refused },
    ]);
  });

  it('drops what is about a deleted post', async () => {
    const author = await harness.member();
    const [gone, kept] = [await harness.post(author), await harness.post(author)];
    const liker = await harness.member();
    await like(gone, liker);
    await like(kept, liker);
    await until(author, (list) => list.length === 2, 'two entries');
    await harness.publish(PostDeleted, gone, { postId: gone, authorId: author, category: 'trending' });
    const list = await until(author, (found) => found.length === 1, 'one entry left');
    expect(list[0]?.postId).toBe(kept);
    await waitFor(async () => (await unread(author)) === 1, 5000, 'one unread');
  });
});

describe('messages', () => {
  const message = (
    sender: string,
    recipient: string,
    conversation: string,
    post?: { postId: string; authorId: string },
  ) =>
    harness.publish(MessageSent, conversation, {
      messageId: randomUUID(),
      conversation,
      senderId: sender,
      recipientId: recipient,
      sentAt: new Date().toISOString(),
      ...(post && { post }),
    });

  it('gathers a conversation’s messages while unread, and reads them with the conversation', async () => {
    const [anna, marco] = [await harness.member(), await harness.member({ username: 'marco' })];
    const conversation = `${anna}:${marco}`;
    for (let i = 0; i < 3; i += 1) await message(marco, anna, conversation);
    const [entry] = await until(anna, (list) => list[0]?.count === 3, 'three messages');
    expect(entry).toMatchObject({ kind: 'message_received', actor: { username: 'marco' }, conversationWith: marco });
    expect(await listOf(anna)).toHaveLength(1);
    // Anna opened the conversation in a page: it read the messages, and the notification with them.
    await harness.publish(MessagesRead, conversation, {
      conversation,
      readerId: anna,
      senderId: marco,
      readAt: new Date().toISOString(),
    });
    await until(anna, (list) => list[0]?.read === true, 'read with the conversation');
    await waitFor(async () => (await unread(anna)) === 0, 5000, 'nothing unread');
    await message(marco, anna, conversation);
    await until(anna, (list) => list.length === 2 && list[0]?.read === false && list[0].count === 1, 'a new one');
  });

  it('never names the author of an anonymous post to the member, who is named to the author', async () => {
    const [author, member] = [
      await harness.member({ username: 'autrice' }),
      await harness.member({ username: 'curioso' }),
    ];
    const postId = randomUUID();
    const conversation = `post:${postId}:${member}`;
    const post = { postId, authorId: author };
    await message(member, author, conversation, post);
    await message(author, member, conversation, post);
    const [toAuthor] = await until(author, (list) => list.length === 1, 'the member’s message');
    expect(toAuthor).toMatchObject({ actor: { id: member, username: 'curioso' }, conversationWith: member, postId });
    const [toMember] = await until(member, (list) => list.length === 1, 'the author’s answer');
    expect(toMember).toMatchObject({ kind: 'message_received', actor: null, conversationWith: '', postId, count: 1 });
    expect(JSON.stringify(toMember)).not.toContain(author);
    expect((await harness.client.ExportMember({ userId: member })).json).not.toContain(author);
  });
});

describe('decisions, credits and Telegram', () => {
  it('tells the member of their decisions, credits an admin added, purchases, premium and a Telegram revealed', async () => {
    const member = await harness.member();
    const viewer = await harness.member({ username: 'curiosa' });
    const postId = await harness.post(member);
    const entry = (sequence: number, amount: number) => ({
      accountId: `acct-${member}`,
      userId: member,
      entryId: randomUUID(),
      sequence,
      amount,
      balanceAfter: 100,
      reference: { type: 'admin', id: 'x' },
      occurredAt: new Date().toISOString(),
    });
    const payment = { paymentId: randomUUID(), productId: 'credits-10', amountCents: 999, currency: 'eur' };
    await harness.publish(VerificationDecided, member, { userId: member, status: 'approved', adminId: 'admin' });
    await harness.publish(PostDecided, postId, {
      postId,
      authorId: member,
      category: 'trending',
      status: 'rejected',
      reason: 'Spam, Contenuto duplicato',
      adminId: 'admin',
    });
    await harness.publish(CreditsGranted, member, { ...entry(1, 50), grant: 'admin', adminId: 'admin' });
    // Credits an admin took away, and a tester's own, are no news.
    await harness.publish(CreditsGranted, member, { ...entry(2, -10), grant: 'admin', adminId: 'admin' });
    await harness.publish(CreditsGranted, member, { ...entry(3, 10), grant: 'tester' });
    await harness.publish(CreditsPurchased, member, { ...entry(4, 25), ...payment });
    await harness.publish(PremiumPurchased, member, {
      accountId: `acct-${member}`,
      userId: member,
      months: 1,
      purchasedAt: new Date().toISOString(),
      ...payment,
    });
    await harness.publish(CreditsDebited, viewer, {
      ...entry(1, -2),
      userId: viewer,
      reference: { type: 'telegram', id: member },
    });
    // A debit for something else tells nobody.
    await harness.publish(CreditsDebited, viewer, {
      ...entry(2, -2),
      userId: viewer,
      reference: { type: 'post', id: postId },
    });
    const list = await until(member, (found) => found.length === 6, 'six notifications');
    await harness.settled();
    const shown = (await listOf(member)).map(({ kind, actor, reason, credits, months, postId: about }) => ({
      kind,
      actor: actor?.username ?? null,
      reason,
      credits,
      months,
      postId: about,
    }));
    expect(list).toHaveLength(6);
    expect(shown.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'credits_granted', actor: null, reason: '', credits: 50, months: 0, postId: '' },
      { kind: 'credits_purchased', actor: null, reason: '', credits: 25, months: 0, postId: '' },
      { kind: 'post_rejected', actor: null, reason: 'Spam, Contenuto duplicato', credits: 0, months: 0, postId },
      { kind: 'premium_purchased', actor: null, reason: '', credits: 0, months: 1, postId: '' },
      { kind: 'telegram_revealed', actor: 'curiosa', reason: '', credits: 0, months: 0, postId: '' },
      { kind: 'verification_approved', actor: null, reason: '', credits: 0, months: 0, postId: '' },
    ]);
    expect(await unread(member)).toBe(6);
  });
});

describe('the admins’ summaries', () => {
  const report = (postId: string, reporterId: string) =>
    harness.publish(ReportFiled, postId, {
      reportId: randomUUID(),
      postId,
      reporterId,
      reason: 'spam',
      filedAt: new Date().toISOString(),
    });
  const resolve = (postId: string, status = 'resolved') =>
    harness.publish(ReportUpdated, postId, { reportId: randomUUID(), postId, status, adminId: 'admin' });
  const submit = (userId: string) =>
    harness.publish(VerificationSubmitted, userId, { userId, submittedAt: new Date().toISOString() });
  const decide = (userId: string, adminId: string) =>
    harness.publish(VerificationDecided, userId, { userId, status: 'approved', adminId });
  /** The admin's unread summary of `kind` (undefined: none), once `check` holds of it. */
  const summaryOf = async (admin: string, kind: string, check: (count: number | undefined) => boolean) => {
    const unreadOf = (list: NotificationView[]) => list.find((entry) => entry.kind === kind && !entry.read);
    return unreadOf(await until(admin, (list) => check(unreadOf(list)?.count), `${kind} of ${admin}`));
  };

  it('tells every admin how many posts were reported and members wait, naming no one, and no member', async () => {
    const admins = [await harness.member({ isAdmin: true }), await harness.member({ isAdmin: true })];
    const [member, other] = [await harness.member(), await harness.member()];
    const [first, second] = [randomUUID(), randomUUID()];
    await report(first, member);
    await report(second, admins[0] ?? '');
    // Another report of a post already waiting: it is still one post to look at.
    await report(first, other);
    const submitted = await harness.member({ verificationStatus: 'pending' });
    await submit(submitted);
    const summaries = async (admin: string) =>
      (await until(admin, (list) => list.length === 2, 'two summaries'))
        .map(({ kind, count, actor }) => ({ kind, count, actor }))
        .sort((a, b) => a.kind.localeCompare(b.kind));
    await harness.settled();
    // The admin who reported does not hear of their own report.
    expect(await summaries(admins[0] ?? '')).toEqual([
      { kind: 'reports_filed', count: 1, actor: null },
      { kind: 'verifications_waiting', count: 1, actor: null },
    ]);
    expect(await summaries(admins[1] ?? '')).toEqual([
      { kind: 'reports_filed', count: 2, actor: null },
      { kind: 'verifications_waiting', count: 1, actor: null },
    ]);
    expect(await listOf(member)).toEqual([]);
  });

  it('takes a verification one admin decided out of every admin’s summary, ringing their bells, until none is left', async () => {
    const [deciding, other] = [await harness.member({ isAdmin: true }), await harness.member({ isAdmin: true })];
    const [anna, bruno] = [await harness.member(), await harness.member()];
    await submit(anna);
    await submit(bruno);
    const waiting = await summaryOf(other, 'verifications_waiting', (count) => count === 2);
    await summaryOf(deciding, 'verifications_waiting', (count) => count === 2);
    const rings = harness.published.filter((event) => event.key === other).length;

    await decide(anna, deciding);
    const left = await summaryOf(other, 'verifications_waiting', (count) => count === 1);
    expect(left?.id).toBe(waiting?.id);
    await summaryOf(deciding, 'verifications_waiting', (count) => count === 1);
    await waitFor(async () => (await unread(other)) === 1, 5000, 'the other admin’s count');
    const bell = () => lastChangeOf(other)?.payload as { unreadCount: number; notificationIds: string[] } | undefined;
    await waitFor(async () => bell()?.unreadCount === 1, 5000, 'the other admin’s bell');
    expect(harness.published.filter((event) => event.key === other).length).toBeGreaterThan(rings);
    expect(bell()?.notificationIds).toEqual([waiting?.id]);

    await decide(bruno, deciding);
    await summaryOf(other, 'verifications_waiting', (count) => count === undefined);
    await waitFor(async () => (await unread(other)) === 0, 5000, 'the other admin’s count at 0');
    await summaryOf(deciding, 'verifications_waiting', (count) => count === undefined);
    // Decided: the member is told, as before.
    expect((await listOf(anna)).map((entry) => entry.kind)).toEqual(['verification_approved']);
  });

  it('takes out a post whose reports are resolved or which is gone, and a member erased; not one taken into review', async () => {
    const admin = await harness.member({ isAdmin: true });
    const [reporter, leaving] = [await harness.member(), await harness.member()];
    const [resolved, reviewed, deleted] = [randomUUID(), randomUUID(), randomUUID()];
    for (const postId of [resolved, reviewed, deleted]) await report(postId, reporter);
    await submit(leaving);
    await summaryOf(admin, 'reports_filed', (count) => count === 3);
    await summaryOf(admin, 'verifications_waiting', (count) => count === 1);

    await resolve(reviewed, 'in_review');
    await resolve(resolved);
    await summaryOf(admin, 'reports_filed', (count) => count === 2);
    await harness.publish(PostDeleted, deleted, { postId: deleted, authorId: randomUUID(), category: 'trending' });
    await summaryOf(admin, 'reports_filed', (count) => count === 1);
    await harness.publish(UserDeleted, leaving, { userId: leaving, deletedAt: new Date().toISOString() });
    await summaryOf(admin, 'verifications_waiting', (count) => count === undefined);
    await harness.settled();
    expect(await unread(admin)).toBe(1);
  });

  it('keeps the count exact while decisions and new submissions reach it at once', async () => {
    const admin = await harness.member({ isAdmin: true });
    const members = await Promise.all(Array.from({ length: 20 }, () => harness.member()));
    const [first, later] = [members.slice(0, 10), members.slice(10)];
    await Promise.all(first.map(submit));
    await summaryOf(admin, 'verifications_waiting', (count) => count === 10);
    // Decisions (moderation's topic) and submissions (identity's) are handled side by side.
    await Promise.all([...first.slice(0, 6).map((member) => decide(member, 'admin')), ...later.map(submit)]);
    await summaryOf(admin, 'verifications_waiting', (count) => count === 14);
    await harness.settled();
    expect((await summaryOf(admin, 'verifications_waiting', () => true))?.count).toBe(14);
  });
});

describe('blocks and erasure', () => {
  it('passes nothing between members of whom one blocked the other, and takes each out of the other’s', async () => {
    const author = await harness.member();
    const postId = await harness.post(author);
    const [blocked, other, blocker] = [await harness.member(), await harness.member(), await harness.member()];
    await harness.publish(UserBlocked, `${blocker}>${author}`, {
      blockerId: blocker,
      blockedId: author,
      reason: 'spam',
      blockedAt: new Date().toISOString(),
    });
    await like(postId, blocker);
    await like(postId, blocked);
    await like(postId, other);
    await until(author, (list) => list[0]?.actorCount === 2, 'two likes');
    expect((await listOf(author))[0]?.actor?.id).toBe(other);
    await harness.publish(UserBlocked, `${author}>${blocked}`, {
      blockerId: author,
      blockedId: blocked,
      reason: 'harassment',
      blockedAt: new Date().toISOString(),
    });
    await until(author, (list) => list[0]?.actorCount === 1, 'the blocked taken out');
    // Unblocked, they may hear of each other again. The like comes once notifications has the unblock, as it does for
    // a member: the BFF answers an unblock once the services that enforce blocks have it (BlockProjection.awaitState);
    // events of two topics are handled in no given order.
    await harness.publish(UserUnblocked, `${blocker}>${author}`, { blockerId: blocker, blockedId: author });
    await harness.settled();
    await like(postId, blocker);
    await until(author, (list) => list[0]?.actor?.id === blocker && list[0].actorCount === 2, 'the unblocked liker');
  });

  it('erases a member’s notifications and takes them out of everyone else’s', async () => {
    const [leaving, author] = [await harness.member(), await harness.member()];
    const [shared, theirs] = [await harness.post(author), await harness.post(author)];
    const other = await harness.member();
    await like(shared, leaving);
    await like(shared, other);
    await like(theirs, leaving);
    const own = await harness.post(leaving);
    await like(own, author);
    await until(author, (list) => list.length === 2, 'two entries');
    await until(leaving, (list) => list.length === 1, 'their own');
    await harness.publish(UserDeleted, leaving, { userId: leaving, deletedAt: new Date().toISOString() });
    const list = await until(author, (found) => found.length === 1, 'theirs alone gone');
    expect(list[0]).toMatchObject({ postId: shared, actorCount: 1, actor: { id: other } });
    await waitFor(async () => (await unread(author)) === 1, 5000, 'one unread');
    expect(await listOf(leaving)).toEqual([]);
    expect(await unread(leaving)).toBe(0);
    expect(JSON.parse((await harness.client.ExportMember({ userId: leaving })).json)).toMatchObject({
      notifications: [],
      pushSubscriptions: [],
    });
    // A like of theirs still on its way tells nobody.
    await like(shared, leaving);
    await harness.settled();
    expect((await listOf(author))[0]?.actorCount).toBe(1);
  });
});

describe('news', () => {
  it('learns from an event older than a week but tells no one of it', async () => {
    const author = await harness.member();
    const postId = await harness.post(author);
    const liker = await harness.member();
    const lastWeek = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await harness.publish(
      PostEngagementChanged,
      postId,
      { postId, what: 'likes', userId: liker, liked: true },
      {
        occurredAt: lastWeek,
      },
    );
    await harness.settled();
    expect(await listOf(author)).toEqual([]);
  });
});

describe('the list, the count and reading', () => {
  /** `count` notifications of their own for the member (purchases), each a moment after the other. */
  async function purchases(userId: string, count: number) {
    for (let i = 0; i < count; i += 1) {
      await harness.publish(CreditsPurchased, userId, {
        accountId: `acct-${userId}`,
        userId,
        entryId: randomUUID(),
        sequence: i + 1,
        amount: i + 1,
        balanceAfter: 100,
        reference: { type: 'payment', id: randomUUID() },
        occurredAt: new Date().toISOString(),
        paymentId: randomUUID(),
        productId: 'credits-10',
        amountCents: 999,
        currency: 'eur',
      });
    }
  }

  it('pages newest first with an opaque cursor, each notification once', async () => {
    const member = await harness.member();
    await purchases(member, 45);
    await until(member, (list) => list.length === 45, '45 notifications');
    const seen: NotificationView[] = [];
    let cursor = '';
    const pages: number[] = [];
    do {
      const page = await harness.client.List({ userId: member, cursor, limit: 20 });
      seen.push(...page.notifications);
      pages.push(page.notifications.length);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([20, 20, 5]);
    expect(seen.map((entry) => entry.credits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 45 }, (_, i) => i + 1),
    );
    const times = seen.map((entry) => entry.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await harness.client.List({ userId: member, cursor: '', limit: 0 })).notifications).toHaveLength(20);
    expect(await failureOf(harness.client.List({ userId: member, cursor: 'not-ours', limit: 20 }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  it('counts up to 100 unread, and marks read what is named or everything, for the member only', async () => {
    const member = await harness.member();
    const other = await harness.member();
    await purchases(member, 105);
    await purchases(other, 1);
    await waitFor(async () => (await unread(member)) === 100, 10_000, 'a capped count');
    await waitFor(async () => (await unread(other)) === 1, 5000, 'the other’s');
    const [newest, second] = await listOf(member, 2);
    const [others] = await listOf(other);
    const read = await harness.client.MarkRead({
      userId: member,
      ids: [newest?.id ?? '', second?.id ?? '', others?.id ?? ''],
      all: false,
    });
    // 103 left unread: still more than the bell counts.
    expect(read).toEqual({ marked: 2, unreadCount: 100 });
    expect(await unread(other)).toBe(1);
    expect(await harness.client.MarkRead({ userId: member, ids: [], all: true })).toEqual({
      marked: 103,
      unreadCount: 0,
    });
    expect(await unread(member)).toBe(0);
    expect(lastChangeOf(member)?.payload).toEqual({ userId: member, notificationIds: [], unreadCount: 0 });
    expect(await failureOf(harness.client.MarkRead({ userId: member, ids: [], all: false }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'notifications.readWhich',
    });
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    expect(await failureOf(harness.client.MarkRead({ userId: member, ids: tooMany, all: false }))).toMatchObject({
      messageKey: 'notifications.readTooMany',
    });
  });

  it('keeps the count exact while events of several topics reach one member at once, and says it in the last event', async () => {
    const member = await harness.member();
    const postIds = await Promise.all(Array.from({ length: 5 }, () => harness.post(member)));
    const likers = await Promise.all(Array.from({ length: 5 }, () => harness.member()));
    await Promise.all([
      ...postIds.map((postId, i) => like(postId, likers[i] ?? '')),
      ...likers.map((sender) =>
        harness.publish(MessageSent, `${member}:${sender}`, {
          messageId: randomUUID(),
          conversation: `${member}:${sender}`,
          senderId: sender,
          recipientId: member,
          sentAt: new Date().toISOString(),
        }),
      ),
      purchases(member, 5),
    ]);
    await until(member, (list) => list.length === 15, '15 notifications');
    await harness.settled();
    await waitFor(async () => (await unread(member)) === 15, 5000, 'the count');
    await waitFor(() => lastChangeOf(member)?.payload !== undefined, 5000, 'the event');
    await waitFor(
      () => (lastChangeOf(member)?.payload as { unreadCount: number }).unreadCount === 15,
      5000,
      'the last event saying 15',
    );
  });

  it('tells the member’s pages by events that carry ids and the count only', async () => {
    const member = await harness.member({ username: 'privata' });
    await purchases(member, 1);
    await waitFor(() => lastChangeOf(member) !== undefined, 5000, 'NotificationsChanged');
    const [entry] = await listOf(member);
    expect(lastChangeOf(member)).toMatchObject({
      topic: 'notifications.members',
      key: member,
      payload: { userId: member, notificationIds: [entry?.id], unreadCount: 1 },
    });
  });

  it('exports the member’s notifications', async () => {
    const member = await harness.member();
    await purchases(member, 2);
    await until(member, (list) => list.length === 2, 'two');
    const exported = JSON.parse((await harness.client.ExportMember({ userId: member })).json) as {
      notifications: { kind: string; credits: number }[];
    };
    expect(exported.notifications.map(({ kind, credits }) => ({ kind, credits }))).toEqual([
      { kind: 'credits_purchased', credits: 2 },
      { kind: 'credits_purchased', credits: 1 },
    ]);
  });

  it('serves the BFF only', async () => {
    await expect(harness.clientAs('content').UnreadCount({ userId: 'anyone' })).rejects.toBeInstanceOf(
      ServiceTokenRefusedError,
    );
  });
});

describe('premium: granted, ending in three days, ended', () => {
  const DAY = 24 * 60 * 60_000;
  /** A time `days` from the harness's clock, as identity writes an expiry. */
  const inDays = (days: number) => new Date(harness.clock.now().getTime() + days * DAY).toISOString();
  /** Moves the clock on to `at` and a minute past it. */
  const reach = (at: string) => harness.clock.advance(Date.parse(at) - harness.clock.now().getTime() + 60_000);
  const premiumMember = (expiry: string | null) =>
    harness.member({ premiumSubscriptionExpiry: expiry, premiumSource: expiry ? 'purchased' : null });
  /** Identity says the member's premium now ends at `expiry` (null: it has none). */
  const premiumUntil = async (userId: string, expiry: string | null) => {
    const profile = memberProfile({
      userId,
      premiumSubscriptionExpiry: expiry,
      premiumSource: expiry ? 'purchased' : null,
    });
    await harness.publish(ProfileUpdated, userId, profile);
    await harness.settled();
  };
  const kindsOf = async (userId: string) => (await listOf(userId)).map((entry) => entry.kind);

  it('tells of premium an admin granted, warns three days before it ends, and tells its end, once each', async () => {
    const expiry = inDays(10);
    const member = await harness.member({ premiumSubscriptionExpiry: expiry, premiumSource: 'admin_grant' });
    // Its end, told after the member's, says the sweeps went on past theirs.
    const laterExpiry = new Date(Date.parse(expiry) + DAY).toISOString();
    const later = await premiumMember(laterExpiry);
    await harness.publish(PremiumChanged, member, {
      userId: member,
      change: 'granted',
      premiumSubscriptionExpiry: expiry,
      premiumSource: 'admin_grant',
      months: 1,
      adminId: 'admin',
    });
    const [granted] = await until(member, (list) => list.length === 1, 'the grant');
    expect(granted).toMatchObject({ kind: 'premium_granted', months: 1, actor: null });

    reach(new Date(Date.parse(expiry) - 3 * DAY).toISOString());
    await until(member, (list) => list[0]?.kind === 'premium_expiring', 'the warning');
    reach(expiry);
    await until(member, (list) => list[0]?.kind === 'premium_ended', 'the end');
    // Sweeps go on every few milliseconds: the moments told are not told again.
    reach(laterExpiry);
    await until(later, (list) => list[0]?.kind === 'premium_ended', 'the later end');
    expect(await kindsOf(member)).toEqual(['premium_ended', 'premium_expiring', 'premium_granted']);
    await waitFor(async () => (await unread(member)) === 3, 5000, 'three unread');
  });

  it('moves the moments with an extension and warns again; a revoke, and an expiry past when learned, tell nothing', async () => {
    const firstExpiry = inDays(10);
    const extended = await premiumMember(firstExpiry);
    const revoked = await premiumMember(inDays(5));
    const past = await premiumMember(inDays(-1));
    await premiumUntil(revoked, null);
    await harness.publish(PremiumChanged, revoked, {
      userId: revoked,
      change: 'revoked',
      premiumSubscriptionExpiry: null,
      premiumSource: null,
      adminId: 'admin',
    });
    reach(new Date(Date.parse(firstExpiry) - 3 * DAY).toISOString());
    await until(extended, (list) => list.length === 1, 'the first warning');

    const laterExpiry = new Date(Date.parse(firstExpiry) + 30 * DAY).toISOString();
    await premiumUntil(extended, laterExpiry);
    // Past the first expiry, and on to the new warning: no end is told of the old one, and the warning is armed again.
    reach(new Date(Date.parse(laterExpiry) - 3 * DAY).toISOString());
    await until(extended, (list) => list.length === 2, 'the second warning');
    await harness.settled();
    expect(await kindsOf(extended)).toEqual(['premium_expiring', 'premium_expiring']);
    // The revoked and past premiums would have been due before the second warning, in the same sweep.
    expect(await listOf(revoked)).toEqual([]);
    expect(await listOf(past)).toEqual([]);
  });

  it('tells each member once per moment while two processes sweep at once', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => premiumMember(inDays(10 + i / 1000))));
    // The replicas' clocks are past the warnings; the harness's own stays, so the two replicas race each other.
    const ahead = 8 * DAY;
    const now = () => new Date(harness.clock.now().getTime() + ahead);
    const replicas = await Promise.all([harness.replica(now), harness.replica(now)]);
    try {
      for (const member of members) await until(member, (list) => list.length >= 1, `the warning of ${member}`);
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
    for (const member of members) {
      expect(await kindsOf(member)).toEqual(['premium_expiring']);
      await waitFor(async () => (await unread(member)) === 1, 5000, 'one unread');
    }
  });
});

/**
 * The contract the web reads, held against real answers: each REST answer and socket push the web uses, from the
 * real BFF over the real services, parsed with its schema (strict: a field added or missing on either side fails).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connect, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import { waitFor } from '@tip/platform/testing';
import { approvedMember } from '../testing/approved-member.js';
import { json, type Browser } from '../testing/browser.js';
import { registrationForm, startStack, type TestStack } from '../testing/start-stack.js';
import {
  adminCountsSchema,
  adminStatsSchema,
  auditPageSchema,
  blockedUserRecordSchema,
  blockResultSchema,
  catalogueSchema,
  commentAddedSchema,
  commentItemSchema,
  conversationSchema,
  creditsResultSchema,
  demoPaymentSchema,
  doneSchema,
  feedbackItemSchema,
  feedbackSentSchema,
  feedItemSchema,
  feedPageSchema,
  likeStateSchema,
  markReadResultSchema,
  memberSchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsReadSchema,
  paymentOutcomeSchema,
  paymentSessionSchema,
  pendingPostSchema,
  pendingUserSchema,
  postCreatedSchema,
  postDecidedSchema,
  premiumGrantedSchema,
  pushEventSchema,
  pushKeySchema,
  refusalSchema,
  registeredSchema,
  reportGroupSchema,
  sendResultSchema,
  telegramRevealSchema,
  testDataSchema,
  testerSetSchema,
  threadPageSchema,
  transactionSchema,
  unlockResultSchema,
  unlockStateSchema,
  unreadCountSchema,
  usersPageSchema,
  userSchema,
  verificationDecidedSchema,
} from './index.js';

let stack: TestStack;
let admin: { browser: Browser; id: string };

beforeAll(async () => {
  stack = await startStack({ postApproval: 'moderated' });
  admin = await stack.admin();
});
afterAll(() => stack.stop());

/** The answer's body, parsed with the schema: the test fails on any difference, naming the field. */
async function answer<S extends z.ZodType>(response: Promise<Response> | Response, schema: S): Promise<z.output<S>> {
  const received = await response;
  expect(received.status).toBeLessThan(300);
  return schema.parse(await json(received));
}

function postForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ category: 'trending', ...fields })) form.append(name, value);
  return form;
}

describe('the BFF answers and pushes as its contract says', () => {
  it('for members, posts, messages and credits', async () => {
    const author = await approvedMember(stack, admin, 'contratto', { credits: 20, premium: true });
    const reader = await approvedMember(stack, admin, 'lettore', { credits: 20 });
    const socket: Socket = connect(stack.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { Cookie: reader.browser.cookieHeader() },
    });
    const pushes: unknown[] = [];
    socket.onAny((_type: string, event: unknown) => pushes.push(event));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      await author.browser.postJson(
        '/api/auth/profile',
        { username: 'contratto', telegramUsername: 'contr_tg' },
        'PUT',
      );
      const own = await answer(reader.browser.get('/api/auth/user'), userSchema);
      expect(own).toMatchObject({ id: reader.id, credits: 20, verificationStatus: 'approved' });
      expect((await answer(reader.browser.get(`/api/user/${author.id}`), memberSchema)).credits).toBeNull();
      expect((await answer(admin.browser.get(`/api/user/${author.id}`), memberSchema)).credits).toBe(20);

      const newcomer = { username: 'iscritto', email: 'iscritto@example.it', password: 'password-iscritto' };
      const registered = stack.browser().postForm('/api/auth/register', registrationForm(newcomer));
      expect((await answer(registered, registeredSchema)).user.username).toBe('iscritto');

      const created = author.browser.postForm(
        '/api/posts',
        postForm({ content: 'premium', isPremium: 'true', creditCost: '3', showTelegramUsername: 'true' }),
      );
      const { status, item } = await answer(created, postCreatedSchema);
      expect(status).toBe('pending');
      const postId = item.post.id;
      const [pending] = await answer(admin.browser.get('/api/admin/pending-posts'), pendingPostSchema.array());
      expect(pending?.post.id).toBe(postId);
      const decided = admin.browser.postJson(`/api/admin/posts/${postId}/status`, { status: 'approved' }, 'PATCH');
      expect((await answer(decided, postDecidedSchema)).status).toBe('approved');

      await waitFor(
        async () => ((await json(await reader.browser.get('/api/feed'))) as unknown as unknown[]).length > 0,
        5000,
        'the feed',
      );
      const feed = await answer(reader.browser.get('/api/feed'), feedPageSchema);
      expect(feed[0]?.post).toMatchObject({ id: postId, locked: true });
      await answer(reader.browser.get(`/api/posts/${postId}`), feedItemSchema);
      await answer(reader.browser.postJson(`/api/posts/${postId}/like`, {}), likeStateSchema);
      await answer(reader.browser.postJson(`/api/posts/${postId}/comments`, { content: 'bello' }), commentAddedSchema);
      await answer(reader.browser.get(`/api/posts/${postId}/comments`), commentItemSchema.array());
      expect(
        (await answer(reader.browser.postJson(`/api/posts/${postId}/unlock`, {}), unlockResultSchema)).charged,
      ).toBe(3);
      await answer(reader.browser.get(`/api/posts/${postId}/unlocked`), unlockStateSchema);
      // A refusal is its text alone, in the member's language.
      const refused = await reader.browser.get('/api/posts/nessuno');
      expect(refused.status).toBeGreaterThanOrEqual(400);
      refusalSchema.parse(await json(refused));
      await waitFor(
        async () => (await json(await reader.browser.get(`/api/posts/${postId}`))).hasTelegram === true,
        5000,
        'the author’s handle',
      );
      await answer(reader.browser.postJson(`/api/posts/${postId}/telegram`, {}), telegramRevealSchema);

      await answer(
        reader.browser.postJson('/api/messages', { recipientId: author.id, content: 'ciao' }),
        sendResultSchema,
      );
      await answer(author.browser.get('/api/messages/conversations'), conversationSchema.array());
      await answer(author.browser.get(`/api/messages/${reader.id}`), threadPageSchema);
      await answer(author.browser.get('/api/messages/unread-count'), unreadCountSchema);
      const read = author.browser.postJson('/api/messages/mark-read', { senderId: reader.id, recipientId: author.id });
      expect((await answer(read, markReadResultSchema)).marked).toBe(1);
      await answer(reader.browser.get('/api/transactions'), transactionSchema.array());
      await answer(stack.browser().get('/api/wallet/catalogue'), catalogueSchema);
      const session = await answer(
        reader.browser.postJson('/api/create-payment-intent', { credits: 10 }),
        paymentSessionSchema,
      );
      const paid = reader.browser.postJson('/api/demo-payments/confirm', {
        paymentIntentId: session.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      });
      await answer(paid, demoPaymentSchema);
      const confirmed = reader.browser.postJson('/api/confirm-payment', { paymentIntentId: session.paymentIntentId });
      await answer(confirmed, paymentOutcomeSchema);

      // What each was told: the author of the reader's like, comment, unlock, reveal and message; the reader of the
      // purchase confirmed.
      const toldOf = async (browser: Browser, kind: string) =>
        waitFor(
          async () =>
            ((await json(await browser.get('/api/notifications'))).notifications as { kind: string }[]).some(
              (notification) => notification.kind === kind,
            ),
          5000,
          `a ${kind} notification`,
        );
      await toldOf(author.browser, 'message_received');
      await toldOf(reader.browser, 'credits_purchased');
      const told = await answer(author.browser.get('/api/notifications?limit=50'), notificationPageSchema);
      expect(told.notifications.map((notification) => notification.kind)).toEqual(
        expect.arrayContaining([
          'post_liked',
          'post_commented',
          'post_unlocked',
          'telegram_revealed',
          'message_received',
        ]),
      );
      await answer(reader.browser.get('/api/notifications'), notificationPageSchema);
      await answer(reader.browser.get('/api/notifications/unread-count'), unreadCountSchema);
      await answer(reader.browser.postJson('/api/notifications/read', { all: true }), notificationsReadSchema);
      const preferences = await answer(
        reader.browser.get('/api/notifications/preferences'),
        notificationPreferencesSchema,
      );
      const quiet = { ...preferences, quietHours: { from: '23:00', to: '06:30', timeZone: 'Europe/Rome' } };
      await answer(
        reader.browser.postJson('/api/notifications/preferences', quiet, 'PUT'),
        notificationPreferencesSchema,
      );
      await answer(reader.browser.get('/api/notifications/push/key'), pushKeySchema);

      const blocked = author.browser.postJson(`/api/users/${reader.id}/block`, { reason: 'spam' });
      expect((await answer(blocked, blockResultSchema)).block.blockedUserId).toBe(reader.id);
      await answer(author.browser.get('/api/blocked-users'), blockedUserRecordSchema.array());

      // Every push the reader's page heard meanwhile: the like, the unlock, the message, credits, the block...
      await waitFor(() => pushes.some((push) => (push as { type: string }).type === 'blocks_updated'), 5000, 'pushes');
      const types = pushes.map((push) => pushEventSchema.parse(push).type);
      expect(types).toEqual(
        expect.arrayContaining([
          'credits_updated',
          'feed_updated',
          'message_received',
          'notification',
          'blocks_updated',
        ]),
      );
    } finally {
      socket.close();
    }
  });

  it('for the admin console', async () => {
    const waiting = await stack.member('inattesa');
    const reporter = await approvedMember(stack, admin, 'segnalatore');
    const author = await approvedMember(stack, admin, 'segnalato');
    const created = author.browser.postForm('/api/posts', postForm({ content: 'da segnalare' }));
    const postId = (await answer(created, postCreatedSchema)).item.post.id;
    await admin.browser.postJson(`/api/admin/posts/${postId}/status`, { status: 'approved' }, 'PATCH');
    const reported = reporter.browser.postJson(`/api/posts/${postId}/report`, { reason: 'spam', description: 'x' });
    await answer(reported, doneSchema);
    const feedbackSent = reporter.browser.postJson('/api/feedback', { type: 'bug', message: 'un errore' });
    const feedbackId = (await answer(feedbackSent, feedbackSentSchema)).id;

    const pending = await answer(admin.browser.get('/api/admin/pending-users'), pendingUserSchema.array());
    expect(pending.map((user) => user.id)).toContain(waiting.id);
    const counts = await answer(admin.browser.get('/api/admin/counts'), adminCountsSchema);
    expect(counts.pendingVerifications).toBeGreaterThan(0);
    const verified = admin.browser.postJson(`/api/admin/users/${waiting.id}/verify`, { status: 'approved' }, 'PUT');
    expect((await answer(verified, verificationDecidedSchema)).verificationStatus).toBe('approved');
    const granted = admin.browser.postJson(`/api/admin/users/${waiting.id}/grant-premium`, { months: 1 });
    expect((await answer(granted, premiumGrantedSchema)).premiumSubscriptionExpiry).not.toBeNull();
    await answer(admin.browser.postJson(`/api/admin/users/${waiting.id}/revoke-premium`, {}), doneSchema);
    const tester = admin.browser.postJson(`/api/admin/users/${waiting.id}/tester`, { isTester: true }, 'PUT');
    expect((await answer(tester, testerSetSchema)).isTester).toBe(true);
    await answer(admin.browser.get('/api/admin/users?limit=50'), usersPageSchema);
    await answer(
      admin.browser.postJson(`/api/admin/users/${author.id}/add-credits`, { amount: 5 }),
      creditsResultSchema,
    );
    await waitFor(
      async () => ((await json(await admin.browser.get('/api/admin/reports'))) as unknown as unknown[]).length > 0,
      5000,
      'the report',
    );
    const [group] = await answer(admin.browser.get('/api/admin/reports'), reportGroupSchema.array());
    const moved = admin.browser.postJson(`/api/admin/reports/${group?.id}`, { status: 'in_review' }, 'PUT');
    await answer(moved, doneSchema);
    await answer(admin.browser.get('/api/admin/feedback'), feedbackItemSchema.array());
    const feedbackPath = `/api/admin/feedback/${feedbackId}`;
    await answer(admin.browser.postJson(feedbackPath, { status: 'resolved' }, 'PUT'), doneSchema);
    await answer(admin.browser.postJson(`/api/feedback/${feedbackId}`, {}, 'DELETE'), doneSchema);
    await answer(admin.browser.postJson('/api/admin/create-test-users', {}), testDataSchema);
    await answer(admin.browser.postJson('/api/admin/create-test-posts', {}), testDataSchema);
    await answer(admin.browser.postJson(`/api/admin/posts/${postId}`, {}, 'DELETE'), doneSchema);
    await answer(admin.browser.postJson(`/api/admin/users/${waiting.id}`, {}, 'DELETE'), doneSchema);
    await answer(admin.browser.get('/api/admin/stats'), adminStatsSchema);
    const audit = await answer(admin.browser.get('/api/admin/audit'), auditPageSchema);
    expect(audit.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['credits_adjusted', 'post_approved']),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EventEnvelope } from '@tip/platform';
import { PostDeleted } from '@tip/content/contract';
import {
  PremiumChanged,
  ProfileUpdated,
  TesterFlagChanged,
  UserDeleted,
  VerificationSubmitted,
} from '@tip/identity/contract';
import { MessageSent } from '@tip/messaging/contract';
import { CreditsGranted, CreditsPurchased } from '@tip/wallet/contract';
import { failureOf, sleep, waitFor } from '@tip/platform/testing';
import { memberProfile } from '@tip/identity/testing';
import { startModerationHarness, type ModerationHarness } from '../testing/harness.js';

let harness: ModerationHarness;

beforeAll(async () => {
  harness = await startModerationHarness();
});
afterAll(() => harness.stop());

const published = (type: string, key: string) =>
  harness.published.filter((event) => event.type === type && event.key === key);
const queuedUsers = async () => (await harness.client.PendingVerifications({})).items.map((item) => item.userId);
const queuedPosts = async () => (await harness.client.PendingPosts({})).items.map((item) => item.postId);
const report = (postId: string, postAuthorId: string, reporterId: string, reason = 'spam') =>
  harness.client.FileReport({ postId, postAuthorId, reporterId, reason, description: '' });
const groupOf = async (postId: string) =>
  (await harness.client.ListReports({})).groups.find((group) => group.postId === postId);

describe('the verification queue', () => {
  it('lists a waiting member until an admin decides, and tells identity the decision', async () => {
    const admin = await harness.member({ isAdmin: true });
    const waiting = await harness.waitingMember();
    await waitFor(async () => (await queuedUsers()).includes(waiting), 5000, 'the queue');
    // Told once the queue shows the member, so that the admins' pages find them when they ask on hearing it.
    await waitFor(() => published('VerificationQueued', waiting).length > 0, 5000, 'VerificationQueued');
    expect(published('VerificationQueued', admin)).toEqual([]);
    await harness.client.DecideVerification({ userId: waiting, status: 'approved', reason: '', adminId: admin });
    expect(await queuedUsers()).not.toContain(waiting);
    await waitFor(() => published('VerificationDecided', waiting).length === 1, 5000, 'VerificationDecided');
    expect(published('VerificationDecided', waiting)[0]?.payload).toEqual({
      userId: waiting,
      status: 'approved',
      adminId: admin,
    });
  });

  it('takes a decision on a member whose photo it heard of before their registration', async () => {
    // Identity writes VerificationSubmitted before UserRegistered: an admin may decide between the two.
    const userId = `early-${Date.now()}`;
    const submitted = VerificationSubmitted.create(userId, { userId, submittedAt: new Date().toISOString() }, 't');
    await harness.events.publish(VerificationSubmitted.topic, [submitted]);
    await waitFor(async () => (await queuedUsers()).includes(userId), 5000, 'the queue');
    await harness.client.DecideVerification({ userId, status: 'approved', reason: '', adminId: 'admin-1' });
    await waitFor(() => published('VerificationDecided', userId).length === 1, 5000, 'VerificationDecided');
  });

  it('needs a reason to reject, refuses a second decision and an unknown member', async () => {
    const waiting = await harness.waitingMember();
    const decide = (status: string, reason: string) =>
      harness.client.DecideVerification({ userId: waiting, status, reason, adminId: 'admin-1' });
    expect(await failureOf(decide('rejected', '  '))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.rejectionReasonRequired',
    });
    expect(await failureOf(decide('maybe', ''))).toMatchObject({ code: 'INVALID_ARGUMENT' });
    await decide('rejected', 'Foto di bassa qualità, Illuminazione insufficiente');
    expect(await failureOf(decide('approved', ''))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      messageKey: 'moderation.alreadyDecided',
    });
    const unknown = harness.client.DecideVerification({
      userId: 'nobody',
      status: 'approved',
      reason: '',
      adminId: 'a',
    });
    expect(await failureOf(unknown)).toMatchObject({ code: 'NOT_FOUND', messageKey: 'moderation.userNotFound' });
  });

  it('shows what changed when an approved member changed gender, until an admin decides', async () => {
    const man = await harness.member({ gender: 'male' });
    const queued = async () => (await harness.client.PendingVerifications({})).items.find((i) => i.userId === man);
    // What identity writes when the member changes gender: the photo on file waits again, then the profile.
    const submittedAt = new Date().toISOString();
    const profile = memberProfile({ userId: man, gender: 'female', verificationStatus: 'pending' });
    await harness.events.publish(VerificationSubmitted.topic, [
      VerificationSubmitted.create(
        man,
        { userId: man, submittedAt, genderChange: { from: 'male', to: 'female' } },
        'test',
      ),
      ProfileUpdated.create(man, profile, 'test'),
    ]);
    await waitFor(async () => (await queued()) !== undefined, 5000, 'the queue');
    expect(await queued()).toEqual({ userId: man, submittedAt, genderChange: { from: 'male', to: 'female' } });
    await harness.client.DecideVerification({ userId: man, status: 'rejected', reason: 'Altro', adminId: 'admin-1' });
    // A new photo after the rejection waits without a change to show.
    await harness.events.publish(VerificationSubmitted.topic, [
      VerificationSubmitted.create(man, { userId: man, submittedAt }, 'test'),
      ProfileUpdated.create(man, profile, 'test'),
    ]);
    await waitFor(async () => (await queued()) !== undefined, 5000, 'the queue again');
    expect((await queued())?.genderChange).toBeNull();
  });

  it('decides once when two admins decide at once', async () => {
    const waiting = await harness.waitingMember();
    const outcomes = await Promise.allSettled(
      ['approved', 'rejected', 'approved'].map((status, n) =>
        harness.client.DecideVerification({ userId: waiting, status, reason: 'Altro', adminId: `admin-${n}` }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    await waitFor(() => published('VerificationDecided', waiting).length === 1, 5000, 'the one decision');
  });
});

describe('the post queue', () => {
  it('lists waiting posts oldest first, decides each once, and forgets deleted ones', async () => {
    const author = await harness.member();
    const first = await harness.post(author);
    const second = await harness.post(author);
    const published_ = await harness.post(author, 'approved');
    const queue = await queuedPosts();
    expect(queue.indexOf(first)).toBeLessThan(queue.indexOf(second));
    expect(queue).not.toContain(published_);
    await waitFor(() => published('PostQueueChanged', second).length > 0, 5000, 'PostQueueChanged');
    expect(published('PostQueueChanged', first).map((event) => event.payload)).toEqual([
      { postId: first, status: 'pending' },
    ]);
    expect(published('PostQueueChanged', published_)).toEqual([]);

    const decide = (postId: string, status: string, reason = '') =>
      harness.client.DecidePost({ postId, status, reason, adminId: 'admin-1' });
    expect(await failureOf(decide(first, 'rejected'))).toMatchObject({ code: 'INVALID_ARGUMENT' });
    await decide(first, 'rejected', 'Spam o promozione non autorizzata');
    expect(await failureOf(decide(first, 'approved'))).toMatchObject({ messageKey: 'moderation.alreadyDecided' });
    await waitFor(() => published('PostDecisionMade', first).length === 1, 5000, 'PostDecisionMade');
    expect(published('PostDecisionMade', first)[0]?.payload).toMatchObject({
      status: 'rejected',
      reason: 'Spam o promozione non autorizzata',
      adminId: 'admin-1',
    });

    const deleted = PostDeleted.create(second, { postId: second, authorId: author, category: 'trending' }, 't');
    await harness.events.publish(PostDeleted.topic, [deleted]);
    await waitFor(async () => !(await queuedPosts()).includes(second), 5000, 'the deleted post leaving');
    await waitFor(() => published('PostQueueChanged', second).length === 2, 5000, 'PostQueueChanged deleted');
    expect(published('PostQueueChanged', second)[1]?.payload).toEqual({ postId: second, status: 'deleted' });
    expect(await failureOf(decide(second, 'approved'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('decides a post once when two admins decide at once', async () => {
    const postId = await harness.post(await harness.member());
    const outcomes = await Promise.allSettled(
      ['approved', 'rejected', 'approved'].map((status, n) =>
        harness.client.DecidePost({ postId, status, reason: 'Altro', adminId: `admin-${n}` }),
      ),
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    const alreadyDecided = expect.objectContaining({ messageKey: 'moderation.alreadyDecided' });
    expect(refused).toEqual([alreadyDecided, alreadyDecided]);
    await waitFor(() => published('PostDecisionMade', postId).length === 1, 5000, 'the one decision');
    expect(await queuedPosts()).not.toContain(postId);
  });
});

describe('reports', () => {
  it('take one open report per member and post, never on one’s own post, even when sent at once', async () => {
    const [author, reporter] = [await harness.member(), await harness.member()];
    const postId = await harness.post(author, 'approved');
    expect(await failureOf(report(postId, author, author))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      messageKey: 'moderation.ownPost',
    });
    expect(await failureOf(report(postId, author, reporter, 'nonsense'))).toMatchObject({
      messageKey: 'moderation.reportReasonRequired',
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => report(postId, author, reporter)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await failureOf(report(postId, author, reporter))).toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'moderation.alreadyReported',
    });
    expect((await groupOf(postId))?.reports).toHaveLength(1);
  });

  it('group a post’s reports and move them pending → in review → resolved, resolved being final', async () => {
    const author = await harness.member();
    const [first, second] = [await harness.member(), await harness.member()];
    const postId = await harness.post(author, 'approved');
    const { reportId } = await report(postId, author, first, 'harassment');
    await harness.client.FileReport({
      postId,
      postAuthorId: author,
      reporterId: second,
      reason: 'fake',
      description: '  profilo falso  ',
    });
    const group = await groupOf(postId);
    expect(group).toMatchObject({ status: 'pending' });
    expect(group?.reports.map((filed) => [filed.reason, filed.description])).toEqual([
      ['harassment', ''],
      ['fake', 'profilo falso'],
    ]);

    const move = (status: string, adminNotes: string) =>
      harness.client.UpdateReport({ reportId, status, adminNotes, adminId: 'admin-7' });
    expect(await failureOf(move('pending', ''))).toMatchObject({ code: 'INVALID_ARGUMENT' });
    await move('in_review', 'Segnalazione presa in carico per revisione');
    expect(await groupOf(postId)).toMatchObject({ status: 'in_review' });
    expect((await groupOf(postId))?.reports.every((moved) => moved.reviewerId === 'admin-7')).toBe(true);
    expect(await failureOf(move('in_review', ''))).toMatchObject({ messageKey: 'moderation.reportTransition' });
    await move('resolved', 'Segnalazione risolta dopo revisione');
    expect(await groupOf(postId)).toMatchObject({ status: 'resolved' });
    expect(await failureOf(move('resolved', ''))).toMatchObject({ messageKey: 'moderation.reportResolved' });
    await waitFor(() => published('ReportUpdated', postId).length === 4, 5000, 'two updates of two reports');

    // Resolved, the member may report the post again.
    await report(postId, author, first, 'spam');
    expect(await groupOf(postId)).toMatchObject({ status: 'pending' });
    expect((await groupOf(postId))?.reports).toHaveLength(3);
  });

  it('may go from pending straight to resolved', async () => {
    const [author, reporter] = [await harness.member(), await harness.member()];
    const postId = await harness.post(author, 'approved');
    const { reportId } = await report(postId, author, reporter);
    const notes = 'Segnalazione risolta - nessuna violazione riscontrata';
    await harness.client.UpdateReport({ reportId, status: 'resolved', adminNotes: notes, adminId: 'a' });
    expect((await groupOf(postId))?.reports[0]).toMatchObject({ status: 'resolved', adminNotes: notes });
  });
});

describe('feedback', () => {
  it('takes a trimmed message of 1 to 1000 characters, typed or other', async () => {
    const userId = await harness.member();
    const send = (type: string, message: string) => harness.client.SubmitFeedback({ userId, type, message });
    expect(await failureOf(send('bug', '   '))).toMatchObject({ messageKey: 'moderation.feedbackMessageRequired' });
    expect(await failureOf(send('bug', 'x'.repeat(1001)))).toMatchObject({
      messageKey: 'moderation.feedbackTooLong',
    });
    expect(await failureOf(send('rant', 'ciao'))).toMatchObject({ code: 'INVALID_ARGUMENT' });
    const { feedbackId } = await send('', '  Bella app!  ');
    const listed = (await harness.client.ListFeedback({})).items.find((item) => item.id === feedbackId);
    expect(listed).toMatchObject({ userId, type: 'other', message: 'Bella app!', status: 'pending' });
  });

  it('has its status set and is deleted by admins, words and all', async () => {
    const userId = await harness.member();
    const { feedbackId } = await harness.client.SubmitFeedback({ userId, type: 'bug', message: 'Non carica' });
    await harness.client.SetFeedbackStatus({ feedbackId, status: 'in_review', adminId: 'admin-2' });
    expect((await harness.client.ListFeedback({})).items.find((item) => item.id === feedbackId)?.status).toBe(
      'in_review',
    );
    expect(
      await failureOf(harness.client.SetFeedbackStatus({ feedbackId, status: 'done', adminId: 'admin-2' })),
    ).toMatchObject({ code: 'INVALID_ARGUMENT' });
    await harness.client.DeleteFeedback({ feedbackId, adminId: 'admin-2' });
    expect((await harness.client.ListFeedback({})).items.map((item) => item.id)).not.toContain(feedbackId);
    expect(await failureOf(harness.client.DeleteFeedback({ feedbackId, adminId: 'admin-2' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('a deleted member', () => {
  it('leaves no feedback and no name on reports', async () => {
    const author = await harness.member();
    const leaving = await harness.member();
    const postId = await harness.post(author, 'approved');
    await harness.client.FileReport({
      postId,
      postAuthorId: author,
      reporterId: leaving,
      reason: 'other',
      description: 'il mio testo',
    });
    const { feedbackId } = await harness.client.SubmitFeedback({ userId: leaving, type: 'bug', message: 'segreto' });
    const deleted = UserDeleted.create(leaving, { userId: leaving, deletedAt: new Date().toISOString() }, 't');
    await harness.events.publish(UserDeleted.topic, [deleted]);
    await waitFor(
      async () => !(await harness.client.ListFeedback({})).items.some((item) => item.id === feedbackId),
      5000,
      'the feedback going',
    );
    expect((await groupOf(postId))?.reports[0]).toMatchObject({ reporterId: '', description: '' });
  });
});

describe('stats and the audit log', () => {
  it('count from the events, the same once every event came twice, and the same when rebuilt from the log', async () => {
    const member = await harness.member();
    const before = await harness.client.Stats({});
    const entry = (sequence: number) => ({
      accountId: `acct-${member}`,
      userId: member,
      entryId: `acct-${member}:${sequence}`,
      sequence,
      amount: 10,
      balanceAfter: 10 * sequence,
      reference: { type: 'payment', id: `pay-${member}-${sequence}` },
      occurredAt: new Date().toISOString(),
    });
    const purchase = (sequence: number) =>
      CreditsPurchased.create(
        `acct-${member}`,
        {
          ...entry(sequence),
          paymentId: `pay-${member}-${sequence}`,
          productId: 'credits-10',
          amountCents: 999,
          currency: 'eur',
        },
        't',
      );
    const message = (n: number) =>
      MessageSent.create(
        'conv',
        {
          messageId: `msg-${member}-${n}`,
          conversation: 'conv',
          senderId: member,
          recipientId: 'other',
          sentAt: new Date().toISOString(),
        },
        't',
      );
    const ledger: EventEnvelope[] = [purchase(1), purchase(2)];
    const messages: EventEnvelope[] = [message(1), message(2), message(3)];
    for (let round = 0; round < 2; round++) {
      await harness.events.publish(CreditsPurchased.topic, ledger);
      await harness.events.publish(MessageSent.topic, messages);
    }
    const expected = {
      ...before,
      totalTransactions: before.totalTransactions + 2,
      totalMessages: before.totalMessages + 3,
      revenueCents: String(Number(before.revenueCents) + 2 * 999),
    };
    await waitFor(
      async () => JSON.stringify(await harness.client.Stats({})) === JSON.stringify(expected),
      5000,
      'the counts',
    );
    // Reports and feedback are moderation's own; what it projects from the log comes out the same.
    const projected = ({ totalUsers, totalPosts, totalMessages, totalTransactions, revenueCents }: typeof before) =>
      JSON.stringify({ totalUsers, totalPosts, totalMessages, totalTransactions, revenueCents });
    const rebuilt = await harness.rebuilt();
    await waitFor(
      async () => projected(await rebuilt.client.Stats({})) === projected(expected),
      10_000,
      'the rebuilt counts',
    );
  });

  it('count what waits for an admin: photos, posts, reported posts (one item each) and feedback', async () => {
    const waitingFigures = async () => {
      const { pendingVerifications, pendingPosts, openReports, openFeedback } = await harness.client.Stats({});
      return { pendingVerifications, pendingPosts, openReports, openFeedback };
    };
    const before = await waitingFigures();
    const author = await harness.member();
    const [first, second] = [await harness.member(), await harness.member()];
    const waiting = await harness.waitingMember();
    await waitFor(async () => (await queuedUsers()).includes(waiting), 5000, 'the queue');
    const pending = await harness.post(author);
    const reported = await harness.post(author, 'approved');
    const { reportId } = await report(reported, author, first);
    await report(reported, author, second);
    const { feedbackId } = await harness.client.SubmitFeedback({ userId: first, type: 'bug', message: 'Lento' });
    const open = { ...before, openReports: before.openReports + 1, openFeedback: before.openFeedback + 1 };
    expect(await waitingFigures()).toEqual({
      ...open,
      pendingVerifications: before.pendingVerifications + 1,
      pendingPosts: before.pendingPosts + 1,
    });

    const adminId = 'admin-3';
    await harness.client.DecideVerification({ userId: waiting, status: 'approved', reason: '', adminId });
    await harness.client.DecidePost({ postId: pending, status: 'approved', reason: '', adminId });
    // In review, reports and feedback are still open.
    await harness.client.UpdateReport({ reportId, status: 'in_review', adminNotes: '', adminId });
    await harness.client.SetFeedbackStatus({ feedbackId, status: 'in_review', adminId });
    expect(await waitingFigures()).toEqual(open);
    await harness.client.UpdateReport({ reportId, status: 'resolved', adminNotes: '', adminId });
    await harness.client.SetFeedbackStatus({ feedbackId, status: 'resolved', adminId });
    expect(await waitingFigures()).toEqual(before);
  });

  it("says what a report's or a feedback's entry is about: the report's reason, the feedback's type and words until deleted", async () => {
    const [author, reporter] = [await harness.member(), await harness.member()];
    const postId = await harness.post(author, 'approved');
    const { reportId } = await report(postId, author, reporter, 'harassment');
    const admin = `moderatore-${Date.now()}`;
    await harness.client.UpdateReport({ reportId, status: 'in_review', adminNotes: 'Presa in carico', adminId: admin });
    // The log is newest first by the time of each action: two actions of one admin are not in the same millisecond.
    await sleep(5);
    const message = 'Non carica la foto';
    const { feedbackId } = await harness.client.SubmitFeedback({ userId: reporter, type: 'bug', message });
    await harness.client.SetFeedbackStatus({ feedbackId, status: 'resolved', adminId: admin });
    const entries = async () =>
      (await harness.client.AuditLog({ adminId: admin, targetId: '', before: '', limit: 0 })).entries;
    await waitFor(async () => (await entries()).length === 2, 5000, 'two entries');
    expect(await entries()).toEqual([
      expect.objectContaining({
        action: 'feedback_status_changed',
        targetId: feedbackId,
        feedbackType: 'bug',
        feedbackMessage: message,
        reportReason: '',
      }),
      expect.objectContaining({
        action: 'report_in_review',
        targetId: postId,
        detail: reportId,
        reportReason: 'harassment',
        feedbackType: '',
        feedbackMessage: '',
      }),
    ]);

    // A deleted feedback keeps its type, not its words.
    await sleep(5);
    await harness.client.DeleteFeedback({ feedbackId, adminId: admin });
    await waitFor(async () => (await entries()).length === 3, 5000, 'three entries');
    expect((await entries()).filter((entry) => entry.targetId === feedbackId)).toEqual([
      expect.objectContaining({ action: 'feedback_deleted', feedbackType: 'bug', feedbackMessage: '' }),
      expect.objectContaining({ action: 'feedback_status_changed', feedbackType: 'bug', feedbackMessage: '' }),
    ]);
  });

  it('records every admin action of every service, newest first, by admin and by target, a page at a time', async () => {
    const admin = `auditor-${Date.now()}`;
    const member = await harness.member();
    await harness.events.publish(PremiumChanged.topic, [
      PremiumChanged.create(
        member,
        {
          userId: member,
          change: 'granted',
          premiumSubscriptionExpiry: new Date().toISOString(),
          premiumSource: 'admin_grant',
          months: 3,
          adminId: admin,
        },
        't',
      ),
    ]);
    // The log is newest first by the time of each action: two actions of one admin are not in the same millisecond.
    await sleep(5);
    await harness.events.publish(TesterFlagChanged.topic, [
      TesterFlagChanged.create(member, { userId: member, isTester: true, adminId: admin }, 't'),
      // A member's own purchase names no admin: no entry.
      PremiumChanged.create(
        member,
        { userId: member, change: 'purchased', premiumSubscriptionExpiry: null, premiumSource: 'purchased' },
        't',
      ),
    ]);
    await sleep(5);
    await harness.events.publish(CreditsGranted.topic, [
      CreditsGranted.create(
        `acct-${member}`,
        {
          accountId: `acct-${member}`,
          userId: member,
          entryId: `acct-${member}:9`,
          sequence: 9,
          amount: -50,
          balanceAfter: 0,
          reference: { type: 'admin', id: 'x' },
          occurredAt: new Date().toISOString(),
          grant: 'admin',
          adminId: admin,
        },
        't',
      ),
    ]);
    const waiting = await harness.waitingMember();
    await waitFor(async () => (await queuedUsers()).includes(waiting), 5000, 'the queue');
    await sleep(5);
    await harness.client.DecideVerification({ userId: waiting, status: 'rejected', reason: 'Altro', adminId: admin });

    const entries = async (filter: { adminId?: string; targetId?: string; before?: string; limit?: number }) =>
      harness.client.AuditLog({ adminId: '', targetId: '', before: '', limit: 0, ...filter });
    await waitFor(async () => (await entries({ adminId: admin })).entries.length === 4, 5000, 'four entries');
    const { entries: byAdmin } = await entries({ adminId: admin });
    expect(byAdmin.map((entry) => entry.action)).toEqual([
      'verification_rejected',
      'credits_adjusted',
      'tester_granted',
      'premium_granted',
    ]);
    expect(byAdmin[0]).toMatchObject({ targetType: 'user', targetId: waiting, reason: 'Altro' });
    expect(byAdmin[1]).toMatchObject({ targetId: member, detail: '-50' });
    expect((await entries({ targetId: member })).entries).toHaveLength(3);

    const first = await entries({ adminId: admin, limit: 3 });
    expect(first.entries).toHaveLength(3);
    const rest = await entries({ adminId: admin, before: first.nextCursor });
    expect(rest.entries.map((entry) => entry.action)).toEqual(['premium_granted']);
    expect(rest.nextCursor).toBe('');

    // The same events again add nothing.
    const again = harness.published.filter((event) => event.type === 'VerificationDecided' && event.key === waiting);
    await harness.events.publish(again[0]?.topic ?? '', again);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await entries({ adminId: admin })).entries).toHaveLength(4);
  });
});

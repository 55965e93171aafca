import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PremiumChanged, ProfileUpdated, VerificationSubmitted } from '@tip/identity/contract';
import { sleep, waitFor } from '@tip/platform/testing';
import { memberProfile } from '@tip/identity/testing';
import { startModerationHarness, type ModerationHarness } from '../testing/harness.js';

let harness: ModerationHarness;

beforeAll(async () => {
  harness = await startModerationHarness();
});
afterAll(() => harness.stop());

interface Exported {
  verification: {
    status: string;
    registeredAt: string;
    submittedAt: string | null;
    decisions: { at: string; status: string; reason: string | null }[];
  } | null;
  adminDecisions: { action: string; about: unknown; reason: string | null; detail: string | null }[];
  reportsFiled: { id: string; postId: string; reason: string; description: string; status: string }[];
  feedbackSent: { id: string; type: string; message: string; status: string }[];
  adminActionsTaken: { action: string; targetType: string; targetId: string }[];
}

const exportOf = async (userId: string) => {
  const reply = await harness.client.ExportMember({ userId });
  return { json: reply.json, data: JSON.parse(reply.json) as Exported };
};
const auditCount = async (adminId: string) =>
  (await harness.client.AuditLog({ adminId, targetId: '', before: '', limit: 100 })).entries.length;
const queued = async (userId: string) =>
  (await harness.client.PendingVerifications({})).items.some((item) => item.userId === userId);

async function submitPhoto(userId: string) {
  const submitted = VerificationSubmitted.create(userId, { userId, submittedAt: new Date().toISOString() }, 'test');
  // As identity does on a resubmission: the photo, and the member's profile now waiting again.
  const waiting = ProfileUpdated.create(userId, memberProfile({ userId, verificationStatus: 'pending' }), 'test');
  await harness.events.publish(VerificationSubmitted.topic, [submitted, waiting]);
  await waitFor(() => queued(userId), 5000, 'the queue');
}

describe('ExportMember', () => {
  it('holds the member’s verification with its decisions, admins’ decisions about them and their posts, their reports and feedback', async () => {
    const admin = await harness.member({ isAdmin: true });
    const anna = await harness.waitingMember();
    const bruno = await harness.member();
    const carla = await harness.member();
    await waitFor(() => queued(anna), 5000, 'the queue');
    await harness.client.DecideVerification({
      userId: anna,
      status: 'rejected',
      reason: 'Foto sfocata',
      adminId: admin,
    });
    await sleep(5);
    await submitPhoto(anna);
    await harness.client.DecideVerification({ userId: anna, status: 'approved', reason: '', adminId: admin });
    await sleep(5);
    const annasPost = await harness.post(anna, 'pending');
    await harness.client.DecidePost({ postId: annasPost, status: 'approved', reason: '', adminId: admin });
    await sleep(5);
    await harness.events.publish(PremiumChanged.topic, [
      PremiumChanged.create(
        anna,
        {
          userId: anna,
          change: 'granted',
          premiumSubscriptionExpiry: new Date(Date.now() + 86_400_000).toISOString(),
          premiumSource: 'admin_grant',
          months: 1,
          adminId: admin,
        },
        't',
      ),
    ]);
    // Anna reports Bruno's post and sends feedback.
    const brunosPost = await harness.post(bruno, 'approved');
    const { reportId } = await harness.client.FileReport({
      postId: brunosPost,
      postAuthorId: bruno,
      reporterId: anna,
      reason: 'spam',
      description: 'pubblicità di bruno',
    });
    const { feedbackId } = await harness.client.SubmitFeedback({
      userId: anna,
      type: 'bug',
      message: 'Il feed si blocca',
    });
    // Bruno reports Anna's post, and an admin looks into it: Bruno's business, not Anna's.
    const { reportId: brunosReport } = await harness.client.FileReport({
      postId: annasPost,
      postAuthorId: anna,
      reporterId: bruno,
      reason: 'harassment',
      description: 'segnalazione di bruno',
    });
    await harness.client.UpdateReport({
      reportId: brunosReport,
      status: 'in_review',
      adminNotes: 'note sul rapporto di bruno',
      adminId: admin,
    });
    // Carla's feedback concerns no one else.
    await harness.client.SubmitFeedback({ userId: carla, type: 'other', message: 'il feedback di carla' });
    await waitFor(async () => (await auditCount(admin)) === 5, 5000, 'the audit log');

    const { json, data } = await exportOf(anna);
    expect(data.verification).toMatchObject({ status: 'approved', registeredAt: expect.any(String) });
    expect(data.verification?.decisions).toEqual([
      { at: expect.any(String), status: 'rejected', reason: 'Foto sfocata' },
      { at: expect.any(String), status: 'approved', reason: null },
    ]);
    expect(data.adminDecisions).toEqual([
      { at: expect.any(String), action: 'post_approved', about: { postId: annasPost }, reason: null, detail: null },
      { at: expect.any(String), action: 'premium_granted', about: 'you', reason: null, detail: '1' },
    ]);
    expect(data.reportsFiled).toEqual([
      expect.objectContaining({
        id: reportId,
        postId: brunosPost,
        reason: 'spam',
        description: 'pubblicità di bruno',
        status: 'pending',
      }),
    ]);
    expect(data.feedbackSent).toEqual([
      expect.objectContaining({ id: feedbackId, type: 'bug', message: 'Il feed si blocca', status: 'pending' }),
    ]);
    expect(data.adminActionsTaken).toEqual([]);
    // The deciding admin is not named; Bruno's report on Anna's post and Carla's feedback are not Anna's.
    for (const hidden of [admin, 'segnalazione di bruno', 'note sul rapporto di bruno', brunosReport, carla, 'carla']) {
      expect(json).not.toContain(hidden);
    }

    // Bruno's export has his report (not Anna's); the admin's lists the actions they took.
    const brunos = await exportOf(bruno);
    expect(brunos.data.reportsFiled.map((item) => item.id)).toEqual([brunosReport]);
    expect(brunos.json).not.toContain('pubblicità di bruno');
    expect(brunos.json).not.toContain('Il feed si blocca');
    const admins = await exportOf(admin);
    expect(admins.data.adminActionsTaken.map((entry) => entry.action)).toEqual([
      'verification_rejected',
      'verification_approved',
      'post_approved',
      'premium_granted',
      'report_in_review',
    ]);
  });

  it('has no verification for a member moderation has not heard of, and nothing else', async () => {
    expect((await exportOf('stranger')).data).toEqual({
      verification: null,
      adminDecisions: [],
      reportsFiled: [],
      feedbackSent: [],
      adminActionsTaken: [],
    });
  });
});

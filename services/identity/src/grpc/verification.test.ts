import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { newEvent } from '@tip/platform';
import { VerificationDecided } from '@tip/moderation/contract';
import type { IdentityUserOutput } from '../contract/index.js';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { jpegPhoto, TEXT_FILE } from '../testing/images.js';
import { failureOf, waitFor } from '@tip/platform/testing';

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
});
afterAll(() => harness.stop());

/** What moderation does when an admin decides. */
async function decide(userId: string, status: 'approved' | 'rejected', reason?: string) {
  const event = VerificationDecided.create(
    userId,
    { userId, status, reason, adminId: 'admin-1' },
    'moderation-request',
  );
  await harness.events.publish(VerificationDecided.topic, [event]);
  return event;
}

/** Whether identity's consumer of decisions went past the event (it records each it handled). */
const handled = async (eventId: string) =>
  (await (
    await harness.documents.collection('_handled_events')
  ).count({
    _id: `identity.verification-decisions:${eventId}`,
  })) > 0;

const statusOf = async (user: IdentityUserOutput) =>
  (await harness.client.GetUser({ userId: user.id, viewerId: user.id })).verificationStatus;

describe('VerificationDecided from moderation', () => {
  it('approves a member and publishes its new profile', async () => {
    const member = await registerMember(harness);
    await decide(member.id, 'approved');
    await waitFor(async () => (await statusOf(member)) === 'approved', 5000, 'the approval');
    await waitFor(() => eventTypes(harness.published, member.id).includes('ProfileUpdated'), 5000, 'ProfileUpdated');
    const updated = harness.published.find((event) => event.key === member.id && event.type === 'ProfileUpdated');
    expect(updated?.payload).toMatchObject({ verificationStatus: 'approved' });
  });

  it('rejects with the reason as notes, which only the owner and admins see', async () => {
    const member = await registerMember(harness);
    await decide(member.id, 'rejected', 'Foto di bassa qualità, Viso non chiaramente identificabile');
    await waitFor(async () => (await statusOf(member)) === 'rejected', 5000, 'the rejection');
    const own = await harness.client.GetUser({ userId: member.id, viewerId: member.id });
    expect(own.verificationNotes).toBe('Foto di bassa qualità, Viso non chiaramente identificabile');
    const stranger = await registerMember(harness);
    expect((await harness.client.GetUser({ userId: member.id, viewerId: stranger.id })).verificationNotes).toBe('');
  });

  it('decides the photo waiting once: a repeat, or an older decision delivered late, changes nothing', async () => {
    const member = await registerMember(harness);
    const rejection = await decide(member.id, 'rejected', 'Foto sfocata');
    await waitFor(async () => (await statusOf(member)) === 'rejected', 5000, 'the rejection');
    await harness.client.ResubmitVerification({
      userId: member.id,
      image: { content: await jpegPhoto({ width: 30, height: 30 }), fileName: 'new.jpg' },
    });
    const resubmitted = (await harness.storedUser(member.id))?.revision ?? 0;
    // The rejection again (a redelivery), and under another id (the decision on the earlier photo, arriving late).
    await harness.events.publish(VerificationDecided.topic, [rejection, { ...rejection, id: randomUUID() }]);
    const approval = await decide(member.id, 'approved');
    // A later decision on the same key is handled after the copies: once it shows, they were, and changed nothing.
    await waitFor(async () => (await statusOf(member)) === 'approved', 5000, 'the approval');
    expect((await harness.storedUser(member.id))?.revision).toBe(resubmitted + 1);

    // The older rejection delivered after the newer approval, and the approval again: the member stays approved.
    const late = { ...rejection, id: randomUUID() };
    await harness.events.publish(VerificationDecided.topic, [late, approval]);
    await waitFor(async () => (await handled(late.id)) && (await handled(approval.id)), 5000, 'the late copies');
    expect(await statusOf(member)).toBe('approved');
    expect((await harness.storedUser(member.id))?.revision).toBe(resubmitted + 1);
  });

  it('skips a malformed decision and goes on with the next', async () => {
    const member = await registerMember(harness);
    await harness.events.publish(VerificationDecided.topic, [
      newEvent('VerificationDecided', 1, member.id, { userId: member.id, status: 'maybe' }, 'bad'),
    ]);
    await decide(member.id, 'rejected', 'Foglio non visibile');
    await waitFor(async () => (await statusOf(member)) === 'rejected', 5000, 'the valid decision');
  });

  it('ignores a decision about a user that does not exist', async () => {
    await decide('gone-user', 'approved');
    const member = await registerMember(harness);
    await decide(member.id, 'approved');
    await waitFor(async () => (await statusOf(member)) === 'approved', 5000, 'the next decision');
  });
});

describe('ResubmitVerification', () => {
  it('puts a rejected member back in the queue with its new photo, deleting the old one', async () => {
    const member = await registerMember(harness);
    await decide(member.id, 'rejected', 'Foto sfocata');
    await waitFor(async () => (await statusOf(member)) === 'rejected', 5000, 'the rejection');
    const oldKey = (await harness.storedUser(member.id))?.verificationPhotoKey ?? '';

    const resubmitted = await harness.client.ResubmitVerification({
      userId: member.id,
      image: { content: await jpegPhoto({ width: 30, height: 30 }), fileName: 'new.jpg' },
    });
    expect(resubmitted).toMatchObject({ verificationStatus: 'pending', verificationNotes: '' });
    const stored = await harness.storedUser(member.id);
    expect(stored?.verificationPhotoKey).not.toBe(oldKey);
    expect(await harness.objects.get(oldKey)).toBeNull();
    expect(await harness.objects.get(stored?.verificationPhotoKey ?? '')).not.toBeNull();
    await waitFor(
      () => eventTypes(harness.published, member.id).filter((type) => type === 'VerificationSubmitted').length === 2,
      5000,
      'the second VerificationSubmitted',
    );
  });

  it('lets a pending member replace its photo', async () => {
    const member = await registerMember(harness);
    const resubmitted = await harness.client.ResubmitVerification({
      userId: member.id,
      image: { content: await jpegPhoto(), fileName: 'again.jpg' },
    });
    expect(resubmitted.verificationStatus).toBe('pending');
  });

  it('refuses an approved member', async () => {
    const member = await registerMember(harness);
    await decide(member.id, 'approved');
    await waitFor(async () => (await statusOf(member)) === 'approved', 5000, 'the approval');
    const failure = await failureOf(
      harness.client.ResubmitVerification({
        userId: member.id,
        image: { content: await jpegPhoto(), fileName: 'x.jpg' },
      }),
    );
    expect(failure).toMatchObject({ code: 'FAILED_PRECONDITION', messageKey: 'identity.alreadyVerified' });
  });

  it('asks for a photo, and an image', async () => {
    const member = await registerMember(harness);
    expect(await failureOf(harness.client.ResubmitVerification({ userId: member.id, image: null }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.verificationPhotoRequired',
    });
    expect(
      await failureOf(
        harness.client.ResubmitVerification({ userId: member.id, image: { content: TEXT_FILE, fileName: 'a.jpg' } }),
      ),
    ).toMatchObject({ messageKey: 'validation.photoInvalid' });
  });
});

describe('a change of gender', () => {
  const submissions = (userId: string) =>
    harness.published.filter((event) => event.key === userId && event.type === 'VerificationSubmitted');
  const changeGender = (user: IdentityUserOutput, gender: string) =>
    harness.client.UpdateProfile({ userId: user.id, username: user.username, gender });

  it('sends an approved member back to verification, telling moderation what changed, until a decision', async () => {
    const member = await registerMember(harness, { gender: 'male' });
    await decide(member.id, 'approved');
    await waitFor(async () => (await statusOf(member)) === 'approved', 5000, 'the approval');
    const before = submissions(member.id).length;

    const changed = await changeGender(member, 'female');
    expect(changed).toMatchObject({ gender: 'female', verificationStatus: 'pending' });
    await waitFor(() => submissions(member.id).length === before + 1, 5000, 'VerificationSubmitted');
    expect(submissions(member.id).at(-1)?.payload).toMatchObject({
      userId: member.id,
      genderChange: { from: 'male', to: 'female' },
    });
    const profile = harness.published.findLast((event) => event.key === member.id && event.type === 'ProfileUpdated');
    expect(profile?.payload).toMatchObject({ gender: 'female', verificationStatus: 'pending' });

    // The photo on file now establishes the new gender; the next change is measured against it.
    await decide(member.id, 'approved');
    await waitFor(async () => (await statusOf(member)) === 'approved', 5000, 'the second approval');
    expect((await harness.storedUser(member.id))?.genderChange).toBeUndefined();
    await changeGender(member, 'male');
    await waitFor(() => submissions(member.id).length === before + 2, 5000, 'the next VerificationSubmitted');
    expect(submissions(member.id).at(-1)?.payload).toMatchObject({ genderChange: { from: 'female', to: 'male' } });
  });

  it('keeps the approved gender to compare with while the member waits, and the change through a new photo', async () => {
    const member = await registerMember(harness, { gender: 'male' });
    await decide(member.id, 'approved');
    await waitFor(async () => (await statusOf(member)) === 'approved', 5000, 'the approval');
    const before = submissions(member.id).length;
    await changeGender(member, 'female');
    expect((await changeGender(member, 'male')).verificationStatus).toBe('pending');
    expect((await changeGender(member, 'female')).verificationStatus).toBe('pending');
    await harness.client.ResubmitVerification({
      userId: member.id,
      image: { content: await jpegPhoto(), fileName: 'new.jpg' },
    });
    await waitFor(() => submissions(member.id).length === before + 4, 5000, 'four VerificationSubmitted');
    expect(submissions(member.id).map((event) => (event.payload as { genderChange?: unknown }).genderChange)).toEqual([
      ...Array<undefined>(before).fill(undefined),
      { from: 'male', to: 'female' },
      undefined,
      { from: 'male', to: 'female' },
      { from: 'male', to: 'female' },
    ]);
  });

  it('changes nothing about verification for an admin, a member waiting for a first decision, or the same gender', async () => {
    const admin = await harness.client.Login({ email: 'root@tip.local', password: 'root-password' });
    const waiting = await registerMember(harness, { gender: 'male' });
    const rejected = await registerMember(harness, { gender: 'male' });
    await decide(rejected.id, 'rejected', 'Foto sfocata');
    await waitFor(async () => (await statusOf(rejected)) === 'rejected', 5000, 'the rejection');
    const approved = await registerMember(harness, { gender: 'male' });
    await decide(approved.id, 'approved');
    await waitFor(async () => (await statusOf(approved)) === 'approved', 5000, 'the approval');

    expect(await changeGender(admin, admin.gender === 'female' ? 'male' : 'female')).toMatchObject({
      verificationStatus: 'approved',
    });
    expect(await changeGender(waiting, 'female')).toMatchObject({ gender: 'female', verificationStatus: 'pending' });
    expect(await changeGender(rejected, 'female')).toMatchObject({ gender: 'female', verificationStatus: 'rejected' });
    expect(await changeGender(approved, 'male')).toMatchObject({ verificationStatus: 'approved' });
    for (const user of [admin, waiting, rejected, approved]) {
      expect((await harness.storedUser(user.id))?.genderChange).toBeUndefined();
    }
  });
});

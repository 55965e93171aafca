import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VerificationDecided } from '@tip/moderation/contract';
import { failureOf, waitFor } from '@tip/platform/testing';
import { FIELDS_NOT_EXPORTED } from '../app/export-member.js';
import { registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { pngPhoto } from '../testing/images.js';

let harness: IdentityHarness;
let adminId: string;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
  adminId = (await harness.client.Login({ email: 'root@tip.local', password: 'root-password' })).id;
});
afterAll(() => harness.stop());

interface Exported {
  profile: Record<string, unknown>;
  verification: Record<string, unknown>;
  premium: { expiresAt: string | null; source: string | null; paymentsApplied: string[] };
  blocksMade: { blockedUserId: string; reason: string; blockedAt: string }[];
}

describe('ExportMember', () => {
  it('holds every field identity stores about the member but the password hash and internal keys', async () => {
    const anna = await registerMember(harness, {
      username: 'anna_export',
      email: 'anna.export@example.it',
      telegramUsername: 'annatg',
      age: 34,
      region: 'Toscana',
      city: 'Siena',
      gender: 'female',
      orientation: 'bisessuale',
    });
    await harness.client.UpdateProfile({
      userId: anna.id,
      username: 'anna_export',
      bio: 'La mia bio',
      telegramUsername: 'annatg',
      age: 34,
      region: 'Toscana',
      city: 'Siena',
      gender: 'female',
      orientation: 'bisessuale',
    });
    await harness.client.SetProfileImage({ userId: anna.id, image: { content: await pngPhoto(), fileName: 'a.png' } });
    await harness.clientAs('wallet').ApplyPremiumPurchase({ userId: anna.id, paymentId: 'pi_anna_1', months: 1 });
    const bruno = await registerMember(harness, { email: 'bruno.export@example.it', telegramUsername: 'brunotg' });
    const carla = await registerMember(harness, { email: 'carla.export@example.it' });
    await harness.client.BlockUser({ blockerId: anna.id, blockedId: bruno.id, reason: 'spam' });
    // Blocks others made: Bruno's of Anna is his, Carla's of Bruno neither's business here.
    await harness.client.BlockUser({ blockerId: bruno.id, blockedId: anna.id, reason: 'harassment' });
    await harness.client.BlockUser({ blockerId: carla.id, blockedId: bruno.id, reason: 'fake' });

    const reply = await harness.client.ExportMember({ userId: anna.id });
    const exported = JSON.parse(reply.json) as Exported;
    const stored = await harness.storedUser(anna.id);
    if (!stored) throw new Error('no stored user');

    expect(exported.profile).toMatchObject({
      id: anna.id,
      username: 'anna_export',
      email: 'anna.export@example.it',
      telegramUsername: '@annatg',
      age: 34,
      region: 'Toscana',
      city: 'Siena',
      gender: 'female',
      orientation: 'bisessuale',
      bio: 'La mia bio',
      isAdmin: false,
      isTester: false,
      createdAt: stored.createdAt,
      signsInWithPassword: true,
      signsInWithGoogle: false,
      profilePhoto: 'media/profile-photo.webp',
    });
    expect(exported.verification).toEqual({
      status: 'pending',
      notes: null,
      submittedAt: stored.verificationSubmittedAt ?? null,
      genderChange: null,
      photo: 'media/verification-photo.jpg',
    });
    expect(exported.premium).toEqual({
      expiresAt: stored.premiumSubscriptionExpiry,
      source: 'purchased',
      paymentsApplied: ['pi_anna_1'],
    });
    expect(exported.blocksMade).toEqual([{ blockedUserId: bruno.id, reason: 'spam', blockedAt: expect.any(String) }]);

    // Every stored field is either exported or deliberately left out; what is left out does not leak.
    const exportedFields = new Set([
      ...Object.keys(exported.profile),
      'verificationStatus',
      'verificationNotes',
      'verificationSubmittedAt',
      'premiumSubscriptionExpiry',
      'premiumSource',
      'premiumPaymentIds',
    ]);
    const notExported: readonly string[] = FIELDS_NOT_EXPORTED;
    for (const field of Object.keys(stored)) {
      expect([field, exportedFields.has(field) || notExported.includes(field)]).toEqual([field, true]);
    }
    for (const secret of [stored.passwordHash, stored.profileImageKey, stored.verificationPhotoKey]) {
      expect(typeof secret).toBe('string');
      expect(reply.json).not.toContain(secret);
    }
    // Nothing about the others: not their e-mail or Telegram, not Carla at all, not that Bruno blocked Anna.
    for (const other of ['bruno.export@example.it', 'brunotg', 'carla.export@example.it', carla.id, 'harassment']) {
      expect(reply.json).not.toContain(other);
    }
  });

  it('names the photos the member may fetch, each where identity.json says it is', async () => {
    const member = await registerMember(harness);
    await harness.client.SetProfileImage({
      userId: member.id,
      image: { content: await pngPhoto(), fileName: 'p.png' },
    });
    const reply = await harness.client.ExportMember({ userId: member.id });
    expect(reply.photos).toEqual([
      { kind: 'profile', path: 'media/profile-photo.webp' },
      { kind: 'verification', path: 'media/verification-photo.jpg' },
    ]);
    for (const { kind } of reply.photos) {
      const photo = await harness.client.GetPhoto({ ownerId: member.id, kind, viewerId: member.id });
      expect(photo.content.length).toBeGreaterThan(0);
    }
  });

  it('shows a rejection’s notes and leaves out a photo that is not there', async () => {
    const member = await registerMember(harness);
    const reason = 'Foto di bassa qualità, Viso non chiaramente identificabile';
    const decided = VerificationDecided.create(
      member.id,
      { userId: member.id, status: 'rejected', reason, adminId: 'admin-1' },
      'moderation-request',
    );
    await harness.events.publish(VerificationDecided.topic, [decided]);
    await waitFor(
      async () => (await harness.storedUser(member.id))?.verificationStatus === 'rejected',
      5000,
      'the rejection applied',
    );
    const reply = await harness.client.ExportMember({ userId: member.id });
    expect(reply.photos.map((photo) => photo.kind)).toEqual(['verification']);
    expect(JSON.parse(reply.json)).toMatchObject({
      profile: { profilePhoto: null },
      verification: { status: 'rejected', notes: reason },
    });
    expect(reply.json).not.toContain('admin-1');
  });

  it('exports an admin too, and answers NOT_FOUND for a member that does not exist or was deleted', async () => {
    expect(JSON.parse((await harness.client.ExportMember({ userId: adminId })).json)).toMatchObject({
      profile: { id: adminId, isAdmin: true },
    });
    const gone = await registerMember(harness);
    await harness.client.DeleteAccount({ userId: gone.id });
    for (const userId of [gone.id, 'nobody', '']) {
      expect(await failureOf(harness.client.ExportMember({ userId }))).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

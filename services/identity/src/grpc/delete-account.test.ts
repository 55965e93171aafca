import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { pngPhoto } from '../testing/images.js';
import { failureOf, waitFor } from '@tip/platform/testing';

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
});
afterAll(() => harness.stop());

describe('DeleteAccount', () => {
  it('erases personal data and photos, keeps a tombstone and publishes UserDeleted', async () => {
    const member = await registerMember(harness, {
      username: 'Addio',
      email: 'addio@example.it',
      telegramUsername: 'addio',
    });
    await harness.client.SetProfileImage({
      userId: member.id,
      image: { content: await pngPhoto(), fileName: 'p.png' },
    });
    const before = await harness.storedUser(member.id);
    const photoKeys = [before?.profileImageKey ?? '', before?.verificationPhotoKey ?? ''];
    for (const key of photoKeys) expect(await harness.objects.get(key)).not.toBeNull();

    await harness.client.DeleteAccount({ userId: member.id });

    for (const key of photoKeys) expect(await harness.objects.get(key)).toBeNull();
    const tombstone = await harness.storedUser(member.id);
    expect(tombstone).toMatchObject({ deleted: true, isAdmin: false });
    for (const field of [
      'username',
      'usernameLower',
      'usernameSkeleton',
      'email',
      'passwordHash',
      'telegramUsername',
      'gender',
    ]) {
      expect(tombstone).not.toHaveProperty(field);
    }
    await waitFor(() => eventTypes(harness.published, member.id).includes('UserDeleted'), 5000, 'UserDeleted');
    const deleted = harness.published.find((event) => event.key === member.id && event.type === 'UserDeleted');
    expect(deleted?.payload).toEqual({ userId: member.id, deletedAt: expect.any(String) });
  });

  it('erases the photos no document points at any more, such as one a crash or a failed clean-up left behind', async () => {
    const member = await registerMember(harness, { username: 'Orfano', email: 'orfano@example.it' });
    const leftBehind = [`profile/${member.id}/replaced-earlier.webp`, `verification/${member.id}/first-try.jpg`];
    for (const key of leftBehind) await harness.objects.put(key, Buffer.from('a photo'), 'image/jpeg');
    const someoneElse = await registerMember(harness);
    const othersPhoto = (await harness.storedUser(someoneElse.id))?.verificationPhotoKey ?? '';

    await harness.client.DeleteAccount({ userId: member.id });

    for (const key of leftBehind) expect(await harness.objects.get(key)).toBeNull();
    expect(await harness.objects.get(othersPhoto)).not.toBeNull();
  });

  it('makes the user gone (not unknown: their conversations say so), and its username and e-mail free again', async () => {
    const member = await registerMember(harness, { username: 'Riprovo', email: 'riprovo@example.it' });
    await harness.client.DeleteAccount({ userId: member.id });
    expect(await failureOf(harness.client.GetUser({ userId: member.id, viewerId: member.id }))).toMatchObject({
      code: 'GONE',
      messageKey: 'identity.userDeleted',
    });
    expect(await failureOf(harness.client.Login({ email: 'riprovo@example.it', password: 'segreto1' }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await failureOf(harness.client.DeleteAccount({ userId: member.id }))).toMatchObject({ code: 'NOT_FOUND' });
    const again = await registerMember(harness, { username: 'riprovo', email: 'riprovo@example.it' });
    expect(again.id).not.toBe(member.id);
  });

  it('refuses to delete an admin', async () => {
    const admin = await harness.client.Login({ email: 'root@tip.local', password: 'root-password' });
    expect(await failureOf(harness.client.DeleteAccount({ userId: admin.id }))).toMatchObject({
      code: 'PERMISSION_DENIED',
      messageKey: 'identity.adminCannotBeDeleted',
    });
    expect((await harness.client.Login({ email: 'root@tip.local', password: 'root-password' })).id).toBe(admin.id);
  });
});

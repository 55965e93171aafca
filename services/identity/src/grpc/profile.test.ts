import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IdentityUserOutput } from '../contract/index.js';
import sharp from 'sharp';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { jpegPhoto, oversizeJpeg, pngPhoto, TEXT_FILE } from '../testing/images.js';
import { failureOf, waitFor } from '@tip/platform/testing';

let harness: IdentityHarness;
let admin: IdentityUserOutput;
let owner: IdentityUserOutput;
let other: IdentityUserOutput;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
  admin = await harness.client.Login({ email: 'root@tip.local', password: 'root-password' });
  owner = await registerMember(harness, { username: 'Sofia', telegramUsername: 'sofia' });
  other = await registerMember(harness);
});
afterAll(() => harness.stop());

describe('GetUser', () => {
  it('shows another member only the public profile', async () => {
    for (const viewerId of [other.id, '']) {
      const seen = await harness.client.GetUser({ userId: owner.id, viewerId });
      expect(seen).toMatchObject({ id: owner.id, username: 'Sofia', verificationStatus: 'pending' });
      expect(seen).toMatchObject({ email: '', telegramUsername: '', verificationNotes: '', verificationImageUrl: '' });
    }
  });

  it('shows the owner and admins everything', async () => {
    for (const viewerId of [owner.id, admin.id]) {
      const seen = await harness.client.GetUser({ userId: owner.id, viewerId });
      expect(seen.email).toBe(owner.email);
      expect(seen.telegramUsername).toBe('@sofia');
      expect(seen.verificationImageUrl).toMatch(/^\/api\/users\/.+\/photos\/verification\?v=/);
    }
  });

  it('does not take the viewer at its word: an unknown viewer is nobody', async () => {
    const seen = await harness.client.GetUser({ userId: owner.id, viewerId: 'not-a-user' });
    expect(seen.email).toBe('');
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    expect(await failureOf(harness.client.GetUser({ userId: 'nobody', viewerId: owner.id }))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'identity.userNotFound',
    });
  });
});

describe('UpdateProfile', () => {
  it('replaces the personal info and publishes ProfileUpdated with what consumers need, no more', async () => {
    const updated = await harness.client.UpdateProfile({
      userId: owner.id,
      username: 'SofiaR',
      bio: 'Amo il mare',
      age: 33,
      region: 'Puglia',
      city: 'Bari',
      gender: 'female',
      orientation: 'gay',
      telegramUsername: '@sofia_r',
    });
    expect(updated).toMatchObject({
      username: 'SofiaR',
      bio: 'Amo il mare',
      age: 33,
      region: 'Puglia',
      city: 'Bari',
      gender: 'female',
      orientation: 'gay',
      telegramUsername: '@sofia_r',
    });
    await waitFor(() => eventTypes(harness.published, owner.id).includes('ProfileUpdated'), 5000, 'ProfileUpdated');
    const event = harness.published.findLast((e) => e.key === owner.id && e.type === 'ProfileUpdated');
    expect(event?.payload).toMatchObject({ userId: owner.id, username: 'SofiaR', hasTelegram: true, isAdmin: false });
    // Personal data no other service uses stays with identity.
    for (const field of ['email', 'bio', 'age', 'region', 'city', 'orientation', 'telegramUsername'])
      expect(event?.payload).not.toHaveProperty(field);
    expect(JSON.stringify(harness.published)).not.toMatch(/sofia_r|Bari|Puglia|Amo il mare/);
  });

  it('clears optional fields sent empty, and keeps gender when left empty', async () => {
    const updated = await harness.client.UpdateProfile({ userId: owner.id, username: 'SofiaR', gender: '' });
    expect(updated).toMatchObject({ bio: '', region: '', city: '', telegramUsername: '', gender: 'female' });
    expect(updated.age).toBeUndefined();
  });

  it("refuses another member's username, in any case", async () => {
    const failure = await failureOf(
      harness.client.UpdateProfile({ userId: owner.id, username: other.username.toUpperCase() }),
    );
    expect(failure).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'identity.usernameTaken' });
    expect((await harness.client.GetUser({ userId: owner.id, viewerId: owner.id })).username).toBe('SofiaR');
  });

  it('lets the owner change the case of its own username', async () => {
    expect((await harness.client.UpdateProfile({ userId: owner.id, username: 'sofiar' })).username).toBe('sofiar');
  });

  it('says the form texts', async () => {
    expect(await failureOf(harness.client.UpdateProfile({ userId: owner.id, username: '' }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.usernameRequired',
    });
    expect(
      await failureOf(harness.client.UpdateProfile({ userId: owner.id, username: 'sofiar', age: 101 })),
    ).toMatchObject({ messageKey: 'validation.ageRange' });
  });
});

describe('SetProfileImage', () => {
  it('stores a WebP under a public key, replaces and deletes the previous one', async () => {
    const first = await harness.client.SetProfileImage({
      userId: owner.id,
      image: { content: await pngPhoto(), fileName: 'a.png' },
    });
    const firstKey = (await harness.storedUser(owner.id))?.profileImageKey ?? '';
    expect(firstKey).toMatch(new RegExp(`^profile/${owner.id}/[0-9a-f-]{36}\\.webp$`));
    expect(first.profileImageUrl).toMatch(/^\/api\/users\/.+\/photos\/profile\?v=/);

    const second = await harness.client.SetProfileImage({
      userId: owner.id,
      image: { content: await jpegPhoto(), fileName: 'b.jpg' },
    });
    expect(second.profileImageUrl).not.toBe(first.profileImageUrl);
    const secondKey = (await harness.storedUser(owner.id))?.profileImageKey ?? '';
    expect(await harness.objects.get(firstKey)).toBeNull();
    const stored = await harness.objects.get(secondKey);
    expect(stored?.contentType).toBe('image/webp');
    expect((await sharp(stored?.body).metadata()).format).toBe('webp');
  });

  it('refuses what is not an image, or too large, and keeps the current image', async () => {
    const before = (await harness.storedUser(owner.id))?.profileImageKey;
    expect(
      await failureOf(
        harness.client.SetProfileImage({ userId: owner.id, image: { content: TEXT_FILE, fileName: 'x.jpg' } }),
      ),
    ).toMatchObject({ code: 'INVALID_ARGUMENT', messageKey: 'validation.photoInvalid' });
    expect(
      await failureOf(
        harness.client.SetProfileImage({
          userId: owner.id,
          image: { content: oversizeJpeg(10 * 1024 * 1024 + 1), fileName: 'x.jpg' },
        }),
      ),
    ).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', messageKey: 'validation.imageTooLarge' });
    expect(await failureOf(harness.client.SetProfileImage({ userId: owner.id, image: null }))).toMatchObject({
      messageKey: 'validation.profileImageRequired',
    });
    expect((await harness.storedUser(owner.id))?.profileImageKey).toBe(before);
  });
});

describe('GetPhoto', () => {
  it('serves profile photos to anyone signed in', async () => {
    const photo = await harness.client.GetPhoto({ ownerId: owner.id, kind: 'profile', viewerId: other.id });
    expect(photo.contentType).toBe('image/webp');
    expect((await sharp(photo.content).metadata()).format).toBe('webp');
  });

  it('serves a verification photo to its owner and admins only', async () => {
    for (const viewerId of [owner.id, admin.id]) {
      const photo = await harness.client.GetPhoto({ ownerId: owner.id, kind: 'verification', viewerId });
      expect(photo.contentType).toBe('image/jpeg');
    }
    expect(
      await failureOf(harness.client.GetPhoto({ ownerId: owner.id, kind: 'verification', viewerId: other.id })),
    ).toMatchObject({ code: 'PERMISSION_DENIED', messageKey: 'errors.forbidden' });
  });

  it('serves nothing to a caller without a session', async () => {
    expect(
      await failureOf(harness.client.GetPhoto({ ownerId: owner.id, kind: 'profile', viewerId: '' })),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers NOT_FOUND for a photo never uploaded', async () => {
    expect(
      await failureOf(harness.client.GetPhoto({ ownerId: other.id, kind: 'profile', viewerId: owner.id })),
    ).toMatchObject({ code: 'NOT_FOUND', messageKey: 'identity.photoNotFound' });
  });
});

describe('SetOnlineStatus', () => {
  it('shows the member online, then offline, answering whether the status changed', async () => {
    expect(await harness.client.SetOnlineStatus({ userId: other.id, isOnline: true })).toEqual({ changed: true });
    expect((await harness.client.GetUser({ userId: other.id, viewerId: owner.id })).isOnline).toBe(true);
    expect(await harness.client.SetOnlineStatus({ userId: other.id, isOnline: true })).toEqual({ changed: false });
    expect(await harness.client.SetOnlineStatus({ userId: other.id, isOnline: false })).toEqual({ changed: true });
    expect((await harness.client.GetUser({ userId: other.id, viewerId: owner.id })).isOnline).toBe(false);
    expect(await harness.client.SetOnlineStatus({ userId: other.id, isOnline: false })).toEqual({ changed: false });
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    expect(await failureOf(harness.client.SetOnlineStatus({ userId: 'nobody', isOnline: true }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DomainError } from '@tip/platform';
import type { IdentityRegisterRequest } from '../contract/index.js';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { eventTypes, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { jpegPhoto, oversizeJpeg, TEXT_FILE } from '../testing/images.js';
import { failureOf, waitFor } from '@tip/platform/testing';

let harness: IdentityHarness;
let photo: Buffer;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
  photo = await jpegPhoto({ width: 120, height: 90, exifComment: 'GPS 45.4N 9.2E' });
});
afterAll(() => harness.stop());

let counter = 0;
function form(overrides: Partial<IdentityRegisterRequest> = {}): Partial<IdentityRegisterRequest> {
  counter += 1;
  return {
    username: `member${counter}`,
    email: `member${counter}@example.it`,
    password: 'segreto1',
    confirmPassword: 'segreto1',
    gender: 'female',
    orientation: 'bisessuale',
    verificationPhoto: { content: photo, fileName: 'me.jpg' },
    ...overrides,
  };
}

async function mediaFiles(): Promise<string[]> {
  const root = join(harness.dir, 'media');
  const found: string[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else if (!entry.name.startsWith('.')) found.push(join(dir, entry.name).slice(root.length + 1));
    }
  }
  await walk(root);
  return found;
}

describe('Register', () => {
  it('creates a pending member, with its photo re-encoded under a private key', async () => {
    const user = await harness.client.Register(
      form({ username: '  Giulia  ', email: 'Giulia@Example.IT', telegramUsername: 'giulia', age: 27, city: 'Milano' }),
    );
    expect(user).toMatchObject({
      username: 'Giulia',
      email: 'giulia@example.it',
      verificationStatus: 'pending',
      gender: 'female',
      orientation: 'bisessuale',
      telegramUsername: '@giulia',
      age: 27,
      city: 'Milano',
      isAdmin: false,
      needsProfileSetup: false,
    });
    expect(user.verificationImageUrl).toMatch(new RegExp(`^/api/users/${user.id}/photos/verification\\?v=`));

    const stored = await harness.storedUser(user.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.usernameLower).toBe('giulia');
    expect(stored?.verificationPhotoKey).toMatch(new RegExp(`^verification/${user.id}/[0-9a-f-]{36}\\.jpg$`));
    const object = await harness.objects.get(stored?.verificationPhotoKey ?? '');
    expect(object?.contentType).toBe('image/jpeg');
    expect((await sharp(object?.body).metadata()).exif).toBeUndefined();
    expect(object?.body.includes('GPS 45.4N')).toBe(false);
  });

  it('publishes VerificationSubmitted and then UserRegistered (the whole state, last), without password or e-mail', async () => {
    const user = await harness.client.Register(form());
    await waitFor(() => eventTypes(harness.published, user.id).length === 2, 5000, 'the registration events');
    expect(eventTypes(harness.published, user.id)).toEqual(['VerificationSubmitted', 'UserRegistered']);
    const registered = harness.published.find((event) => event.key === user.id && event.type === 'UserRegistered');
    expect(registered).toMatchObject({
      topic: 'identity.users',
      version: 1,
      payload: { userId: user.id, username: user.username, verificationStatus: 'pending' },
    });
    expect(JSON.stringify(harness.published)).not.toContain('argon2');
    expect(JSON.stringify(harness.published)).not.toContain(user.email);
  });

  it('refuses a username taken in another case, and an e-mail taken, with 409 keys', async () => {
    await harness.client.Register(form({ username: 'Marco', email: 'marco@example.it' }));
    expect(await failureOf(harness.client.Register(form({ username: 'mARCO' })))).toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'identity.usernameTaken',
    });
    expect(await failureOf(harness.client.Register(form({ email: 'MARCO@example.it' })))).toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'identity.emailTaken',
    });
  });

  it('lets one of simultaneous registrations of a username win, keeping only its photo', async () => {
    const mediaBefore = await mediaFiles();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, index) =>
        harness.client.Register(form({ username: 'Simultaneo', email: `race${index}@example.it` })),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect(result.reason).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'identity.usernameTaken' });
    }
    expect((await mediaFiles()).length).toBe(mediaBefore.length + 1);
  });

  describe('leaves the stored data as it was when', () => {
    const cases: [string, () => Partial<IdentityRegisterRequest>, Partial<DomainError>][] = [
      [
        'the photo is a text file named .jpg',
        () => form({ verificationPhoto: { content: TEXT_FILE, fileName: 'me.jpg' } }),
        { code: 'INVALID_ARGUMENT', messageKey: 'validation.photoInvalid' },
      ],
      [
        'the photo is over 5 MB',
        () => form({ verificationPhoto: { content: oversizeJpeg(5 * 1024 * 1024 + 1), fileName: 'big.jpg' } }),
        { code: 'PAYLOAD_TOO_LARGE', messageKey: 'validation.photoTooLarge' },
      ],
      ['there is no photo', () => form({ verificationPhoto: null }), { messageKey: 'validation.photoRequired' }],
      [
        'the username is 10 MB long',
        () => form({ username: 'x'.repeat(10 * 1024 * 1024) }),
        { code: 'INVALID_ARGUMENT', messageKey: 'validation.usernameMax', params: { field: 'username' } },
      ],
      [
        'the passwords differ',
        () => form({ confirmPassword: 'different' }),
        { messageKey: 'validation.passwordsMismatch', params: { field: 'confirmPassword' } },
      ],
      ['the age is 17', () => form({ age: 17 }), { messageKey: 'validation.ageRange' }],
      ['the gender is missing', () => form({ gender: '' }), { messageKey: 'validation.genderRequired' }],
    ];

    it.each(cases)('%s', async (_name, request, expected) => {
      const usersBefore = await harness.storedUserCount();
      const mediaBefore = await mediaFiles();
      expect(await failureOf(harness.client.Register(request()))).toMatchObject(expected);
      expect(await harness.storedUserCount()).toBe(usersBefore);
      expect(await mediaFiles()).toEqual(mediaBefore);
    });

    it('the username is taken', async () => {
      await harness.client.Register(form({ username: 'Occupato' }));
      const usersBefore = await harness.storedUserCount();
      const mediaBefore = await mediaFiles();
      await failureOf(harness.client.Register(form({ username: 'occupato' })));
      expect(await harness.storedUserCount()).toBe(usersBefore);
      expect(await mediaFiles()).toEqual(mediaBefore);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { jpegPhoto, oversizeJpeg } from '../testing/images.js';
import { failureOf, waitFor } from '@tip/platform/testing';

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
});
afterAll(() => harness.stop());

let subjects = 0;
function claims(intent: 'login' | 'register', overrides: Record<string, unknown> = {}) {
  subjects += 1;
  return {
    subject: `google-sub-${subjects}`,
    email: `google${subjects}@gmail.com`,
    emailVerified: true,
    givenName: 'Anna',
    familyName: 'Verdi',
    intent,
    ...overrides,
  };
}

const setup = {
  username: 'AnnaV',
  age: 29,
  gender: 'female',
  orientation: 'etero',
  region: 'Toscana',
  city: 'Firenze',
};

describe('GoogleSignIn', () => {
  it('registers a new account that must complete its profile', async () => {
    const { user } = await harness.client.GoogleSignIn(claims('register', { email: 'Anna@Gmail.com' }));
    expect(user).toMatchObject({
      username: '',
      email: 'anna@gmail.com',
      firstName: 'Anna',
      lastName: 'Verdi',
      needsProfileSetup: true,
      verificationStatus: 'unverified',
    });
    expect((await harness.storedUser(user?.id ?? ''))?.passwordHash).toBeUndefined();
    await waitFor(() => eventTypes(harness.published, user?.id ?? '').includes('UserRegistered'), 5000, 'the event');
  });

  it('signs in a registered Google account by its subject', async () => {
    const registration = claims('register');
    const { user } = await harness.client.GoogleSignIn(registration);
    const again = await harness.client.GoogleSignIn({ ...registration, intent: 'login', email: 'changed@gmail.com' });
    expect(again.user?.id).toBe(user?.id);
  });

  it('links a Google account to a member with the same verified e-mail', async () => {
    const member = await registerMember(harness, { email: 'linked@gmail.com' });
    const google = claims('login', { email: 'linked@gmail.com' });
    expect((await harness.client.GoogleSignIn(google)).user?.id).toBe(member.id);
    expect((await harness.storedUser(member.id))?.googleSubject).toBe(google.subject);
    expect((await harness.client.GoogleSignIn({ ...google, email: '' })).user?.id).toBe(member.id);
  });

  it('never re-links an account already linked to another Google account by its verified e-mail', async () => {
    const member = await registerMember(harness, { email: 'owner@gmail.com' });
    const owner = claims('login', { email: 'owner@gmail.com' });
    expect((await harness.client.GoogleSignIn(owner)).user?.id).toBe(member.id);
    // Another Google account now holding the address (a recycled Workspace address, say), verified by Google.
    const other = claims('login', { email: 'owner@gmail.com' });
    expect(await failureOf(harness.client.GoogleSignIn(other))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'identity.googleNotRegistered',
    });
    expect(await failureOf(harness.client.GoogleSignIn({ ...other, intent: 'register' }))).toMatchObject({
      code: 'ALREADY_EXISTS',
    });
    expect(await harness.storedUser(member.id)).toMatchObject({ googleSubject: owner.subject });
    expect((await harness.client.GoogleSignIn(owner)).user?.id).toBe(member.id);

    // An account made with Google is its subject's only, too.
    const registration = claims('register');
    const { user } = await harness.client.GoogleSignIn(registration);
    expect(await failureOf(harness.client.GoogleSignIn(claims('login', { email: registration.email })))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'identity.googleNotRegistered',
    });
    expect(await harness.storedUser(user?.id ?? '')).toMatchObject({ googleSubject: registration.subject });
  });

  it('links an account to one of two Google accounts signing in with its e-mail at once', async () => {
    const member = await registerMember(harness, { email: 'contested@gmail.com' });
    const first = claims('login', { email: 'contested@gmail.com' });
    const second = claims('login', { email: 'contested@gmail.com' });
    const outcomes = await Promise.allSettled([
      harness.client.GoogleSignIn(first),
      harness.client.GoogleSignIn(second),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const winner = outcomes[0]?.status === 'fulfilled' ? first : second;
    const loser = winner === first ? second : first;
    expect(await harness.storedUser(member.id)).toMatchObject({ googleSubject: winner.subject });
    expect((await harness.client.GoogleSignIn(winner)).user?.id).toBe(member.id);
    expect(await failureOf(harness.client.GoogleSignIn(loser))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not link by an e-mail Google has not verified', async () => {
    await registerMember(harness, { email: 'unverified@gmail.com' });
    expect(
      await failureOf(
        harness.client.GoogleSignIn(claims('login', { email: 'unverified@gmail.com', emailVerified: false })),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', messageKey: 'identity.googleNotRegistered' });
  });

  it('answers not registered to a login of an unknown account', async () => {
    expect(await failureOf(harness.client.GoogleSignIn(claims('login')))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'identity.googleNotRegistered',
    });
  });

  it('answers already registered to a second registration, by subject or e-mail', async () => {
    const registration = claims('register');
    await harness.client.GoogleSignIn(registration);
    expect(await failureOf(harness.client.GoogleSignIn(registration))).toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'identity.googleAlreadyRegistered',
    });
    await registerMember(harness, { email: 'taken@gmail.com' });
    expect(
      await failureOf(harness.client.GoogleSignIn(claims('register', { email: 'taken@gmail.com' }))),
    ).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'identity.googleAlreadyRegistered' });
  });

  it('refuses claims without a subject or intent', async () => {
    expect(await failureOf(harness.client.GoogleSignIn(claims('login', { subject: '' })))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(
      await failureOf(harness.client.GoogleSignIn(claims('login', { intent: 'GOOGLE_INTENT_UNSPECIFIED' }))),
    ).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('SetupGoogleProfile', () => {
  it('completes the profile and queues the photo for verification', async () => {
    const { user } = await harness.client.GoogleSignIn(claims('register'));
    const userId = user?.id ?? '';
    const completed = await harness.client.SetupGoogleProfile({
      userId,
      ...setup,
      telegramUsername: 'annav',
      verificationPhoto: { content: await jpegPhoto(), fileName: 'me.jpg' },
    });
    expect(completed).toMatchObject({
      username: 'AnnaV',
      age: 29,
      gender: 'female',
      region: 'Toscana',
      city: 'Firenze',
      telegramUsername: '@annav',
      verificationStatus: 'pending',
      needsProfileSetup: false,
    });
    await waitFor(
      () => eventTypes(harness.published, userId).includes('VerificationSubmitted'),
      5000,
      'VerificationSubmitted',
    );
    expect(
      await failureOf(
        harness.client.SetupGoogleProfile({
          userId,
          ...setup,
          username: 'Other',
          verificationPhoto: { content: await jpegPhoto(), fileName: 'me.jpg' },
        }),
      ),
    ).toMatchObject({ code: 'FAILED_PRECONDITION', messageKey: 'identity.profileAlreadyComplete' });
  });

  it("checks the form and the photo with Google's limits, storing nothing on failure", async () => {
    const { user } = await harness.client.GoogleSignIn(claims('register'));
    const userId = user?.id ?? '';
    const photo = { content: await jpegPhoto(), fileName: 'me.jpg' };
    expect(
      await failureOf(
        harness.client.SetupGoogleProfile({
          userId,
          ...setup,
          username: 'Anna2',
          region: '',
          verificationPhoto: photo,
        }),
      ),
    ).toMatchObject({ code: 'INVALID_ARGUMENT', messageKey: 'validation.regionRequired' });
    expect(
      await failureOf(
        harness.client.SetupGoogleProfile({ userId, ...setup, username: 'Anna2', verificationPhoto: null }),
      ),
    ).toMatchObject({ messageKey: 'validation.googlePhotoRequired' });
    const large = { content: oversizeJpeg(10 * 1024 * 1024 + 1), fileName: 'big.jpg' };
    expect(
      await failureOf(
        harness.client.SetupGoogleProfile({ userId, ...setup, username: 'Anna2', verificationPhoto: large }),
      ),
    ).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', messageKey: 'validation.googlePhotoTooLarge' });
    const stored = await harness.storedUser(userId);
    expect(stored).toMatchObject({ needsProfileSetup: true, verificationStatus: 'unverified', revision: 0 });
    expect(stored?.verificationPhotoKey).toBeUndefined();
  });

  it('accepts a photo between 5 and 10 MB', async () => {
    const { user } = await harness.client.GoogleSignIn(claims('register'));
    // Noise does not compress: an uncompressed PNG of it is as large as its pixels.
    const noise = randomBytes(1400 * 1400 * 3);
    const big = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(10 * 1024 * 1024);
    const completed = await harness.client.SetupGoogleProfile({
      userId: user?.id ?? '',
      ...setup,
      username: 'AnnaBig',
      verificationPhoto: { content: big, fileName: 'big.png' },
    });
    expect(completed.verificationStatus).toBe('pending');
  });

  it('refuses a username taken by a member', async () => {
    await registerMember(harness, { username: 'Preso' });
    const { user } = await harness.client.GoogleSignIn(claims('register'));
    expect(
      await failureOf(
        harness.client.SetupGoogleProfile({
          userId: user?.id ?? '',
          ...setup,
          username: 'PRESO',
          verificationPhoto: { content: await jpegPhoto(), fileName: 'me.jpg' },
        }),
      ),
    ).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'identity.usernameTaken' });
  });

  it('answers an authentication error without a user id', async () => {
    expect(
      await failureOf(
        harness.client.SetupGoogleProfile({
          userId: '',
          ...setup,
          verificationPhoto: { content: await jpegPhoto(), fileName: 'a.jpg' },
        }),
      ),
    ).toMatchObject({ code: 'UNAUTHENTICATED', messageKey: 'errors.authentication' });
  });

  it('makes a Google account wait for its profile before it may resubmit a photo', async () => {
    const { user } = await harness.client.GoogleSignIn(claims('register'));
    expect(
      await failureOf(
        harness.client.ResubmitVerification({
          userId: user?.id ?? '',
          image: { content: await jpegPhoto(), fileName: 'x.jpg' },
        }),
      ),
    ).toMatchObject({ code: 'FAILED_PRECONDITION', messageKey: 'identity.profileSetupRequired' });
  });
});

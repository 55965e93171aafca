import { describe, expect, it } from '@jest/globals';
import { ZodError } from 'zod';
import { ProfileUpdated, UserDeleted, UserRegistered } from './identity.js';
import { VerificationDecided } from './moderation.js';

const profile = {
  userId: 'u1',
  username: 'mario',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  gender: 'male' as const,
  hasTelegram: true,
  verificationStatus: 'pending' as const,
  isAdmin: false,
  isTester: false,
  premiumSubscriptionExpiry: null,
  premiumSource: null,
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('event definitions', () => {
  it('build an envelope of their type, version and key around a validated payload', () => {
    const event = UserDeleted.create('u1', { userId: 'u1', deletedAt: '2024-01-02T00:00:00.000Z' }, 'req-1');
    expect(event).toMatchObject({ type: 'UserDeleted', version: 1, key: 'u1', correlationId: 'req-1' });
    expect(event.payload).toEqual({ userId: 'u1', deletedAt: '2024-01-02T00:00:00.000Z' });
    expect(UserDeleted.topic).toBe('identity.users');
  });

  it('drop fields their schema does not name, so internal fields never leak into an event', () => {
    const withSecrets = {
      ...profile,
      email: 'm@x.it',
      method: 'password' as const,
      passwordHash: '$argon2id$...',
      orientation: 'gay',
      city: 'Roma',
      telegramUsername: '@mario',
    };
    const event = UserRegistered.create('u1', withSecrets, 'req-1');
    expect(event.payload).not.toHaveProperty('passwordHash');
    for (const field of ['email', 'orientation', 'city', 'telegramUsername'])
      expect(event.payload).not.toHaveProperty(field);
    expect(ProfileUpdated.create('u1', withSecrets, 'req-1').payload).not.toHaveProperty('email');
  });

  it('refuse to build an event whose payload is wrong', () => {
    expect(() => ProfileUpdated.create('u1', { ...profile, verificationStatus: 'maybe' as 'pending' }, 'r')).toThrow(
      ZodError,
    );
  });

  it('let a consumer recognise and read its events', () => {
    const decided = VerificationDecided.create(
      'u1',
      { userId: 'u1', status: 'rejected', reason: 'foto sfocata', adminId: 'a1' },
      'r',
    );
    expect(VerificationDecided.matches(decided)).toBe(true);
    expect(VerificationDecided.matches({ type: 'VerificationDecided', version: 2 })).toBe(false);
    expect(ProfileUpdated.matches(decided)).toBe(false);
    expect(VerificationDecided.parse(decided)).toEqual({
      userId: 'u1',
      status: 'rejected',
      reason: 'foto sfocata',
      adminId: 'a1',
    });
    expect(() => VerificationDecided.parse({ payload: { userId: 'u1', status: 'maybe' } })).toThrow(ZodError);
    expect(VerificationDecided.topic).toBe('moderation.verifications');
  });
});

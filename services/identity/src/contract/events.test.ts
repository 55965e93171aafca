import { describe, expect, it } from '@jest/globals';
import { COMPACTED_TOPICS } from '@tip/platform';
import { ZodError } from 'zod';
import { IDENTITY_USERS_TOPIC, ProfileUpdated, UserDeleted, UserRegistered } from './events.js';

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

describe("identity's events", () => {
  it('travel on identity.users, keyed by the user', () => {
    const event = UserDeleted.create('u1', { userId: 'u1', deletedAt: '2024-01-02T00:00:00.000Z' }, 'req-1');
    expect(event).toMatchObject({ type: 'UserDeleted', version: 1, key: 'u1', correlationId: 'req-1' });
    expect(UserDeleted.topic).toBe('identity.users');
  });

  it('carry no personal data beyond the public profile: no e-mail, password hash, orientation, city or handle', () => {
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

  it('refuse a profile whose verification status is not one of identity’s', () => {
    expect(() => ProfileUpdated.create('u1', { ...profile, verificationStatus: 'maybe' as 'pending' }, 'r')).toThrow(
      ZodError,
    );
  });

  it('travel on a topic the platform compacts, so that a deleted member’s earlier events leave the log', () => {
    expect(COMPACTED_TOPICS).toContain(IDENTITY_USERS_TOPIC);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { UserAccount } from './user.js';
import { mayViewPhoto, photoUrl, viewUser } from './visibility.js';

const owner: UserAccount = {
  id: 'u1',
  username: 'mario',
  email: 'mario@example.it',
  bio: 'Ciao',
  age: 30,
  city: 'Roma',
  gender: 'male',
  orientation: 'etero',
  telegramUsername: '@mario',
  profileImageKey: 'profile/u1/4f1c.webp',
  verificationPhotoKey: 'verification/u1/9a2b.jpg',
  verificationStatus: 'rejected',
  verificationNotes: 'foto sfocata',
  isAdmin: false,
  isTester: true,
  isOnline: true,
  needsProfileSetup: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  emailConfirmed: true,
  sessionGeneration: 2,
  secondFactor: false,
};

const PRIVATE = ['email', 'telegramUsername', 'verificationNotes', 'verificationImageUrl'] as const;

describe('viewUser', () => {
  it('shows others only the public profile', () => {
    for (const viewer of [null, { id: 'u2', isAdmin: false }]) {
      const view = viewUser(owner, viewer);
      for (const field of PRIVATE) expect(view[field]).toBeUndefined();
      expect(view).toMatchObject({
        id: 'u1',
        username: 'mario',
        bio: 'Ciao',
        age: 30,
        city: 'Roma',
        gender: 'male',
        verificationStatus: 'rejected',
        isOnline: true,
        isTester: false,
        profileImageUrl: '/api/users/u1/photos/profile?v=4f1c',
      });
    }
  });

  it('shows the owner and admins everything', () => {
    for (const viewer of [
      { id: 'u1', isAdmin: false },
      { id: 'admin', isAdmin: true },
    ]) {
      expect(viewUser(owner, viewer)).toMatchObject({
        email: 'mario@example.it',
        telegramUsername: '@mario',
        verificationNotes: 'foto sfocata',
        verificationImageUrl: '/api/users/u1/photos/verification?v=9a2b',
        isTester: true,
      });
    }
  });

  it('never carries object keys', () => {
    const view = viewUser(owner, { id: 'u1', isAdmin: false });
    expect(JSON.stringify(view)).not.toContain('profile/u1');
    expect(JSON.stringify(view)).not.toContain('verification/u1');
  });
});

describe('mayViewPhoto', () => {
  it('lets anyone signed in see profile photos', () => {
    expect(mayViewPhoto('profile', 'u1', { id: 'u2', isAdmin: false })).toBe(true);
    expect(mayViewPhoto('profile', 'u1', null)).toBe(false);
  });

  it('keeps verification photos to their owner and admins', () => {
    expect(mayViewPhoto('verification', 'u1', { id: 'u1', isAdmin: false })).toBe(true);
    expect(mayViewPhoto('verification', 'u1', { id: 'a', isAdmin: true })).toBe(true);
    expect(mayViewPhoto('verification', 'u1', { id: 'u2', isAdmin: false })).toBe(false);
    expect(mayViewPhoto('verification', 'u1', null)).toBe(false);
  });
});

describe('photoUrl', () => {
  it('changes with the stored object, so a new photo gets a new URL', () => {
    expect(photoUrl('u1', 'profile', 'profile/u1/aaa.webp')).not.toBe(photoUrl('u1', 'profile', 'profile/u1/bbb.webp'));
  });
});

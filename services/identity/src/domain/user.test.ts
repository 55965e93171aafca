import { describe, expect, it } from '@jest/globals';
import { mayResubmitVerification, reviewOfGender, shownGenderChange, usernameKey } from './user.js';

describe('usernameKey', () => {
  it('makes names that differ only in case the same', () => {
    expect(usernameKey('Mario')).toBe(usernameKey('mARIO'));
    expect(usernameKey('Mario')).not.toBe(usernameKey('Maria'));
  });

  it('makes the composed and decomposed forms of an accent the same', () => {
    expect(usernameKey('Nicolò')).toBe(usernameKey('Nicolo\u0300'));
  });

  it('makes full-width look-alikes the same name', () => {
    expect(usernameKey('ｍａｒｉｏ')).toBe(usernameKey('Mario'));
  });
});

describe('mayResubmitVerification', () => {
  it('lets a rejected, unverified or pending user send a photo, not an approved one', () => {
    expect(mayResubmitVerification('rejected')).toBe(true);
    expect(mayResubmitVerification('unverified')).toBe(true);
    expect(mayResubmitVerification('pending')).toBe(true);
    expect(mayResubmitVerification('approved')).toBe(false);
  });
});

describe('reviewOfGender', () => {
  const approvedMan = { verificationStatus: 'approved', gender: 'male', isAdmin: false } as const;

  it('sends an approved member who changes gender back to verification, with the change', () => {
    expect(reviewOfGender(approvedMan, 'female')).toEqual({
      verificationStatus: 'pending',
      genderChange: { from: 'male', to: 'female' },
    });
    expect(reviewOfGender(approvedMan, 'male')).toBeNull();
  });

  it('keeps the approved gender as the one changed from while the member waits, back and forth', () => {
    const waiting = { ...approvedMan, verificationStatus: 'pending', gender: 'female' } as const;
    const back = reviewOfGender({ ...waiting, genderChange: { from: 'male', to: 'female' } }, 'male');
    expect(back).toEqual({ verificationStatus: 'pending', genderChange: { from: 'male', to: 'male' } });
    expect(shownGenderChange(back?.genderChange)).toBeUndefined();
    const again = reviewOfGender({ ...waiting, gender: 'male', genderChange: back?.genderChange }, 'female');
    expect(shownGenderChange(again?.genderChange)).toEqual({ from: 'male', to: 'female' });
  });

  it('leaves alone an admin and a member whose gender no approval established', () => {
    expect(reviewOfGender({ ...approvedMan, isAdmin: true }, 'female')).toBeNull();
    for (const verificationStatus of ['pending', 'rejected', 'unverified'] as const) {
      expect(reviewOfGender({ ...approvedMan, verificationStatus }, 'female')).toBeNull();
    }
  });
});

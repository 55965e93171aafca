import { describe, expect, it } from '@jest/globals';
import { mayResubmitVerification, usernameKey } from './user.js';

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

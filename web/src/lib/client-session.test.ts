import { describe, expect, it } from '@jest/globals';
import { isDemoUserId, readUserIdCookie } from './client-session';

describe('readUserIdCookie', () => {
  it('finds authUserId among other cookies, wherever it stands', () => {
    expect(readUserIdCookie('authUserId=abc-123')).toBe('abc-123');
    expect(readUserIdCookie('language=it; authUserId=demo_user_7; other=1')).toBe('demo_user_7');
  });

  it('does not take a cookie whose name only ends or begins like it', () => {
    expect(readUserIdCookie('xauthUserId=nope; authUserIdx=nope')).toBeNull();
  });

  it('is null when the cookie is missing or empty', () => {
    expect(readUserIdCookie('')).toBeNull();
    expect(readUserIdCookie('authUserId=')).toBeNull();
  });

  it('decodes an encoded value and keeps a malformed one as it is', () => {
    expect(readUserIdCookie('authUserId=google_user%40x')).toBe('google_user@x');
    expect(readUserIdCookie('authUserId=demo_user%zz')).toBe('demo_user%zz');
  });
});

describe('isDemoUserId', () => {
  it('recognises the ids that demo and Google quick-login sessions left behind', () => {
    expect(isDemoUserId('demo_user')).toBe(true);
    expect(isDemoUserId('demo_user_1700000000')).toBe(true);
    expect(isDemoUserId('google_user_42')).toBe(true);
  });

  it('leaves real accounts (uuids) and a missing cookie alone', () => {
    expect(isDemoUserId('3f2b8c1e-6a7d-4e0f-9b1a-2c3d4e5f6a7b')).toBe(false);
    expect(isDemoUserId('user_demo_user')).toBe(false);
    expect(isDemoUserId(null)).toBe(false);
  });
});

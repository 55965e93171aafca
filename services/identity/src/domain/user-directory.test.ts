import { describe, expect, it } from '@jest/globals';
import { userDirectoryFilter, userDirectoryQuerySchema } from './user-directory.js';

describe('the admin user list', () => {
  it('reads a query string with defaults and bounds', () => {
    expect(userDirectoryQuerySchema.parse({})).toEqual({
      search: '',
      verification: 'all',
      role: 'all',
      page: 1,
      limit: 25,
    });
    expect(userDirectoryQuerySchema.parse({ page: '3', limit: '50', search: '  anna ' })).toMatchObject({
      page: 3,
      limit: 50,
      search: 'anna',
    });
    expect(userDirectoryQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
    expect(userDirectoryQuerySchema.safeParse({ role: 'owner' }).success).toBe(false);
  });

  it('searches four fields case-insensitively, taking the text literally', () => {
    const filter = userDirectoryFilter({ search: 'a.b', verification: 'all', role: 'all' }) as {
      $or: Array<Record<string, { $regex: RegExp }>>;
    };
    expect(filter.$or.map((clause) => Object.keys(clause)[0])).toEqual(['username', 'email', 'firstName', 'lastName']);
    const pattern = filter.$or[0]?.username?.$regex;
    expect(pattern?.test('XA.BY')).toBe(true);
    expect(pattern?.test('axb')).toBe(false);
  });

  it('maps the filters: verified is approved, a user is neither admin nor tester', () => {
    expect(userDirectoryFilter({ search: '', verification: 'verified', role: 'all' })).toEqual({
      verificationStatus: 'approved',
    });
    expect(userDirectoryFilter({ search: '', verification: 'pending', role: 'admin' })).toEqual({
      verificationStatus: 'pending',
      isAdmin: true,
    });
    expect(userDirectoryFilter({ search: '', verification: 'all', role: 'tester' })).toEqual({
      isTester: true,
      isAdmin: false,
    });
    expect(userDirectoryFilter({ search: '', verification: 'all', role: 'user' })).toEqual({
      isTester: { $ne: true },
      isAdmin: false,
    });
  });
});

import type { UserProfilePayload } from '../contract/index.js';

let members = 0;

/**
 * A member as identity's ProfileUpdated describes them (approved, male, unique id and username unless told
 * otherwise), for the tests of services that learn members from identity's events.
 */
export function memberProfile(overrides: Partial<UserProfilePayload> = {}): UserProfilePayload {
  members += 1;
  return {
    userId: `member-${process.pid}-${members}`,
    username: `member${members}`,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    gender: 'male',
    hasTelegram: false,
    verificationStatus: 'approved',
    isAdmin: false,
    isTester: false,
    premiumSubscriptionExpiry: null,
    premiumSource: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

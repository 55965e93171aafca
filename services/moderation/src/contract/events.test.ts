import { describe, expect, it } from '@jest/globals';
import { COMPACTED_TOPICS } from '@tip/platform';
import { ZodError } from 'zod';
import { MODERATION_VERIFICATIONS_TOPIC, VerificationDecided } from './events.js';

describe("moderation's events", () => {
  it('carry a verification decision on moderation.verifications, keyed by the member', () => {
    const decided = VerificationDecided.create(
      'u1',
      { userId: 'u1', status: 'rejected', reason: 'foto sfocata', adminId: 'a1' },
      'r',
    );
    expect(decided).toMatchObject({ type: 'VerificationDecided', version: 1, key: 'u1' });
    expect(VerificationDecided.parse(decided)).toEqual({
      userId: 'u1',
      status: 'rejected',
      reason: 'foto sfocata',
      adminId: 'a1',
    });
    expect(() => VerificationDecided.parse({ payload: { userId: 'u1', status: 'maybe' } })).toThrow(ZodError);
    expect(VerificationDecided.topic).toBe('moderation.verifications');
  });

  it('put verification decisions on a topic the platform compacts, as identity’s topic is', () => {
    expect(COMPACTED_TOPICS).toContain(MODERATION_VERIFICATIONS_TOPIC);
  });
});

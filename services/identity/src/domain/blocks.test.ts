import { describe, expect, it } from '@jest/globals';
import { UserBlocked } from '../contract/index.js';
import { BLOCK_REASONS, blockSchema } from './blocks.js';

const messageOf = (input: unknown) => blockSchema.safeParse(input).error?.issues[0]?.message;

describe('the block form', () => {
  it.each(BLOCK_REASONS)('takes the reason %s', (reason) => {
    expect(blockSchema.parse({ reason })).toEqual({ reason });
  });

  it.each([{}, { reason: '' }, { reason: null }, { reason: 'Spam' }, { reason: 3 }, { reason: { $gt: '' } }])(
    'requires one of the five reasons: %j',
    (input) => {
      expect(messageOf(input)).toBe('validation.blockReasonRequired');
    },
  );

  it('drops whatever else the body holds', () => {
    expect(blockSchema.parse({ reason: 'spam', blockerId: 'someone-else' })).toEqual({ reason: 'spam' });
  });

  it('names the same reasons as the UserBlocked event', () => {
    for (const reason of BLOCK_REASONS) {
      expect(() =>
        UserBlocked.create('a', { blockerId: 'a', blockedId: 'b', reason, blockedAt: 'now' }, 'c'),
      ).not.toThrow();
    }
    expect(UserBlocked.schema.shape.reason.options).toEqual([...BLOCK_REASONS]);
  });
});

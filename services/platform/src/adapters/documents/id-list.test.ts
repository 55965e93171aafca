import { describe, expect, it } from '@jest/globals';
import { byId, listedIds, MAX_IDS_ASKED_ONE_BY_ONE } from './id-list.js';

describe('a filter listing ids, asked one id at a time', () => {
  it('names the distinct ids of an _id $in of strings or numbers', () => {
    expect(listedIds({ _id: { $in: ['a', 'b', 'a'] } })).toEqual(['a', 'b']);
    expect(listedIds({ _id: { $in: [1, 2] }, status: 'sent' })).toEqual([1, 2]);
    expect(listedIds({ _id: { $in: [] } })).toEqual([]);
  });

  it('names none where _id is not only a list, or the list holds other values or is too long', () => {
    const tooMany = Array.from({ length: MAX_IDS_ASKED_ONE_BY_ONE + 1 }, (_, i) => `id${i}`);
    expect(
      [
        { status: 'sent' },
        { _id: 'a' },
        { _id: { $in: ['a'], $ne: 'b' } },
        { _id: { $nin: ['a'] } },
        { _id: { $in: [{ nested: 1 }] } },
        { _id: { $in: [null] } },
        { _id: { $in: tooMany } },
      ].map(listedIds),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(listedIds({ _id: { $in: tooMany.slice(1) } })).toHaveLength(MAX_IDS_ASKED_ONE_BY_ONE);
  });

  it('keeps the other conditions beside the id', () => {
    expect(byId({ _id: { $in: ['a', 'b'] }, status: 'sent' }, 'b')).toEqual({ _id: 'b', status: 'sent' });
  });
});

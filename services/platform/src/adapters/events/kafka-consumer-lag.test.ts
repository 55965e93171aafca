import { describe, expect, it } from '@jest/globals';
import { eventsBehind } from './kafka-consumer-lag.js';

describe('eventsBehind', () => {
  it("adds up each partition's end against the group's committed offset", () => {
    const ends = [
      { partition: 0, low: '0', high: '10' },
      { partition: 1, low: '0', high: '7' },
    ];
    expect(
      eventsBehind(
        [
          { partition: 0, offset: '4' },
          { partition: 1, offset: '7' },
        ],
        ends,
      ),
    ).toBe(6);
  });

  it('counts from the first event kept where the group has committed nothing, or something already deleted', () => {
    const ends = [
      { partition: 0, low: '3', high: '10' },
      { partition: 1, low: '5', high: '9' },
    ];
    expect(
      eventsBehind(
        [
          { partition: 0, offset: '-1' },
          { partition: 1, offset: '2' },
        ],
        ends,
      ),
    ).toBe(11);
  });

  it('counts a partition the answer does not name from its first event, and none past the end', () => {
    expect(
      eventsBehind(
        [{ partition: 0, offset: '12' }],
        [
          { partition: 0, low: '0', high: '10' },
          { partition: 1, low: '0', high: '2' },
        ],
      ),
    ).toBe(2);
  });
});

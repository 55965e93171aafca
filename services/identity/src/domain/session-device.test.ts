import { describe, expect, it } from '@jest/globals';
import { lastSeenIsStale, LAST_SEEN_RESOLUTION_MS } from './session-device.js';

describe('the last-seen time', () => {
  const seen = '2026-01-01T10:00:00.000Z';
  it('is written again once its resolution has passed, not before', () => {
    const at = (ms: number) => new Date(Date.parse(seen) + ms);
    expect(lastSeenIsStale(seen, at(LAST_SEEN_RESOLUTION_MS - 1))).toBe(false);
    expect(lastSeenIsStale(seen, at(LAST_SEEN_RESOLUTION_MS))).toBe(true);
  });
});

import { describe, expect, it } from '@jest/globals';
import { isTransient, LONGEST_RETRY_WAIT_MS, PUSH_ATTEMPTS, retryWaitMs } from './push-retries.js';

describe('isTransient', () => {
  it('is a push service busy or failing, or no answer at all', () => {
    for (const status of [undefined, 429, 500, 502, 503, 504])
      expect([status, isTransient({ status })]).toEqual([status, true]);
  });

  it('is not an answer that would be the same again', () => {
    for (const status of [400, 401, 403, 404, 410, 413])
      expect([status, isTransient({ status })]).toEqual([status, false]);
  });
});

describe('retryWaitMs', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');

  it('waits fourfold longer each time, and not past the last try', () => {
    expect(retryWaitMs(1, { status: 503 }, 1000, now)).toBe(1000);
    expect(retryWaitMs(2, { status: 503 }, 1000, now)).toBe(4000);
    expect(retryWaitMs(PUSH_ATTEMPTS, { status: 503 }, 1000, now)).toBeNull();
  });

  it('waits as long as Retry-After says, in seconds or as a date, up to the longest wait', () => {
    expect(retryWaitMs(1, { status: 429, retryAfter: '3' }, 1000, now)).toBe(3000);
    expect(retryWaitMs(1, { status: 503, retryAfter: 'Sun, 29 Nov 2026 12:00:07 GMT' }, 1000, now)).toBe(7000);
    expect(retryWaitMs(1, { status: 503, retryAfter: 'Sun, 29 Nov 2026 11:59:00 GMT' }, 1000, now)).toBe(0);
    expect(retryWaitMs(1, { status: 503, retryAfter: '3600' }, 1000, now)).toBe(LONGEST_RETRY_WAIT_MS);
  });

  it('ignores a Retry-After it cannot read', () => {
    expect(retryWaitMs(1, { status: 503, retryAfter: 'soon' }, 1000, now)).toBe(1000);
  });

  it('does not try again what would fail the same way', () => {
    expect(retryWaitMs(1, { status: 400, retryAfter: '1' }, 1000, now)).toBeNull();
    expect(retryWaitMs(1, { status: 413 }, 1000, now)).toBeNull();
  });

  it('tries again when the connection failed before any answer', () => {
    expect(retryWaitMs(1, { status: undefined }, 250, now)).toBe(250);
  });
});

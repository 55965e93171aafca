import { describe, expect, it } from '@jest/globals';
import { MAIL_RETRY, mailRetryDelayMs } from './mail-retry.js';

describe('mailRetryDelayMs', () => {
  it('doubles from the first delay up to the cap, and keeps trying there', () => {
    expect([1, 2, 3, 4].map((failures) => mailRetryDelayMs(failures))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(mailRetryDelayMs(9)).toBe(MAIL_RETRY.maxDelayMs);
    expect(mailRetryDelayMs(500)).toBe(MAIL_RETRY.maxDelayMs);
  });
});

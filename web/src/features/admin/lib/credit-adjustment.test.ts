import { describe, expect, it } from '@jest/globals';
import { parseCreditAdjustment } from './credit-adjustment';

describe('parseCreditAdjustment', () => {
  it('takes whole, non-zero amounts within ±10,000', () => {
    expect(parseCreditAdjustment('250')).toBe(250);
    expect(parseCreditAdjustment(' -100 ')).toBe(-100);
    expect(parseCreditAdjustment('+5')).toBe(5);
    expect(parseCreditAdjustment('10000')).toBe(10_000);
    expect(parseCreditAdjustment('-10000')).toBe(-10_000);
  });

  it('ignores anything else', () => {
    for (const typed of ['', '0', '-0', '10001', '-10001', '2.5', '1e3', 'abc', '12abc', '0x10', '--1', ' '])
      expect(parseCreditAdjustment(typed)).toBeNull();
  });
});

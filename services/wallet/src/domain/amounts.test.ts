import { describe, expect, it } from '@jest/globals';
import { adminAdjustmentSchema, testerGrantSchema } from './amounts.js';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('amount bounds', () => {
  it('lets testers grant themselves whole credits from 1 to 10,000', () => {
    for (const amount of [1, 1000, 10_000]) expect(accepts(testerGrantSchema, { amount })).toBe(true);
    for (const amount of [0, -1, 10_001, 0.5, '10', Number.NaN, null, { $gt: 0 }]) {
      expect(accepts(testerGrantSchema, { amount })).toBe(false);
    }
  });

  it('lets admins add or take whole credits up to 10,000, never 0', () => {
    for (const amount of [-10_000, -1, 1, 10_000]) expect(accepts(adminAdjustmentSchema, { amount })).toBe(true);
    for (const amount of [0, 10_001, -10_001, 2.5, '100'])
      expect(accepts(adminAdjustmentSchema, { amount })).toBe(false);
  });
});

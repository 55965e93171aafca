import { describe, expect, it } from '@jest/globals';
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS } from '@/lib/rules';
import { REPORT_DESCRIPTION_MAX_LENGTH, REPORT_REASONS as dialogReasons } from './report-types';

describe('the report dialog', () => {
  it('offers the report reasons and the description limit moderation accepts', () => {
    expect(dialogReasons).toEqual(REPORT_REASONS);
    expect(REPORT_DESCRIPTION_MAX_LENGTH).toBe(REPORT_DESCRIPTION_MAX);
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  FEEDBACK_MAX_CHARACTERS,
  FEEDBACK_TYPES,
  REPORT_DESCRIPTION_MAX,
  REPORT_REASONS,
} from '@tip/moderation/domain';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_MAX_LENGTH, FEEDBACK_TYPES as formTypes } from './feedback/types';
import { REPORT_DESCRIPTION_MAX_LENGTH, REPORT_REASONS as dialogReasons } from './posts/report-types';

describe('the moderation forms', () => {
  it('offer the report reasons and the description limit moderation accepts', () => {
    expect(dialogReasons).toEqual(REPORT_REASONS);
    expect(REPORT_DESCRIPTION_MAX_LENGTH).toBe(REPORT_DESCRIPTION_MAX);
  });

  it('offer the feedback types, default and limit moderation accepts', () => {
    expect(formTypes).toEqual(FEEDBACK_TYPES);
    expect(DEFAULT_FEEDBACK_TYPE).toBe('other');
    expect(FEEDBACK_MAX_LENGTH).toBe(FEEDBACK_MAX_CHARACTERS);
  });
});

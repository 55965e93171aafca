import { describe, expect, it } from '@jest/globals';
import { FEEDBACK_MAX_CHARACTERS, FEEDBACK_TYPES } from '@/lib/rules';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_MAX_LENGTH, FEEDBACK_TYPES as formTypes } from './types';

describe('the feedback form', () => {
  it('offers the feedback types, default and limit moderation accepts', () => {
    expect(formTypes).toEqual(FEEDBACK_TYPES);
    expect(DEFAULT_FEEDBACK_TYPE).toBe('other');
    expect(FEEDBACK_MAX_LENGTH).toBe(FEEDBACK_MAX_CHARACTERS);
  });
});

import { describe, expect, it } from '@jest/globals';
import { PHOTO_INVALID_KEY, UPLOAD_RULES } from '@/lib/rules';
import { bytesToMb, photoProblem } from './photo';

const MB = 1024 * 1024;
const file = (type: string, size: number) => new File([new Uint8Array(size)], 'photo', { type });
const rule = UPLOAD_RULES.registration;

describe('photoProblem', () => {
  it('asks for a photo when none (or an empty file) is chosen', () => {
    expect(photoProblem(null, rule)).toBe(rule.requiredKey);
    expect(photoProblem(file('image/png', 0), rule)).toBe(rule.requiredKey);
  });

  it('refuses a file that is not one of the accepted image types', () => {
    expect(photoProblem(file('text/plain', 10), rule)).toBe(PHOTO_INVALID_KEY);
    expect(photoProblem(file('image/svg+xml', 10), rule)).toBe(PHOTO_INVALID_KEY);
  });

  it("accepts an image up to the rule's limit and refuses one byte more", () => {
    expect(photoProblem(file('image/jpeg', 5 * MB), rule)).toBeNull();
    expect(photoProblem(file('image/png', 5 * MB + 1), rule)).toBe(rule.tooLargeKey);
    expect(photoProblem(file('image/png', 5 * MB + 1), UPLOAD_RULES.googleSetup)).toBeNull();
  });

  it('states limits in whole megabytes', () => {
    expect(bytesToMb(UPLOAD_RULES.googleSetup.maxBytes)).toBe(10);
  });
});

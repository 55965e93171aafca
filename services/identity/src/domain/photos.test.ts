import { describe, expect, it } from '@jest/globals';
import {
  ALLOWED_IMAGE_TYPES,
  isAllowedImageType,
  PHOTO_MAX_BYTES_GOOGLE,
  PHOTO_MAX_BYTES_REGISTRATION,
  PROFILE_IMAGE_MAX_BYTES,
  UPLOAD_RULES,
  uploadSizeProblem,
} from './photos.js';

describe('photo limits', () => {
  it('are 5 MB at registration, 10 MB for Google setup and profile images', () => {
    expect(PHOTO_MAX_BYTES_REGISTRATION).toBe(5 * 1024 * 1024);
    expect(PHOTO_MAX_BYTES_GOOGLE).toBe(10 * 1024 * 1024);
    expect(PROFILE_IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it('accept JPEG, PNG, GIF and WebP only', () => {
    expect([...ALLOWED_IMAGE_TYPES]).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    expect(isAllowedImageType('image/png')).toBe(true);
    expect(isAllowedImageType('image/svg+xml')).toBe(false);
    expect(isAllowedImageType('text/plain')).toBe(false);
  });
});

describe('uploadSizeProblem', () => {
  const rule = UPLOAD_RULES.registration;

  it('asks for a photo when there is none', () => {
    expect(uploadSizeProblem(0, rule)).toEqual({ code: 'INVALID_ARGUMENT', messageKey: 'validation.photoRequired' });
  });

  it('refuses one byte over the limit, as too large', () => {
    expect(uploadSizeProblem(rule.maxBytes, rule)).toBeNull();
    expect(uploadSizeProblem(rule.maxBytes + 1, rule)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      messageKey: 'validation.photoTooLarge',
    });
    expect(uploadSizeProblem(rule.maxBytes + 1, UPLOAD_RULES.googleSetup)).toBeNull();
  });

  it('says each upload its own words', () => {
    expect(UPLOAD_RULES.googleSetup.tooLargeKey).toBe('validation.googlePhotoTooLarge');
    expect(UPLOAD_RULES.resubmission.requiredKey).toBe('validation.verificationPhotoRequired');
    expect(UPLOAD_RULES.profileImage.requiredKey).toBe('validation.profileImageRequired');
  });
});

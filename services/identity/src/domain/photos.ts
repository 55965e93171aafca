/** Upload limits and the image types accepted, by content, for photos. */
const MB = 1024 * 1024;

export const PHOTO_MAX_BYTES_REGISTRATION = 5 * MB;
export const PHOTO_MAX_BYTES_GOOGLE = 10 * MB;
/** A resubmitted photo may come from a Google account, whose first photo could be 10 MB. */
export const PHOTO_MAX_BYTES_RESUBMISSION = 10 * MB;
export const PROFILE_IMAGE_MAX_BYTES = 10 * MB;

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];
/** For an `<input type="file" accept=...>`. */
export const IMAGE_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

export function isAllowedImageType(mime: string): mime is AllowedImageType {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(mime);
}

export type PhotoKind = 'profile' | 'verification';

/** What an upload must satisfy, and what each failure says. */
export interface UploadRule {
  maxBytes: number;
  requiredKey: string;
  tooLargeKey: string;
}

export const UPLOAD_RULES = {
  registration: {
    maxBytes: PHOTO_MAX_BYTES_REGISTRATION,
    requiredKey: 'validation.photoRequired',
    tooLargeKey: 'validation.photoTooLarge',
  },
  googleSetup: {
    maxBytes: PHOTO_MAX_BYTES_GOOGLE,
    requiredKey: 'validation.googlePhotoRequired',
    tooLargeKey: 'validation.googlePhotoTooLarge',
  },
  resubmission: {
    maxBytes: PHOTO_MAX_BYTES_RESUBMISSION,
    requiredKey: 'validation.verificationPhotoRequired',
    tooLargeKey: 'validation.googlePhotoTooLarge',
  },
  profileImage: {
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    requiredKey: 'validation.profileImageRequired',
    tooLargeKey: 'validation.imageTooLarge',
  },
} as const satisfies Record<string, UploadRule>;

export const PHOTO_INVALID_KEY = 'validation.photoInvalid';

/** Checks what can be known before reading the content: presence and size. */
export function uploadSizeProblem(
  sizeBytes: number,
  rule: UploadRule,
): { code: 'INVALID_ARGUMENT' | 'PAYLOAD_TOO_LARGE'; messageKey: string } | null {
  if (sizeBytes === 0) return { code: 'INVALID_ARGUMENT', messageKey: rule.requiredKey };
  if (sizeBytes > rule.maxBytes) return { code: 'PAYLOAD_TOO_LARGE', messageKey: rule.tooLargeKey };
  return null;
}

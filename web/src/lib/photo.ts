import { isAllowedImageType, PHOTO_INVALID_KEY, type UploadRule } from '@/lib/rules';

/**
 * What is wrong with a chosen photo, as a key of the server's message catalogue, or null. The same rule the server
 * applies (which checks the content too), so the user hears about it before a long upload.
 */
export function photoProblem(file: File | null, rule: UploadRule): string | null {
  if (!file || file.size === 0) return rule.requiredKey;
  if (!isAllowedImageType(file.type)) return PHOTO_INVALID_KEY;
  if (file.size > rule.maxBytes) return rule.tooLargeKey;
  return null;
}

export const bytesToMb = (bytes: number) => Math.round(bytes / (1024 * 1024));

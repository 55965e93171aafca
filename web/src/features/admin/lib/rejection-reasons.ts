/** The ten reasons an admin picks from when rejecting a verification photo (docs/product.md#the-admin-console). */
export const USER_REJECTION_REASONS = [
  'usernameMismatch',
  'lowQuality',
  'sheetNotVisible',
  'faceNotVisible',
  'notCompliant',
  'documentNeeded',
  'suspicious',
  'usernameMissing',
  'lighting',
  'other',
] as const;

/** The ten reasons an admin picks from when rejecting a post. */
export const POST_REJECTION_REASONS = [
  'inappropriate',
  'spam',
  'lowQualityImages',
  'guidelines',
  'duplicate',
  'misleading',
  'language',
  'wrongCategory',
  'noValue',
  'other',
] as const;

/** The reason whose text the admin writes. */
export const OTHER_REASON = 'other';

/**
 * The rejection reason the server stores and the member reads: the chosen reasons' texts in the list's order, joined
 * with ', ', 'other' replaced by the admin's own (trimmed) text. Null while it cannot be sent: nothing chosen, or
 * 'other' chosen with nothing written.
 */
export function joinReasons(
  order: readonly string[],
  chosen: ReadonlySet<string>,
  textOf: (reason: string) => string,
  otherText: string,
): string | null {
  const other = otherText.trim();
  if (chosen.size === 0 || (chosen.has(OTHER_REASON) && !other)) return null;
  return order
    .filter((reason) => chosen.has(reason))
    .map((reason) => (reason === OTHER_REASON ? other : textOf(reason)))
    .join(', ');
}

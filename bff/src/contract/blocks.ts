import { z } from 'zod';
import { BLOCK_REASONS } from '@tip/identity/domain';

/** One block as GET /api/blocked-users lists it (docs/product.md#the-api); null = not set. */
export const blockedUserRecordSchema = z.strictObject({
  id: z.string(),
  blockedUserId: z.string(),
  reason: z.enum(BLOCK_REASONS),
  createdAt: z.string(),
  blockedUser: z.strictObject({ username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
});
export type BlockedUserRecord = z.infer<typeof blockedUserRecordSchema>;

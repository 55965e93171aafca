import { z } from 'zod';
import { BLOCK_REASONS } from '@tip/identity/domain';
import { doneSchema } from './users.js';

/** One block as GET /api/blocked-users lists it (docs/product.md#the-api); null = not set. */
export const blockedUserRecordSchema = z.strictObject({
  id: z.string(),
  blockedUserId: z.string(),
  reason: z.enum(BLOCK_REASONS),
  createdAt: z.string(),
  blockedUser: z.strictObject({ username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
});
export type BlockedUserRecord = z.infer<typeof blockedUserRecordSchema>;

/** POST /api/users/:id/block: the block (the first one, when the member was blocked already). */
export const blockResultSchema = doneSchema.extend({ block: blockedUserRecordSchema });
export type BlockResult = z.infer<typeof blockResultSchema>;

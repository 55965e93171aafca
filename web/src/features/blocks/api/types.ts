import type { BlockReason } from '@tip/identity/domain';

export type { BlockReason };

/** One block as GET /api/blocked-users lists it (docs/product.md#the-api); null = not set. */
export type BlockedUserRecord = {
  id: string;
  blockedUserId: string;
  reason: BlockReason;
  createdAt: string;
  blockedUser: { username: string | null; profileImageUrl: string | null };
};

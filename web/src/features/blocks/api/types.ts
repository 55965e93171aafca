import type { BlockReason } from '@/lib/rules';

export type { BlockReason };
/** One block as GET /api/blocked-users lists it, as the BFF's contract defines it (bff/src/contract/blocks.ts). */
export type { BlockedUserRecord } from '@tip/bff/contract';
/** What blocking answers (the block) and unblocking (the confirmation). */
export type { BlockResult, Done } from '@tip/bff/contract';

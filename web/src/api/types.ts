/**
 * The answers the BFF sends, as its contract defines them (bff/src/contract: zod schemas, checked against real answers
 * by its contract test); type-only imports, so none of zod reaches the bundle.
 */
import type { Gender, Orientation, PremiumSource, VerificationStatus } from '@/lib/rules';

export type { Gender, Orientation, PremiumSource, VerificationStatus };
export type { ActionResult, Member, User, UserResult } from '@tip/bff/contract';

/**
 * One page of a list whose answer carries the next page's cursor in its X-Next-Cursor header (the feed, a thread), as
 * the client keeps it: the answer's items, and that cursor, null on the last page.
 */
export type CursorPage<Item> = { items: Item[]; nextCursor: string | null };

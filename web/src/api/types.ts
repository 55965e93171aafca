/**
 * The answers the BFF sends, as its contract defines them (bff/src/contract: zod schemas, checked against real answers
 * by its contract test); type-only imports, so none of zod reaches the bundle.
 */
import type { Gender, Orientation, PremiumSource, VerificationStatus } from '@/lib/rules';

export type { Gender, Orientation, PremiumSource, VerificationStatus };
export type { ActionResult, Member, User, UserResult } from '@tip/bff/contract';

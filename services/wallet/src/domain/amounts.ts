import { z } from 'zod';

/** Testers grant themselves credits: whole numbers from 1 to 10,000 (docs/product.md#credits-and-premium). */
export const TESTER_GRANT_MAX = 10_000;
/** An admin adds or takes up to 10,000 credits at once (docs/product.md#the-admin-console). */
export const ADMIN_ADJUSTMENT_MAX = 10_000;

export const testerGrantSchema = z.object({
  amount: z
    .number()
    .int('wallet.testerAmountRange')
    .min(1, 'wallet.testerAmountRange')
    .max(TESTER_GRANT_MAX, 'wallet.testerAmountRange'),
});

export const adminAdjustmentSchema = z.object({
  amount: z
    .number()
    .int('wallet.adminAmountRange')
    .min(-ADMIN_ADJUSTMENT_MAX, 'wallet.adminAmountRange')
    .max(ADMIN_ADJUSTMENT_MAX, 'wallet.adminAmountRange')
    .refine((amount) => amount !== 0, 'wallet.adminAmountRange'),
});

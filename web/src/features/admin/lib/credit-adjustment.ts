import { adminAdjustmentSchema } from '@/lib/rules';

/**
 * What the admin typed as a credit adjustment, when it is one: a whole number written as such ('250', '-100',
 * '+5'), not zero, within ±10,000 (the wallet's own rule). Anything else answers null, and the console silently
 * ignores it (docs/product.md#the-admin-console).
 */
export function parseCreditAdjustment(typed: string): number | null {
  const text = typed.trim();
  if (!/^[+-]?\d{1,6}$/.test(text)) return null;
  const parsed = adminAdjustmentSchema.safeParse({ amount: Number(text) });
  return parsed.success ? parsed.data.amount : null;
}

import { z } from 'zod';

/**
 * An admin's decision on a verification photo or a waiting post: a rejection needs at least one reason (the admin
 * picks from ten, docs/product.md#the-admin-console, and may write 'other' out; the web joins them with commas).
 */
export const decisionSchema = z
  .object({ status: z.enum(['approved', 'rejected']), reason: z.string().trim().max(2000).default('') })
  .refine((decision) => decision.status === 'approved' || decision.reason.length > 0, {
    message: 'validation.rejectionReasonRequired',
    path: ['reason'],
  });
export type Decision = z.output<typeof decisionSchema>;

import { z } from 'zod';

/** Why a member blocks another (docs/product.md#blocks); the web form offers them in this order. */
export const BLOCK_REASONS = ['harassment', 'spam', 'inappropriate', 'fake', 'other'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/**
 * The block form (POST /api/users/{id}/block): a reason is required. Only the five names pass, so an empty choice, a
 * number or an object such as `{"$gt": ""}` all say the form's 'Devi selezionare un motivo per il blocco.'.
 */
export const blockSchema = z.object({
  reason: z.enum(BLOCK_REASONS, { error: 'validation.blockReasonRequired' }),
});
export type BlockForm = z.output<typeof blockSchema>;

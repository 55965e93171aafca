import { z } from 'zod';
import { defineEvent, type PayloadOf } from './define-event.js';

/** Verification decisions, keyed by the user id they are about. */
export const MODERATION_VERIFICATIONS_TOPIC = 'moderation.verifications';

/** An admin approved or rejected a user's verification photo; `reason` holds the chosen rejection reasons. */
export const VerificationDecided = defineEvent({
  type: 'VerificationDecided',
  version: 1,
  topic: MODERATION_VERIFICATIONS_TOPIC,
  schema: z.object({
    userId: z.string().min(1),
    status: z.enum(['approved', 'rejected']),
    reason: z.string().max(2000).optional(),
  }),
});

export type VerificationDecidedPayload = PayloadOf<typeof VerificationDecided>;

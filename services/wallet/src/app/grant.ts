import { DomainError, parseInput } from '@tip/platform';
import { z } from 'zod';
import { adminAdjustmentSchema, testerGrantSchema } from '../domain/amounts.js';
import type { Appended } from '../infra/ledger-store.js';
import type { CallInfo, WalletContext } from './context.js';
import { actorOf, entryEvent } from './ledger-events.js';
import { idempotencyKeySchema, referenceSchema } from './spend.js';

export const creditSchema = z.object({
  userId: z.string().min(1),
  amount: z.number().int(),
  kind: z.enum(['tester_grant', 'admin_adjustment', 'refund']),
  reference: referenceSchema,
  idempotencyKey: idempotencyKeySchema,
  actorId: z.string().optional(),
});
export type CreditInput = z.infer<typeof creditSchema>;

/** Each kind's own bounds: a tester 1 to 10,000; an admin ±10,000 but not 0, and only an admin names itself. */
function checkAmount(input: CreditInput): void {
  if (input.kind === 'tester_grant') parseInput(testerGrantSchema, { amount: input.amount });
  else if (input.kind === 'admin_adjustment') {
    parseInput(adminAdjustmentSchema, { amount: input.amount });
    if (!input.actorId) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'actorId' });
  } else if (input.amount <= 0) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'amount' });
}

/**
 * Credits that were not bought: a tester's grant, an admin's adjustment (which may take credits away, never below
 * zero), a refund. Who may ask is the caller's check (the BFF knows the roles); the bounds are the wallet's.
 */
export async function credit(context: WalletContext, input: CreditInput, call: CallInfo): Promise<Appended> {
  checkAmount(input);
  const account = await context.ledger.account(input.userId);
  try {
    return await context.ledger.append(
      account,
      {
        amount: input.amount,
        kind: input.kind,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        ...actorOf(input),
      },
      (entry) => [entryEvent(entry, input.userId, call)],
    );
  } catch (error) {
    // An admin taking away more than there is gets told the balance, not "insufficient credits".
    if (error instanceof DomainError && error.messageKey === 'wallet.insufficientCredits') {
      throw new DomainError('FAILED_PRECONDITION', 'wallet.balanceBelowZero', { balance: error.params.balance ?? 0 });
    }
    throw error;
  }
}

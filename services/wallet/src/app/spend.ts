import { DomainError } from '@tip/platform';
import { z } from 'zod';
import type { Reference } from '../domain/ledger.js';
import type { Appended } from '../infra/ledger-store.js';
import type { CallInfo, WalletContext } from './context.js';
import { actorOf, entryEvent } from './ledger-events.js';

export const referenceSchema = z.object({ type: z.string().min(1).max(40), id: z.string().min(1).max(200) });
export const idempotencyKeySchema = z.string().min(1).max(200);

export const debitSchema = z.object({
  userId: z.string().min(1),
  amount: z.number().int().positive(),
  reference: referenceSchema,
  idempotencyKey: idempotencyKeySchema,
  actorId: z.string().optional(),
});
export type DebitInput = z.infer<typeof debitSchema>;

/**
 * Takes credits for something the member gets (an unlock, a message, a Telegram reveal). Refused with 'Insufficient
 * Credits' when the balance does not cover it; a retry with the same key answers the first result.
 */
export async function debit(context: WalletContext, input: DebitInput, call: CallInfo): Promise<Appended> {
  const account = await context.ledger.findAccount(input.userId);
  if (!account) {
    throw new DomainError('PAYMENT_REQUIRED', 'wallet.insufficientCredits', { balance: 0, required: input.amount });
  }
  const reference: Reference = input.reference;
  return context.ledger.append(
    account,
    {
      amount: -input.amount,
      kind: 'debit',
      reference,
      idempotencyKey: input.idempotencyKey,
      ...actorOf(input),
    },
    (entry) => [entryEvent(entry, input.userId, call)],
  );
}

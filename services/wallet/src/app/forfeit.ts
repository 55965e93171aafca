import type { CallInfo, WalletContext } from './context.js';
import { entryEvent } from './ledger-events.js';

/**
 * A deleted member's balance is forfeited by one last entry (whatever is left, taken in the account's turn), then
 * the account forgets whose it was. Safe to repeat: the entry is keyed by the account, and a closed account is no
 * longer found by the member's id.
 */
export async function forfeitDeletedMember(context: WalletContext, userId: string, call: CallInfo): Promise<void> {
  const account = await context.ledger.findAccount(userId);
  if (!account) return;
  const idempotencyKey = `forfeit:${account._id}`;
  await context.ledger.append(
    account,
    {
      idempotencyKey,
      compute: (head) => ({
        amount: -head.balance,
        kind: 'forfeit',
        reference: { type: 'account', id: account._id },
        idempotencyKey,
      }),
    },
    (entry) => [entryEvent(entry, userId, call)],
  );
  await context.ledger.closeAccount(account);
}

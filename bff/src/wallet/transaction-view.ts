import type { WalletEntry } from '@tip/wallet/contract';

/** A ledger entry as the profile lists it (docs/product.md#the-api). */
export interface TransactionJson {
  id: string;
  description: string;
  amount: number;
  kind: string;
  createdAt: string;
}

/** What each debit's reference says the credits bought. */
const SPENT_ON: Record<string, string> = {
  post: 'transactions.unlock',
  message: 'transactions.message',
  telegram: 'transactions.telegram',
};

const DESCRIPTIONS: Record<string, string> = {
  tester_grant: 'transactions.testerGrant',
  admin_adjustment: 'transactions.adminAdjustment',
  forfeit: 'transactions.forfeit',
  refund: 'transactions.refund',
};

/** The entry described in the member's language: `say` translates a message key. */
export function transactionJson(
  entry: WalletEntry,
  say: (key: string, params?: Record<string, string | number>) => string,
): TransactionJson {
  let description: string;
  if (entry.kind === 'purchase') description = say('transactions.purchase', { credits: entry.amount });
  else if (entry.kind === 'debit') description = say(SPENT_ON[entry.reference?.type ?? ''] ?? 'transactions.spent');
  else description = say(DESCRIPTIONS[entry.kind] ?? 'transactions.spent');
  return { id: entry.id, description, amount: entry.amount, kind: entry.kind, createdAt: entry.createdAt };
}

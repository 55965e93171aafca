import { EMPTY_HEAD, type Head } from '../domain/ledger.js';
import type { WalletContext } from './context.js';

/**
 * The member's balance with the sequence of the entry that left it (a caller keeps the latest of what it hears):
 * 0 and 0 for a member whose account was never opened.
 */
export async function balanceOf(context: WalletContext, userId: string): Promise<Head> {
  const account = await context.ledger.findAccount(userId);
  return account ? context.ledger.head(account._id) : EMPTY_HEAD;
}

/** Members' balances (as balanceOf), each member asked for once. */
export async function balancesOf(
  context: WalletContext,
  userIds: readonly string[],
): Promise<({ userId: string } & Head)[]> {
  const accounts = await context.ledger.findAccounts(userIds);
  return Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      const account = accounts.get(userId);
      return { userId, ...(account ? await context.ledger.head(account._id) : EMPTY_HEAD) };
    }),
  );
}

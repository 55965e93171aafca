import type { WalletContext } from './context.js';

/** The member's balance: 0 for a member whose account was never opened. */
export async function balanceOf(context: WalletContext, userId: string): Promise<number> {
  const account = await context.ledger.findAccount(userId);
  return account ? (await context.ledger.head(account._id)).balance : 0;
}

/** Members' balances, each member asked for once: 0 for one whose account was never opened. */
export async function balancesOf(
  context: WalletContext,
  userIds: readonly string[],
): Promise<{ userId: string; balance: number }[]> {
  const accounts = await context.ledger.findAccounts(userIds);
  return Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      const account = accounts.get(userId);
      return { userId, balance: account ? (await context.ledger.head(account._id)).balance : 0 };
    }),
  );
}

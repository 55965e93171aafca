import type { WalletContext } from './context.js';

/** The member's balance: 0 for a member whose account was never opened. */
export async function balanceOf(context: WalletContext, userId: string): Promise<number> {
  const account = await context.ledger.findAccount(userId);
  return account ? (await context.ledger.head(account._id)).balance : 0;
}

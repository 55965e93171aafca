import type { WalletContext } from './context.js';

/**
 * Everything the wallet holds about the member, for their data export: their account, its balance, every ledger
 * entry (oldest first: kind, signed amount, balance after, what it was about, when) and their card payments. Left
 * out: the hashes of idempotency keys and requests (bookkeeping that says nothing to a reader), and which admin made
 * an adjustment (`byAdmin` says an admin did; the staff member is not named, as in moderation's part).
 */
export async function exportMember(context: WalletContext, userId: string): Promise<{ json: string }> {
  const account = await context.ledger.findAccount(userId);
  if (!account) {
    return { json: JSON.stringify({ account: null, balance: 0, entries: [], payments: [] }, null, 2) };
  }
  const [entries, payments] = await Promise.all([
    context.ledger.entriesOf(account._id),
    context.payments.ofAccount(account._id),
  ]);
  const data = {
    account: { id: account._id, openedAt: account.openedAt },
    balance: entries.at(-1)?.balanceAfter ?? 0,
    entries: entries.map((entry) => ({
      sequence: entry.sequence,
      kind: entry.kind,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      reference: entry.reference.type === 'admin' ? { type: 'admin' } : entry.reference,
      byAdmin: entry.actorId !== undefined,
      createdAt: entry.createdAt,
    })),
    payments: payments.map((payment) => ({
      id: payment._id,
      productId: payment.productId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      status: payment.status,
      createdAt: payment.createdAt,
      settledAt: payment.settledAt ?? null,
    })),
  };
  return { json: JSON.stringify(data, null, 2) };
}

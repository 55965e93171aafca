import { DomainError } from '@tip/platform';
import type { Entry } from '../domain/ledger.js';
import type { WalletContext } from './context.js';

export const HISTORY_MAX_PAGE = 100;

/** A page of the member's entries, newest first; the cursor is the sequence the next page stays below. */
export async function history(
  context: WalletContext,
  input: { userId: string; cursor: string; limit: number },
): Promise<{ entries: Entry[]; nextCursor: string }> {
  const limit = Math.min(Math.max(input.limit || 20, 1), HISTORY_MAX_PAGE);
  let beforeSequence: number | undefined;
  if (input.cursor) {
    beforeSequence = Number(input.cursor);
    if (!Number.isSafeInteger(beforeSequence) || beforeSequence < 1) {
      throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'cursor' });
    }
  }
  const account = await context.ledger.findAccount(input.userId);
  if (!account) return { entries: [], nextCursor: '' };
  const entries = await context.ledger.history(account._id, { beforeSequence, limit });
  const last = entries.at(-1);
  const nextCursor = entries.length === limit && last && last.sequence > 1 ? String(last.sequence) : '';
  return { entries, nextCursor };
}

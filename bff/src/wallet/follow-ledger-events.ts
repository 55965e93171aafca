import { onEach, type Subscription } from '@tip/platform';
import { LEDGER_ENTRY_EVENTS } from '@tip/wallet/contract';
import { followHere, type FollowingHere } from '../realtime/follow-here.js';
import type { Push } from '../realtime/push.js';
import type { Balances } from './balances.js';

/** Every entry moves a balance: keep it here and tell the member's open pages, on this replica. */
export function followLedgerEvents(options: FollowingHere & { balances: Balances; push: Push }): Promise<Subscription> {
  const { balances, push } = options;
  return followHere(
    options,
    'ledger',
    onEach(LEDGER_ENTRY_EVENTS, ({ userId, sequence, balanceAfter }) => {
      balances.entry(userId, sequence, balanceAfter);
      push.toUserHere(userId, { type: 'credits_updated', credits: balanceAfter });
    }),
  );
}

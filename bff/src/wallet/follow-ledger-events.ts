import { hostname } from 'node:os';
import { followEvents, onEach, type EventBus, type Logger, type Subscription } from '@tip/platform';
import { LEDGER_ENTRY_EVENTS } from '@tip/wallet/contract';
import type { Push } from '../realtime/push.js';
import type { Balances } from './balances.js';

/** Each replica keeps its own balances and sockets, so each consumes every ledger event: the group is per host. */
export const ledgerEventsGroup = () => `bff-ledger-${hostname()}`;

/** Every entry moves a balance: keep it here and tell the member's open pages, on this replica. */
export function followLedgerEvents(options: {
  events: EventBus;
  balances: Balances;
  push: Push;
  logger: Logger;
  group?: string;
}): Promise<Subscription> {
  const { balances, push, logger } = options;
  return followEvents({
    events: options.events,
    group: options.group ?? ledgerEventsGroup(),
    logger,
    reactions: onEach(LEDGER_ENTRY_EVENTS, ({ userId, balanceAfter }) => {
      balances.update(userId, balanceAfter);
      push.toUserHere(userId, { type: 'credits_updated', credits: balanceAfter });
    }),
  });
}

import { hostname } from 'node:os';
import { LEDGER_ENTRY_EVENTS, WALLET_LEDGER_TOPIC, type EventBus, type Logger, type Subscription } from '@tip/platform';
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
  return options.events.subscribe({
    group: options.group ?? ledgerEventsGroup(),
    topics: [WALLET_LEDGER_TOPIC],
    async handle(event) {
      const definition = LEDGER_ENTRY_EVENTS.find((candidate) => candidate.matches(event));
      if (!definition) return;
      try {
        const { userId, balanceAfter } = definition.parse(event);
        balances.update(userId, balanceAfter);
        push.toUserHere(userId, { type: 'credits_updated', credits: balanceAfter });
      } catch (error) {
        logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable ledger event');
      }
    },
  });
}

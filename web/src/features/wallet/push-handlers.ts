import { storeCurrentUserCredits } from '@/api/current-user';
import type { PushHandlers } from '@/realtime/push';
import { transactionsKey } from './api/get-transactions';

export const pushHandlers: PushHandlers = {
  events: {
    // Every ledger change of the signed-in member (purchase, grant, spend) carries the new balance.
    credits_updated: {
      apply: (queryClient, event) => {
        if (typeof event.credits === 'number') storeCurrentUserCredits(queryClient, event.credits);
      },
      invalidates: [transactionsKey],
    },
  },
};

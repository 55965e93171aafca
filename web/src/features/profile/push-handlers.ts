import { userKey } from '@/api/query-keys';
import { storeUserPresence } from '@/api/users';
import type { PushHandlers } from '@/realtime/push';

export const pushHandlers: PushHandlers = {
  events: {
    // A member this page shows (see useWatchPresence) came online or went offline.
    presence_changed: {
      apply: (queryClient, event) => {
        if (typeof event.userId === 'string' && typeof event.isOnline === 'boolean')
          storeUserPresence(queryClient, event.userId, event.isOnline);
      },
    },
    // A member this page shows deleted their account: asked again, they answer 'Utente eliminato' (410).
    member_deleted: {
      apply: (queryClient, event) => {
        if (typeof event.userId === 'string') void queryClient.invalidateQueries({ queryKey: userKey(event.userId) });
      },
    },
  },
};

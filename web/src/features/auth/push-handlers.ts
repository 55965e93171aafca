import { currentUserKey } from '@/api/query-keys';
import type { PushHandlers } from '@/realtime/push';

export const pushHandlers: PushHandlers = {
  events: {
    // The signed-in member's account changed (approval, role, premium...).
    user_updated: { invalidates: [currentUserKey] },
  },
};

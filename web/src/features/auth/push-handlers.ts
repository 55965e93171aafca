import type { PushHandlers } from '@/realtime/push';
import { currentUserKey } from './api/get-current-user';

export const pushHandlers: PushHandlers = {
  events: {
    // The signed-in member's account changed (approval, role, premium...).
    user_updated: { invalidates: [currentUserKey] },
  },
};

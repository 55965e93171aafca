import type { PushHandlers } from '@/realtime/push';
import { sendWatchlist } from '@/realtime/socket';
import { blockedUsersKey } from './api/get-blocked-users';

export const pushHandlers: PushHandlers = {
  events: {
    // The member blocked or unblocked someone, or was blocked or unblocked (blocking is mutual). A block lets no
    // presence through (the server stopped the watches between the two); an unblock lets it through again once the
    // pages name whom they watch anew.
    blocks_updated: { apply: () => sendWatchlist(), invalidates: [blockedUsersKey] },
  },
};

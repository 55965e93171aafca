import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { currentUserKey, storeCurrentUserCredits } from '@/api/auth/get-current-user';
import { blockedUsersKey } from '@/api/blocks/get-blocked-users';
import { commentsKey } from '@/api/posts/get-comments';
import { feedsKey } from '@/api/posts/get-feed';
import { transactionsKey } from '@/api/wallet/get-transactions';

type PushedEvent = { type: string } & Record<string, unknown>;

/** Which cached queries each pushed event makes stale. Later capabilities add their event types here. */
const invalidatedBy: Record<string, readonly QueryKey[]> = {
  user_updated: [currentUserKey],
  credits_updated: [transactionsKey],
  // The member blocked or unblocked someone, or was blocked or unblocked (blocking is mutual).
  // The feeds change too: neither member sees the other's posts any more (or again).
  blocks_updated: [blockedUsersKey, feedsKey],
  // A post was published, decided or deleted, or its likes or comments changed (the comments: see appliedBy).
  feed_updated: [feedsKey],
  // The member's own post was approved or rejected: its badge changes.
  post_decided: [feedsKey],
};

/** Events that carry the new state itself: it goes straight into the cache, without a request. */
const appliedBy: Record<string, (queryClient: QueryClient, event: PushedEvent) => void> = {
  // Every ledger change of the signed-in member (purchase, grant, spend) carries the new balance.
  credits_updated: (queryClient, event) => {
    if (typeof event.credits === 'number') storeCurrentUserCredits(queryClient, event.credits);
  },
  // The full comment list of the post (when a card has it open) may have changed too.
  feed_updated: (queryClient, event) => {
    if (typeof event.postId === 'string') void queryClient.invalidateQueries({ queryKey: commentsKey(event.postId) });
  },
};

let socket: Socket | null = null;
let connected = false;

export function isRealtimeConnected() {
  return connected;
}

function isPushedEvent(value: unknown): value is PushedEvent {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/** Opens the one Socket.IO connection (the session cookie authenticates it). Returns the function that closes it. */
export function connectRealtime(queryClient: QueryClient) {
  if (socket) return () => undefined;
  const current = io({ path: '/ws', withCredentials: true, transports: ['websocket', 'polling'] });
  socket = current;
  current.on('connect', () => {
    connected = true;
  });
  current.on('disconnect', () => {
    connected = false;
  });
  // The event name is the transport's business; what counts is the `{ type, ... }` payload.
  current.onAny((_name: string, event: unknown) => {
    if (!isPushedEvent(event)) return;
    appliedBy[event.type]?.(queryClient, event);
    for (const queryKey of invalidatedBy[event.type] ?? []) void queryClient.invalidateQueries({ queryKey });
  });
  return () => {
    current.disconnect();
    socket = null;
    connected = false;
  };
}

import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { adminKeys } from '@/api/admin/keys';
import { currentUserKey, storeCurrentUserCredits } from '@/api/auth/get-current-user';
import { blockedUsersKey } from '@/api/blocks/get-blocked-users';
import { messagesKey, unreadCountKey } from '@/api/messages/keys';
import {
  forgetDeletedMember,
  markThreadRead,
  noteConversationMessage,
  putThreadItem,
  toThreadItem,
} from '@/api/messages/messages-cache';
import { chatKey, type Message } from '@/api/messages/types';
import { commentsKey } from '@/api/posts/get-comments';
import { feedsKey } from '@/api/posts/get-feed';
import { storeUserPresence, userKey } from '@/api/users/get-user';
import { transactionsKey } from '@/api/wallet/get-transactions';
import { Watchlist } from '@/realtime/watchlist';

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
  // Admins only (the contract's admin push types): each refreshes the console's matching lists, its counts and stats.
  new_verification_pending: [adminKeys.pendingUsers, adminKeys.users, adminKeys.counts, adminKeys.stats],
  user_verification_updated: [adminKeys.pendingUsers, adminKeys.users, adminKeys.counts, adminKeys.stats],
  // A post decided or deleted: the pending list, and the reports that show it (or 'Post eliminato').
  post_approval_updated: [adminKeys.pendingPosts, adminKeys.reports, adminKeys.counts, adminKeys.stats],
  new_feedback: [adminKeys.feedback, adminKeys.counts, adminKeys.stats],
  feedback_updated: [adminKeys.feedback, adminKeys.counts, adminKeys.stats],
  new_post_report: [adminKeys.reports, adminKeys.counts, adminKeys.stats],
  post_report_updated: [adminKeys.reports, adminKeys.counts, adminKeys.stats],
  // Another admin acted (credits, premium, tester flag...): the audit log and the users list change.
  admin_audit_updated: [adminKeys.audit, adminKeys.users],
};

const signedInId = (queryClient: QueryClient) => queryClient.getQueryData<{ id: string } | null>(currentUserKey)?.id;

const isStringOrNull = (value: unknown) => typeof value === 'string' || value === null;

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    ['id', 'content', 'createdAt'].every((field) => typeof message[field] === 'string') &&
    ['senderId', 'recipientId'].every((field) => isStringOrNull(message[field]))
  );
}

/**
 * The conversation a push is about: `userId` the other member, null for the unnamed author of the anonymous post
 * `postId` (absent: between two members).
 */
function chatKeyOf(userId: unknown, postId: unknown): string | null {
  const chat = {
    userId: typeof userId === 'string' ? userId : null,
    postId: typeof postId === 'string' ? postId : null,
  };
  return chat.userId || chat.postId ? chatKey(chat) : null;
}

/** Events that carry the new state itself: it goes straight into the cache, without a request. */
const appliedBy: Record<string, (queryClient: QueryClient, event: PushedEvent) => void> = {
  // A message to the member, or one they sent from another tab: the thread and the list show it at once.
  message_received: (queryClient, event) => {
    const { message } = event;
    const key = chatKeyOf(event.conversationWith, event.postId);
    if (!isMessage(message) || key === null) return;
    putThreadItem(queryClient, key, toThreadItem(message));
    const incoming = message.recipientId === signedInId(queryClient) && message.senderId !== message.recipientId;
    noteConversationMessage(queryClient, key, message, { unread: incoming });
    if (incoming) {
      void queryClient.invalidateQueries({ queryKey: unreadCountKey });
      if (message.senderId) notifyTyping(message.senderId, false);
    }
  },
  // The other member opened the conversation: the member's own messages to them show read.
  messages_read: (queryClient, event) => {
    const me = signedInId(queryClient);
    const key = chatKeyOf(event.readerId, event.postId);
    if (key === null || typeof event.readAt !== 'string' || !me) return;
    markThreadRead(queryClient, key, me, event.readAt);
  },
  typing: (_queryClient, event) => {
    if (typeof event.fromUserId === 'string') notifyTyping(event.fromUserId, true);
  },
  // A block lets no presence through (the server stopped the watches between the two); an unblock lets it through
  // again once the pages name whom they watch anew.
  blocks_updated: () => sendWatchlist(),
  // Every ledger change of the signed-in member (purchase, grant, spend) carries the new balance.
  credits_updated: (queryClient, event) => {
    if (typeof event.credits === 'number') storeCurrentUserCredits(queryClient, event.credits);
  },
  // The full comment list of the post (when a card has it open) may have changed too.
  feed_updated: (queryClient, event) => {
    if (typeof event.postId === 'string') void queryClient.invalidateQueries({ queryKey: commentsKey(event.postId) });
  },
  // A member this page shows (see useWatchPresence) came online or went offline.
  presence_changed: (queryClient, event) => {
    if (typeof event.userId === 'string' && typeof event.isOnline === 'boolean')
      storeUserPresence(queryClient, event.userId, event.isOnline);
  },
  // A member this page shows deleted their account: asked again, they answer 'Utente eliminato' (410); the messages
  // they wrote leave the conversation.
  member_deleted: (queryClient, event) => {
    if (typeof event.userId !== 'string') return;
    void queryClient.invalidateQueries({ queryKey: userKey(event.userId) });
    forgetDeletedMember(queryClient, event.userId);
  },
};

let socket: Socket | null = null;
let connected = false;

export function isRealtimeConnected() {
  return connected;
}

/** The chat's connection states, as the messages screen names them. */
export type SocketStatus = 'connecting' | 'connected' | 'disconnected' | 'reconnecting' | 'lost' | 'restored';

/** Failed reconnection attempts after which the connection counts as lost (Socket.IO keeps trying). */
const LOST_AFTER_ATTEMPTS = 5;
/** How long 'restored' shows after a reconnection before it reads 'connected' again. */
const RESTORED_SHOWN_MS = 3_000;

let status: SocketStatus = 'connecting';
const statusListeners = new Set<() => void>();
let restoredTimer: ReturnType<typeof setTimeout> | undefined;

function setStatus(next: SocketStatus) {
  clearTimeout(restoredTimer);
  status = next;
  statusListeners.forEach((listener) => listener());
  if (next === 'restored') restoredTimer = setTimeout(() => setStatus('connected'), RESTORED_SHOWN_MS);
}

/** The realtime connection's state, re-rendering on every change. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}

/** How long another member's typing signal shows. */
const TYPING_SHOWN_MS = 3_000;
/** The member's own typing signal goes out at most this often per recipient. */
const TYPING_THROTTLE_MS = 2_000;

const typingListeners = new Set<(fromUserId: string, typing: boolean) => void>();
const notifyTyping = (fromUserId: string, typing: boolean) =>
  typingListeners.forEach((listener) => listener(fromUserId, typing));

/** True for ~3 s after `userId` signalled typing to the member (and until their message arrives). */
export function useIsTyping(userId: string | null): boolean {
  const [typingUser, setTypingUser] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (fromUserId: string, typing: boolean) => {
      if (fromUserId !== userId) return;
      clearTimeout(timer);
      setTypingUser(typing ? fromUserId : null);
      if (typing) timer = setTimeout(() => setTypingUser(null), TYPING_SHOWN_MS);
    };
    typingListeners.add(listener);
    return () => {
      typingListeners.delete(listener);
      clearTimeout(timer);
    };
  }, [userId]);
  return userId !== null && typingUser === userId;
}

const lastTypingSent = new Map<string, number>();

/** Tells `to` that the member is typing (at most once per 2 s per recipient; nothing while disconnected). */
export function emitTyping(to: string) {
  const now = Date.now();
  if (!socket || !connected || now - (lastTypingSent.get(to) ?? 0) < TYPING_THROTTLE_MS) return;
  lastTypingSent.set(to, now);
  socket.emit('typing', { to });
}

const watchlist = new Watchlist();
let watchlistQueued = false;

/** Tells the server which members' presence this tab shows (once per change, and again on every connection). */
function sendWatchlist() {
  if (watchlistQueued) return;
  watchlistQueued = true;
  queueMicrotask(() => {
    watchlistQueued = false;
    if (socket && connected) socket.emit('watch_presence', { userIds: watchlist.ids() });
  });
}

/**
 * While mounted, `userId`'s coming online and going offline reach their cached user by push (`presence_changed`),
 * without a request.
 */
export function useWatchPresence(userId: string | null) {
  useEffect(() => {
    if (!userId) return;
    const release = watchlist.add(userId);
    sendWatchlist();
    return () => {
      release();
      sendWatchlist();
    };
  }, [userId]);
}

function isPushedEvent(value: unknown): value is PushedEvent {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/** Opens the one Socket.IO connection (the session cookie authenticates it). Returns the function that closes it. */
export function connectRealtime(queryClient: QueryClient) {
  if (socket) return () => undefined;
  const current = io({ path: '/ws', withCredentials: true, transports: ['websocket', 'polling'] });
  socket = current;
  setStatus('connecting');
  let wasConnected = false;
  current.on('connect', () => {
    connected = true;
    sendWatchlist();
    // Back after a loss: whatever was pushed meanwhile never arrived, and any cached query may be what a push would
    // have changed (feed, conversations, the open thread, unread counts, admin queues, credits, watched members...).
    // Every query goes stale and the open screens' ones are asked again, once; the first connection needs none,
    // as the screens have just fetched.
    if (wasConnected) void queryClient.invalidateQueries();
    setStatus(wasConnected ? 'restored' : 'connected');
    wasConnected = true;
  });
  current.on('disconnect', () => {
    connected = false;
    setStatus('disconnected');
    // Their polling intervals are read after a fetch: one fetch now starts the fallback polling.
    void queryClient.invalidateQueries({ queryKey: messagesKey });
  });
  current.io.on('reconnect_attempt', (attempt: number) =>
    setStatus(attempt > LOST_AFTER_ATTEMPTS ? 'lost' : 'reconnecting'),
  );
  current.io.on('reconnect_failed', () => setStatus('lost'));
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
    setStatus('connecting');
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { currentUserKey } from '@/api/query-keys';
import { dispatchDisconnect, dispatchPush, isPushedEvent, type PushHandlers } from '@/realtime/push';
import { Watchlist } from '@/realtime/watchlist';

/**
 * What the features do with pushed events and with a lost connection (app/push-handlers.ts lists them). The
 * connection itself knows no event type: each feature declares its own.
 */
let pushHandlers: readonly PushHandlers[] = [];

/** Sets the features' push handlers; called once at start, before the connection opens. */
export function registerPushHandlers(handlers: readonly PushHandlers[]) {
  pushHandlers = handlers;
}

let socket: Socket | null = null;
/** Between connectRealtime and its clean-up (while Socket.IO's client loads, too). */
let opening = false;
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

/** Sends `payload` as `event` to the server while connected; nothing while disconnected. */
export function emitRealtime(event: string, payload: unknown) {
  if (socket && connected) socket.emit(event, payload);
}

const watchlist = new Watchlist();
let watchlistQueued = false;

/**
 * Tells the server which members' presence this tab shows: once per change, again on every connection, and whenever
 * a feature says the server's watches changed (a block ends them, an unblock allows them again).
 */
export function sendWatchlist() {
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

/**
 * Opens the one Socket.IO connection (the session cookie authenticates it). Returns the function that closes it.
 * Socket.IO's client is loaded here, when a member's screens open the connection: visitors never load it.
 */
export function connectRealtime(queryClient: QueryClient) {
  if (opening) return () => undefined;
  opening = true;
  let closed = false;
  let current: Socket | null = null;
  setStatus('connecting');
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    current = io({ path: '/ws', withCredentials: true, transports: ['websocket', 'polling'] });
    socket = current;
    listen(current, queryClient);
  });
  return () => {
    closed = true;
    current?.disconnect();
    opening = false;
    socket = null;
    connected = false;
    setStatus('connecting');
  };
}

function listen(current: Socket, queryClient: QueryClient) {
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
  current.on('disconnect', (reason) => {
    connected = false;
    setStatus('disconnected');
    // The server closes a socket whose session ended (from another device, a reset, a logout): asking who is signed
    // in answers a visitor at once, and the signed-in pages send the browser to sign in.
    if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: currentUserKey });
    // The queries polled while the socket is down start polling with a fetch (PushHandlers.onDisconnect).
    dispatchDisconnect(queryClient, pushHandlers);
  });
  current.io.on('reconnect_attempt', (attempt: number) =>
    setStatus(attempt > LOST_AFTER_ATTEMPTS ? 'lost' : 'reconnecting'),
  );
  current.io.on('reconnect_failed', () => setStatus('lost'));
  // The event name is the transport's business; what counts is the `{ type, ... }` payload.
  current.onAny((_name: string, event: unknown) => {
    if (isPushedEvent(event)) dispatchPush(queryClient, pushHandlers, event);
  });
}

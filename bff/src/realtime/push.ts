import type { Server } from 'socket.io';
import { pushesSent } from '@tip/platform';
import type { AdminPushEvent, PushEvent } from '../contract/index.js';

export type { AdminPushEvent, PushEvent };

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sid: string) => `session:${sid}`;
export const ADMINS_ROOM = 'admins';
/** Every signed-in socket: all of them see the feed. */
export const FEED_ROOM = 'feed';
/** The sockets of pages showing whether `userId` is online (they ask with `watch_presence`). */
export const presenceRoom = (userId: string) => `presence:${userId}`;

/**
 * The one way to reach browsers. Two scopes, because of where the cause is seen:
 * - a request handler sees its cause on one replica only, so it reaches sockets on every replica (`toUser`,
 *   through the Redis adapter when there is one);
 * - a domain event is consumed by every replica, so each reaches only its own sockets (`toUserHere`,
 *   `toAdminsHere`), and each socket hears it once.
 */
export interface Push {
  toUser(userId: string, event: PushEvent): void;
  toUserHere(userId: string, event: PushEvent): void;
  /** Every signed-in page on this replica (every replica hears the event that causes it). */
  toFeedHere(event: PushEvent): void;
  /** The pages watching `userId`'s presence, on every replica (a socket or a request on one replica is the cause). */
  toWatchers(userId: string, event: PushEvent): void;
  /** The pages watching `userId`'s presence on this replica (every replica hears the event that causes it). */
  toWatchersHere(userId: string, event: PushEvent): void;
  /** Two members blocked each other (either way): neither's pages watch the other's presence any more, anywhere. */
  unwatchEachOther(a: string, b: string): void;
  /** The admins' pages on this replica (every replica hears the event that causes it). */
  toAdminsHere(event: AdminPushEvent): void;
  /** Closes the sockets of a session that ended (logout), on every replica. */
  endSession(sid: string): void;
  /** Closes the sockets of a session that ended, on this replica (every replica hears SessionEnded). */
  endSessionHere(sid: string): void;
  /** Closes a deleted user's sockets on this replica (every replica hears UserDeleted). */
  endUserHere(userId: string): void;
}

export function createPush(io: Server): Push {
  const sent = pushesSent();
  /** Emits the event under its type to `target`, counting it. */
  const emit = (target: { emit(type: string, event: PushEvent): unknown }, event: PushEvent) => {
    sent.inc({ type: event.type });
    target.emit(event.type, event);
  };
  return {
    toUser: (userId, event) => emit(io.to(userRoom(userId)), event),
    toUserHere: (userId, event) => emit(io.local.to(userRoom(userId)), event),
    toFeedHere: (event) => emit(io.local.to(FEED_ROOM), event),
    toWatchers: (userId, event) => emit(io.to(presenceRoom(userId)), event),
    toWatchersHere: (userId, event) => emit(io.local.to(presenceRoom(userId)), event),
    unwatchEachOther: (a, b) => {
      io.in(userRoom(a)).socketsLeave(presenceRoom(b));
      io.in(userRoom(b)).socketsLeave(presenceRoom(a));
    },
    toAdminsHere: (event) => emit(io.local.to(ADMINS_ROOM), event),
    endSession: (sid) => io.in(sessionRoom(sid)).disconnectSockets(true),
    endSessionHere: (sid) => io.local.in(sessionRoom(sid)).disconnectSockets(true),
    endUserHere: (userId) => io.local.in(userRoom(userId)).disconnectSockets(true),
  };
}

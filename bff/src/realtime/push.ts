import type { Server } from 'socket.io';

/** What browsers receive: `{ type, ... }`, sent under the event name `type`. Later areas add their types here. */
export type PushEvent =
  | { type: 'user_updated' }
  | { type: 'credits_updated'; credits: number }
  // A block between the member and someone else was made or lifted: the blocked list and the feeds change.
  | { type: 'blocks_updated' }
  // Something in the feeds changed (a post published, decided or deleted, its likes or comments).
  | { type: 'feed_updated'; postId: string }
  // The member's own post was approved or rejected.
  | { type: 'post_decided'; postId: string; status: string }
  // A message to or from the member (`conversationWith`: the other member; `postId`: the anonymous post the
  // conversation goes through, whose author is null to the other member).
  | { type: 'message_received'; message: PushedMessage; conversationWith: string | null; postId: string | null }
  // The other member read the member's messages up to `readAt` (through an anonymous post: its author is null).
  | { type: 'messages_read'; readerId: string | null; readAt: string; postId: string | null }
  // The other member is typing in their conversation.
  | { type: 'typing'; fromUserId: string }
  // A member the page watches (an open conversation, a profile) came online or went offline.
  | { type: 'presence_changed'; userId: string; isOnline: boolean }
  // A member the page watches deleted their account ('Utente eliminato').
  | { type: 'member_deleted'; userId: string }
  | AdminPushEvent;

/**
 * What the admin console hears (its live update types, plus the audit log's: docs/product.md#the-api): each
 * refreshes the matching lists, counts and stats.
 */
export type AdminPushEvent =
  | { type: 'new_verification_pending'; userId: string }
  | { type: 'user_verification_updated'; userId: string; status: string }
  | { type: 'post_approval_updated'; postId: string; status: string }
  | { type: 'new_feedback'; feedbackId: string }
  | { type: 'feedback_updated'; feedbackId: string }
  | { type: 'new_post_report'; postId: string }
  | { type: 'post_report_updated'; postId: string }
  // A user listed in the console changed, or an admin acted: the users list and the audit log.
  | { type: 'admin_audit_updated' };

export interface PushedMessage {
  id: string;
  senderId: string | null;
  recipientId: string | null;
  content: string;
  createdAt: string;
  readAt: string | null;
  postId: string | null;
}

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
  /** Closes a deleted user's sockets on this replica (every replica hears UserDeleted). */
  endUserHere(userId: string): void;
}

export function createPush(io: Server): Push {
  return {
    toUser: (userId, event) => io.to(userRoom(userId)).emit(event.type, event),
    toUserHere: (userId, event) => io.local.to(userRoom(userId)).emit(event.type, event),
    toFeedHere: (event) => io.local.to(FEED_ROOM).emit(event.type, event),
    toWatchers: (userId, event) => io.to(presenceRoom(userId)).emit(event.type, event),
    toWatchersHere: (userId, event) => io.local.to(presenceRoom(userId)).emit(event.type, event),
    unwatchEachOther: (a, b) => {
      io.in(userRoom(a)).socketsLeave(presenceRoom(b));
      io.in(userRoom(b)).socketsLeave(presenceRoom(a));
    },
    toAdminsHere: (event) => io.local.to(ADMINS_ROOM).emit(event.type, event),
    endSession: (sid) => io.in(sessionRoom(sid)).disconnectSockets(true),
    endUserHere: (userId) => io.local.in(userRoom(userId)).disconnectSockets(true),
  };
}

import { NOTIFICATION_KINDS, type NotificationKind } from './kinds.js';

/** What an entry has gathered while unread. */
export interface Gathered {
  /** The members who did it, each once, the latest first. */
  actors: string[];
  /** How many events it gathered; for a kind that gathers actors, how many of them are left. */
  count: number;
  /** When it last gathered one: the list shows the latest first, so gathering moves an entry to the top. */
  updatedAt: string;
}

/**
 * The one unread entry of a member that events of this kind about this subject (a post, a conversation, an admin
 * queue) join, by its key: at most one exists (the store holds the key unique), and reading it releases the key, so
 * the next event starts a new entry. Null for a kind whose events are entries of their own.
 */
export function groupKey(userId: string, kind: NotificationKind, subject: string): string | null {
  return NOTIFICATION_KINDS[kind].gathering === 'single' ? null : `${userId}|${kind}|${subject}`;
}

/**
 * The grouping rule: an event joins the member's unread entry of its kind and subject (`existing`), or starts one;
 * its actor moves to the front (each actor is there once) and the entry moves to the top (`at`).
 */
export function gather(
  existing: Gathered | null,
  event: { kind: NotificationKind; actorId: string | null; at: string },
): Gathered {
  const previous = existing?.actors ?? [];
  const actors = event.actorId ? [event.actorId, ...previous.filter((id) => id !== event.actorId)] : previous;
  const count = NOTIFICATION_KINDS[event.kind].gathering === 'actors' ? actors.length : (existing?.count ?? 0) + 1;
  return { actors, count, updatedAt: event.at };
}

/**
 * The entry without one of its actors (a like taken back, a block, an erasure): unchanged when they are not among
 * them, null when they were the last (there is nothing left to tell), otherwise the others in their order. Its place
 * in the list stays.
 */
export function withoutActor(gathered: Gathered, kind: NotificationKind, actorId: string): Gathered | null {
  if (!gathered.actors.includes(actorId)) return gathered;
  const actors = gathered.actors.filter((id) => id !== actorId);
  if (actors.length === 0) return null;
  const count = NOTIFICATION_KINDS[kind].gathering === 'actors' ? actors.length : gathered.count;
  return { actors, count, updatedAt: gathered.updatedAt };
}

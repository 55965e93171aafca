import { NOTIFICATION_KINDS, type NotificationKind } from './kinds.js';

/** What an entry has gathered while unread. */
export interface Gathered {
  /** The members who did it, each once, the latest first. */
  actors: string[];
  /** How many events it gathered; for a kind that gathers actors or waiting items, how many of them are left. */
  count: number;
  /** For a kind that gathers what waits (an admin queue): the ids of the items still waiting, the latest first. */
  items?: string[];
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

/** `id` first in `ids`, once. */
const toFront = (ids: string[], id: string | null | undefined) => (id ? [id, ...ids.filter((x) => x !== id)] : ids);

/**
 * The grouping rule: an event joins the member's unread entry of its kind and subject (`existing`), or starts one;
 * its actor moves to the front (each actor is there once), so does the item it is about for a kind that gathers what
 * waits, and the entry moves to the top (`at`).
 */
export function gather(
  existing: Gathered | null,
  event: { kind: NotificationKind; actorId: string | null; item?: string; at: string },
): Gathered {
  const actors = toFront(existing?.actors ?? [], event.actorId);
  const { gathering } = NOTIFICATION_KINDS[event.kind];
  if (gathering === 'waiting') {
    const items = toFront(existing?.items ?? [], event.item);
    return { actors, count: items.length, items, updatedAt: event.at };
  }
  const count = gathering === 'actors' ? actors.length : (existing?.count ?? 0) + 1;
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

/**
 * The summary without an item that no longer waits (decided, resolved, gone): unchanged when it did not gather it,
 * null when it was the last (nothing waits), otherwise the others, counted. Its place in the list stays.
 */
export function withoutItem(gathered: Gathered, item: string): Gathered | null {
  const items = gathered.items ?? [];
  if (!items.includes(item)) return gathered;
  const rest = items.filter((id) => id !== item);
  if (rest.length === 0) return null;
  return { actors: gathered.actors, count: rest.length, items: rest, updatedAt: gathered.updatedAt };
}

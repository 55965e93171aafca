import { createHash } from 'node:crypto';
import type { DeliveredEvent } from '@tip/platform';
import { groupKey, isNews, wantsEntry, wantsPush, type NotificationKind } from '../domain/index.js';
import type { NotificationOrigin } from '../infra/notification-store.js';
import { ring } from './bell.js';
import type { NotificationsContext } from './context.js';

/**
 * Something to tell a member: whom, of what kind, about what, by whom (null: nobody named), for an admin queue the
 * item that waits, and its details.
 */
export interface Happening extends Omit<NotificationOrigin, 'kind'> {
  kind: NotificationKind;
  actorId: string | null;
  item?: string;
}

/** What a notification comes of: an event, or a moment of a member's premium (premium-moments.ts). */
export type Occasion = Pick<DeliveredEvent, 'id' | 'occurredAt' | 'correlationId'>;

/**
 * The id of an entry of its own that an event makes for a member: the same whenever the event comes by (so a repeat
 * adds nothing), and an id like any other in an address or a body (letters, digits, - and _).
 */
const entryIdOf = (eventId: string, userId: string) =>
  createHash('sha256').update(`${eventId}:${userId}`).digest('base64url').slice(0, 32);

/**
 * Tells the member what happened, joining their unread entry of its kind and subject where the kind gathers
 * (grouping.ts), then rings their bell. Nothing for an event that is no news (recency.ts), for what a member did
 * themself, for a member erased (or by one), or between members of whom one blocked the other, nor of a group the
 * member switched off in the app; their devices hear of it if they want them to (push.ts).
 */
export async function notify(context: NotificationsContext, happening: Happening, event: Occasion) {
  const { actorId, item, ...origin } = happening;
  const { userId } = origin;
  if (!isNews(event.occurredAt, new Date()) || actorId === userId) return;
  // One round of reads, not three one after the other: each is a round trip to the store, on every event's path.
  const [members, blocked, preferences] = await Promise.all([
    context.members.getMany(actorId ? [userId, actorId] : [userId]),
    actorId ? context.blocks.between(userId, actorId) : false,
    context.preferences.of(userId),
  ]);
  if (members.get(userId)?.deleted || (actorId && members.get(actorId)?.deleted)) return;
  if (blocked || !wantsEntry(preferences, origin.kind)) return;
  const at = new Date().toISOString();
  const group = groupKey(userId, origin.kind, origin.subject);
  const id = group
    ? await context.entries.gather(group, origin, { actorId, item, at })
    : await context.entries.add(entryIdOf(event.id, userId), origin, at);
  await ring(context, userId, [id], event.correlationId);
  if (wantsPush(preferences, origin.kind)) context.pushes.tell(userId, id, origin.kind);
}

/** The actor took back what they did (a like): they leave the member's unread entry of it, which goes if empty. */
export async function withdraw(
  context: NotificationsContext,
  taken: { userId: string; kind: NotificationKind; subject: string; actorId: string },
  correlationId: string,
) {
  const group = groupKey(taken.userId, taken.kind, taken.subject);
  const changed = group && (await context.entries.withdraw(group, taken.actorId));
  if (changed) await ring(context, changed.userId, [changed.id], correlationId);
}

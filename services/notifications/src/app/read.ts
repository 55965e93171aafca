import { decodePosition, DomainError, encodePosition } from '@tip/platform';
import { groupKey } from '../domain/index.js';
import { ring } from './bell.js';
import type { NotificationsContext } from './context.js';
import { pageSize } from './paging.js';
import { notificationView, shownActor } from './views.js';

/** The most ids one MarkRead names. */
export const MARK_READ_MAX_IDS = 100;

/** A page of the member's notifications, the most recently updated first, and the next page's cursor. */
export async function list(context: NotificationsContext, input: { userId: string; cursor: string; limit: number }) {
  const limit = pageSize(input.limit);
  const after = input.cursor ? decodePosition(input.cursor) : null;
  // One more than the page: whether there is a next page, without a second query.
  const found = await context.entries.page(input.userId, after, limit + 1);
  const entries = found.slice(0, limit);
  const members = await context.members.getMany(entries.flatMap((entry) => shownActor(entry) ?? []));
  const last = entries.at(-1);
  return {
    notifications: entries.map((entry) => notificationView(entry, members)),
    nextCursor: found.length > limit && last ? encodePosition({ at: last.updatedAt, id: last._id }) : '',
  };
}

/** The member's unread count as the bell last counted it (capped: bell.ts), read without counting. */
export async function unreadCount(context: NotificationsContext, userId: string) {
  return { count: await context.bells.unread(userId) };
}

/** Marks the member's notifications `ids` read, or all of them; their pages hear of it when any was unread. */
export async function markRead(
  context: NotificationsContext,
  input: { userId: string; ids: string[]; all: boolean },
  correlationId: string,
) {
  const { userId, all } = input;
  const ids = [...new Set(input.ids)];
  if (!all && ids.length === 0) throw new DomainError('INVALID_ARGUMENT', 'notifications.readWhich');
  if (!all && ids.length > MARK_READ_MAX_IDS) throw new DomainError('INVALID_ARGUMENT', 'notifications.readTooMany');
  const marked = await context.entries.markRead(userId, all ? 'all' : ids, new Date().toISOString());
  const unread =
    marked > 0 ? await ring(context, userId, all ? [] : ids, correlationId) : await context.bells.unread(userId);
  return { marked, unreadCount: unread };
}

/** The member read a conversation (in any of their pages): its message notification is read. */
export async function conversationRead(
  context: NotificationsContext,
  input: { userId: string; conversation: string },
  correlationId: string,
) {
  const group = groupKey(input.userId, 'message_received', input.conversation);
  const read = group && (await context.entries.readGroup(group, new Date().toISOString()));
  if (read) await ring(context, input.userId, [read], correlationId);
}

import type { Changed } from '../infra/notification-store.js';
import type { NotificationsContext } from './context.js';

/**
 * The most unread notifications counted: the bell shows 99+ past 99, so counting further would tell no one anything,
 * and a count costs at most this many index entries whatever the member's history (Bells says why it is counted).
 */
export const UNREAD_COUNT_CAP = 100;

/** Tells the member's pages that their notifications `changed`, with their unread count; answers the count. */
export function ring(context: NotificationsContext, userId: string, changed: string[], correlationId: string) {
  return context.bells.ring(
    userId,
    () => context.entries.countUnread(userId, UNREAD_COUNT_CAP),
    changed,
    correlationId,
  );
}

/** Rings each member whose entries changed, once, naming theirs. */
export async function ringEach(context: NotificationsContext, changed: Changed[], correlationId: string) {
  const byMember = new Map<string, string[]>();
  for (const { userId, id } of changed) byMember.set(userId, [...(byMember.get(userId) ?? []), id]);
  for (const [userId, ids] of byMember) await ring(context, userId, ids, correlationId);
}

import type { NotificationsContext } from './context.js';
import { shownActor } from './views.js';

/**
 * Everything notifications holds about the member, for their data export: the notifications they were told, newest
 * first, naming the members who did it by id as they were shown (an anonymous post's author not at all).
 */
export async function exportMember(context: NotificationsContext, userId: string): Promise<{ json: string }> {
  const entries = await context.entries.ofMember(userId);
  const notifications = entries.map((entry) => ({
    id: entry._id,
    kind: entry.kind,
    actorIds: shownActor(entry) === null ? [] : entry.actors,
    count: entry.count,
    postId: entry.postId ?? null,
    reason: entry.reason ?? null,
    credits: entry.credits ?? null,
    months: entry.months ?? null,
    read: entry.read,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  }));
  return { json: JSON.stringify({ notifications }, null, 2) };
}

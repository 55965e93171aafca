import type { NotificationsContext } from './context.js';
import { shownActor } from './views.js';

/**
 * Everything notifications holds about the member, for their data export: the notifications they were told, newest
 * first, naming the members who did it by id as they were shown (an anonymous post's author not at all); their
 * preferences; their devices' subscriptions, by endpoint and when each subscribed (not the keys, which are the
 * devices' own to encrypt for).
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
  const preferences = { ...(await context.preferences.of(userId)), savedAt: await context.preferences.savedAt(userId) };
  const pushSubscriptions = (await context.subscriptions.ofMember(userId)).map(({ endpoint, language, createdAt }) => ({
    endpoint,
    language,
    createdAt,
  }));
  return { json: JSON.stringify({ notifications, preferences, pushSubscriptions }, null, 2) };
}

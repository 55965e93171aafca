import type { NotificationFacts } from '../domain/index.js';
import type { MemberDocument } from '../infra/member-directory.js';
import type { NotificationDocument } from '../infra/notification-store.js';

/** Whom the notification names: its latest actor, unless that is an anonymous post's author (then nobody). */
export const shownActor = (entry: NotificationDocument): string | null =>
  entry.anonymous ? null : (entry.actors[0] ?? null);

/** A notification as its member is shown it (proto Notification), the actor named from the directory. */
export function notificationView(entry: NotificationDocument, members: Map<string, MemberDocument>) {
  const actorId = shownActor(entry);
  const actor = actorId ? members.get(actorId) : undefined;
  return {
    id: entry._id,
    kind: entry.kind,
    actor: actorId
      ? { id: actorId, username: actor?.username ?? '', profileImageUrl: actor?.profileImageUrl ?? '' }
      : null,
    actorCount: entry.actors.length,
    count: entry.count,
    postId: entry.postId ?? '',
    conversationWith: entry.kind === 'message_received' ? (actorId ?? '') : '',
    reason: entry.reason ?? '',
    credits: entry.credits ?? 0,
    months: entry.months ?? 0,
    read: entry.read,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}

/** What the entry's sentence and link are made of (sentences.ts), as the web's Notification says it. */
export function notificationFacts(
  entry: NotificationDocument,
  members: Map<string, MemberDocument>,
): NotificationFacts {
  const view = notificationView(entry, members);
  return {
    kind: entry.kind,
    actor: view.actor && { id: view.actor.id, username: view.actor.username || null },
    actorCount: view.actorCount,
    count: view.count,
    postId: view.postId || null,
    conversationWith: view.conversationWith || null,
    reason: view.reason || null,
    credits: view.credits || null,
    months: view.months || null,
  };
}

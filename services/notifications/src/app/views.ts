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

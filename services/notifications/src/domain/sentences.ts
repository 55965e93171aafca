import type { NotificationKind } from './kinds.js';

/** What a notification's sentence and link are made of: the web's Notification, and the pushes' entries, alike. */
export interface NotificationFacts {
  kind: NotificationKind;
  /** Who did it last; null for a kind without one, and for the unnamed author of an anonymous post. */
  actor: { id: string; username: string | null } | null;
  actorCount: number;
  count: number;
  postId: string | null;
  conversationWith: string | null;
  reason: string | null;
  credits: number | null;
  months: number | null;
}

/**
 * A text of the service's catalogue (`notifications.textPostLiked`…) in the reader's language, i18next's way: `count` picks
 * the language's plural form and `context` a variant ('others', 'anonymous'). The web passes its i18next `t` over the
 * `messages` namespace; the push sender an i18next instance over the same catalogue.
 */
export type Translate = (
  key: string,
  options?: { count?: number; context?: string; [param: string]: unknown },
) => string;

/** The key of a kind's sentence: `post_liked` says `notifications.textPostLiked` (and its plural and context forms). */
const textKey = (kind: NotificationKind) =>
  `notifications.text${kind
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;

/**
 * What a notification says: its sentence and, for a rejection, the reasons. Grouped kinds name the latest actor and
 * count the others ('Marco e altri 3 hanno messo mi piace al tuo post', through the `others` context and the
 * language's plural forms), counted kinds say how many ('3 nuovi messaggi da Marco'); the author of an anonymous post
 * stays unnamed (the `anonymous` context).
 */
export function notificationText(
  notification: NotificationFacts,
  t: Translate,
): { text: string; reason: string | null } {
  const { kind, actor, actorCount, count } = notification;
  const key = textKey(kind);
  const name = actor?.username ?? t('notifications.someone');
  const reason = notification.reason ? t('notifications.reason', { reason: notification.reason }) : null;
  switch (kind) {
    case 'post_liked':
    case 'post_commented':
    case 'post_unlocked':
    case 'telegram_revealed': {
      const others = actorCount - 1;
      return { text: others > 0 ? t(key, { name, count: others, context: 'others' }) : t(key, { name }), reason };
    }
    case 'message_received':
      return { text: t(key, { name, count, ...(actor ? {} : { context: 'anonymous' }) }), reason };
    case 'credits_granted':
    case 'credits_purchased':
      return { text: t(key, { count: notification.credits ?? 0 }), reason };
    case 'premium_purchased':
    case 'premium_granted':
      return { text: t(key, { count: notification.months ?? 0 }), reason };
    case 'verifications_waiting':
    case 'reports_filed':
      return { text: t(key, { count }), reason };
    default:
      return { text: t(key), reason };
  }
}

/**
 * Where a notification leads, a path of the web app: the post it is about, the conversation (with the member, or
 * through the anonymous post whose author is unnamed), the profile of who revealed the member's Telegram, the member's
 * own profile for their verification and credits, the checkout (where premium is bought) for premium granted, ending
 * or ended, the admin console's tab for a queue.
 */
export function notificationLink(notification: NotificationFacts): string {
  const { kind, postId, actor, conversationWith } = notification;
  switch (kind) {
    case 'post_liked':
    case 'post_commented':
    case 'post_unlocked':
    case 'post_approved':
    case 'post_rejected':
    case 'video_ready':
    case 'video_rejected':
      return postId ? `/posts/${encodeURIComponent(postId)}` : '/';
    case 'message_received': {
      const params = new URLSearchParams({
        ...(postId && { post: postId }),
        ...(conversationWith && { user: conversationWith }),
      });
      return `/messages?${params}`;
    }
    case 'telegram_revealed':
      return actor ? `/profile/${encodeURIComponent(actor.id)}` : '/profile';
    case 'premium_granted':
    case 'premium_expiring':
    case 'premium_ended':
      return '/checkout';
    case 'verifications_waiting':
      return '/admin?tab=pending-users';
    case 'reports_filed':
      return '/admin?tab=reports';
    default:
      return '/profile';
  }
}

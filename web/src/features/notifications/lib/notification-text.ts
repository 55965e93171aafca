import type { TFunction } from 'i18next';
import type { Notification } from '../api/types';

/**
 * What a notification says, in the UI language: its sentence and, for a rejection, the reasons. Grouped kinds name
 * the latest actor and count the others ('Marco e altri 3 hanno messo mi piace al tuo post', through the `others`
 * context and the language's plural forms), counted kinds say how many ('3 nuovi messaggi da Marco'); the author of
 * an anonymous post stays unnamed (the `anonymous` context).
 */
export function notificationText(notification: Notification, t: TFunction): { text: string; reason: string | null } {
  const { kind, actor, actorCount, count } = notification;
  const key = `notifications.text.${kind}`;
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

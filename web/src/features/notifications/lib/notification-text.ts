import type { TFunction } from 'i18next';
import { notificationText as sentenceOf, type NotificationFacts } from '@/lib/rules';

/**
 * What a notification says, in the UI language: the notifications service's sentence (its domain's, the one a
 * device is pushed too) over its texts, which are in the server's catalogue (the `messages` namespace).
 */
export function notificationText(
  notification: NotificationFacts,
  t: TFunction,
): { text: string; reason: string | null } {
  return sentenceOf(notification, (key, options) => t(`messages:${key}`, options));
}

import { DomainError, LANGUAGES } from '@tip/platform';
import { isPushServiceEndpoint } from '../domain/index.js';
import type { NotificationsContext } from './context.js';

/** The VAPID public key browsers subscribe with. */
export const pushKey = async (context: NotificationsContext) => ({ publicKey: context.pushKey });

/**
 * Subscribes the member's device (its push service's endpoint and the keys its payloads are encrypted for), in the
 * language its notifications are written in; the same endpoint again replaces the subscription, whoever had it. The
 * endpoint must be a known push service's (PUSH_SERVICE_HOSTS); a member's 11th device replaces their oldest.
 */
export async function subscribe(
  context: NotificationsContext,
  input: { userId: string; endpoint: string; keys?: { p256dh: string; auth: string } | null; language: string },
): Promise<Record<string, never>> {
  const { userId, endpoint, keys, language } = input;
  if (!isPushServiceEndpoint(endpoint, context.pushServiceHosts))
    throw new DomainError('INVALID_ARGUMENT', 'notifications.pushEndpoint');
  if (!keys?.p256dh || !keys.auth) throw new DomainError('INVALID_ARGUMENT', 'notifications.pushKeys');
  if (!(LANGUAGES as readonly string[]).includes(language))
    throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'language' });
  await context.subscriptions.put({ userId, endpoint, keys, language }, new Date().toISOString());
  return {};
}

/** The member's device hears nothing more (signed out there, push turned off); a repeat changes nothing. */
export async function unsubscribe(
  context: NotificationsContext,
  input: { userId: string; endpoint: string },
): Promise<Record<string, never>> {
  await context.subscriptions.unsubscribe(input.userId, input.endpoint);
  return {};
}

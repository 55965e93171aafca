import { readLanguage, type LanguageCode } from '@/i18n/languages';
import { addPushSubscription, getPushKey, removePushSubscription } from '../api/push-subscriptions';
import { forgetSubscribedLanguage, rememberSubscribedLanguage } from './device-language';

/**
 * Whether this browser can be pushed to: 'unsupported' without the Push API (iOS Safari outside an app added to the
 * Home Screen, say), otherwise the site's notification permission ('default' asks first, 'denied' cannot).
 */
export type PushAvailability = 'unsupported' | NotificationPermission;

export function pushAvailability(): PushAvailability {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

/** This device's subscription, if any. Not `serviceWorker.ready`: without a registered worker it never settles. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export const isThisDeviceSubscribed = async () => (await currentSubscription()) !== null;

/** VAPID keys travel base64url-encoded; PushManager takes the key's bytes everywhere (a string only in some browsers). */
const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/**
 * Asks the browser's permission (call it from the member's gesture: browsers ignore a request without one), subscribes
 * this device with the server's key and gives the server the subscription, in the language the app is in. Answers the
 * permission: nothing is subscribed unless it is 'granted'.
 */
export async function subscribeThisDevice(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const [{ publicKey }, registration] = await Promise.all([getPushKey(), navigator.serviceWorker.ready]);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  try {
    await tellServer(subscription, readLanguage());
  } catch (error) {
    // A subscription the server does not know would only make this device look subscribed.
    await subscription.unsubscribe();
    throw error;
  }
  return permission;
}

/** Gives the server this device's subscription, to write its pushes in `language`. */
async function tellServer(subscription: PushSubscription, language: LanguageCode) {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The push subscription carries no endpoint or keys');
  await addPushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, language });
  rememberSubscribedLanguage(language);
}

/** The member chose another language since this device subscribed: its pushes now come in the new one. */
export async function followLanguageChange(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await tellServer(subscription, readLanguage());
  else forgetSubscribedLanguage();
}

/**
 * Ends this device's subscription: the server forgets its endpoint, and the browser drops it even when the server
 * could not be told (its pushes would then fail, and the server drops an endpoint the push service says is gone).
 */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await removePushSubscription(subscription.endpoint);
  } finally {
    forgetSubscribedLanguage();
    await subscription.unsubscribe();
  }
}

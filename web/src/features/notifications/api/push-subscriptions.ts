import { api } from '@/api/client';
import type { PushKey, PushSubscriptionInput } from './types';

/** The server's VAPID public key (base64url), which a browser subscribes with. */
export const getPushKey = () => api<PushKey>('/api/notifications/push/key');

/** Tells the server where to push this device's notifications, and in which language to write them. */
export const addPushSubscription = (subscription: PushSubscriptionInput) =>
  api<undefined>('/api/notifications/push/subscriptions', { method: 'POST', body: subscription });

/** The server pushes no more to this endpoint (204 also when it did not know it). */
export const removePushSubscription = (endpoint: string) =>
  api<undefined>('/api/notifications/push/subscriptions', { method: 'DELETE', body: { endpoint } });

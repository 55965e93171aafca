/**
 * What the member is told happened to them: the top bar's bell, the list (a panel, or a page on phones), the pushes,
 * the settings' section that chooses what and where, and this device's Web Push subscription.
 */
import { lazy } from 'react';

export { NotificationBell } from './components/notification-bell';
export { pushHandlers } from './push-handlers';

export const lazyNotificationsPage = () =>
  import('./pages/notifications-page').then((m) => ({ Component: m.NotificationsPage }));

/** The settings' notifications section; render inside Suspense. */
export const NotificationSettings = lazy(() => import('./components/notification-settings'));

/** Signing out of this device ends its Web Push subscription (loaded then: the first page does not need it). */
export const unsubscribeThisDevice = () => import('./lib/push-device').then((m) => m.unsubscribeThisDevice());

/** What the member is told happened to them: the top bar's bell, the list (a panel, or a page on phones), the pushes. */
export { NotificationBell } from './components/notification-bell';
export { pushHandlers } from './push-handlers';

export const lazyNotificationsPage = () =>
  import('./pages/notifications-page').then((m) => ({ Component: m.NotificationsPage }));

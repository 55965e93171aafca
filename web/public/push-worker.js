/*
 * Web Push in the app's service worker: the sw.js that Workbox generates imports this script (pwa.config.ts,
 * workbox.importScripts). Plain JavaScript, as it is served: the worker is not part of the app's bundle.
 */

/**
 * A push is { id, kind, title, body, url, tag }, written by the server in the device's language. Always shown, even
 * while the app is open on that screen: a push that shows nothing makes Chrome show a notice of its own and Safari end
 * the subscription. The tag replaces the device's earlier notification about the same thing ('3 nuovi messaggi'),
 * silently but for a message: another like need not buzz the phone again, another message should.
 */
self.addEventListener('push', (event) => {
  if (!event.data) return;
  const { kind, title, body, url, tag } = event.data.json();
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag,
      renotify: kind === 'message_received',
      data: { url },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    }),
  );
});

/**
 * A tap opens what the notification is about: in a window of the app already open (the focused one first), else in a
 * new one. Only this origin's addresses: a push names a screen of the app, never another site.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(openApp(url));
});

async function openApp(url) {
  // The windows this worker controls (it claims every page of the app): only those can be navigated.
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (!open) return self.clients.openWindow(url);
  // Raised in the same turn as the tap: browsers let a worker focus a window only just after one.
  return Promise.all([open.navigate(url), open.focus()]);
}

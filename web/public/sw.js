/*
 * Service worker for push notifications only (no caching): shows the turn notification (one per
 * match: same tag replaces), posts the receipt to the server (so the e-mail for that turn is
 * dropped) and opens the seat link on click. Payload: worker/mail/push.ts `PushPayload`.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Mille Bornes', body: event.data ? event.data.text() : '' };
  }
  const shown = self.registration.showNotification(data.title || 'Mille Bornes', {
    body: data.body || '',
    tag: data.tag || undefined,
    data: { url: data.url || '/' },
    icon: '/favicon.svg',
  });
  const ack =
    typeof data.ack === 'string' && data.ack.startsWith(self.location.origin + '/api/mail/push-ack/')
      ? fetch(data.ack, { method: 'POST' }).catch(() => undefined)
      : Promise.resolve();
  event.waitUntil(Promise.all([shown, ack]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = (event.notification.data && event.notification.data.url) || '/';
  // Only this site's pages: a payload can never send the player elsewhere.
  const target = new URL(raw, self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((wins) => {
      const same = wins.find((w) => w.url.split('#')[0] === url.split('#')[0] && 'focus' in w);
      return same ? same.focus() : self.clients.openWindow(url);
    }),
  );
});

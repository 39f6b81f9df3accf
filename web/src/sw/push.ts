/*
 * The service worker's push part (moved here from the former public/sw.js): shows the turn
 * notification (one per match: the same tag replaces it), posts the receipt to the server (so the
 * e-mail for that turn is dropped) and opens the seat link on click, on this site only. Payload:
 * worker/notify `PushPayload` (`title`, `body`, `tag`, `url`, `ack`).
 */
import type { ServiceWorkerScope, WaitingEvent } from './sw';

/** A push message's body (the part of `PushMessageData` read here). */
export interface PushBody {
  json(): unknown;
  text(): string;
}

/** The fields of a push payload this worker reads. */
interface PushData {
  title?: string;
  body?: string;
  tag?: string;
  url?: string;
  ack?: unknown;
}

/** Shows the push's notification and posts its receipt (only to this site's push-ack path). */
export function onPush(sw: ServiceWorkerScope, event: WaitingEvent & { data: PushBody | null }): void {
  let data: PushData = {};
  try {
    data = event.data ? (event.data.json() as PushData) : {};
  } catch {
    data = { title: 'Mille Bornes', body: event.data ? event.data.text() : '' };
  }
  const shown = sw.registration.showNotification(data.title || 'Mille Bornes', {
    body: data.body || '',
    tag: data.tag || undefined,
    data: { url: data.url || '/' },
    icon: '/icons/icon-192.png',
  });
  const ack =
    typeof data.ack === 'string' && data.ack.startsWith(`${sw.location.origin}/api/mail/push-ack/`)
      ? fetch(data.ack, { method: 'POST' }).catch(() => undefined)
      : Promise.resolve();
  event.waitUntil(Promise.all([shown, ack]));
}

/** Opens (or focuses) the notification's page: only a page of this site, whatever the payload says. */
export function onNotificationClick(
  sw: ServiceWorkerScope,
  event: WaitingEvent & { notification: Notification },
): void {
  event.notification.close();
  const raw = (event.notification.data as { url?: string } | null)?.url || '/';
  const target = new URL(raw, sw.location.origin);
  const url = target.origin === sw.location.origin ? target.href : `${sw.location.origin}/`;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((wins) => {
      const same = wins.find((w) => w.url.split('#')[0] === url.split('#')[0] && w.focus);
      return same?.focus ? same.focus() : sw.clients.openWindow(url);
    }),
  );
}

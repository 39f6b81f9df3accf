/**
 * Push notifications on this device: available only when the browser has the Push API and the
 * server publishes a VAPID key (`GET /api/mail/push/key` → `{publicKey}`, null when push is not set
 * up there; asked once per page load); the subscription is sent to `POST /api/mail/push/:id` and
 * removed with `POST /api/mail/push/:id/remove`. The service worker is web/src/sw/ (built into /sw.js). A browser
 * without push is told so; a server without push (`unavailable`) is not offered at all.
 */
import { signal } from '@preact/signals';
import { ApiError } from './api';

/**
 * `unknown` until checked; `unavailable` when the server has no push; `unsupported` when this browser
 * has none; `on` when this device has a subscription.
 */
export const pushState = signal<'unknown' | 'unavailable' | 'unsupported' | 'denied' | 'off' | 'on'>(
  'unknown',
);

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined'
  );
}

/** The server's key, asked once per page load (a failed request is asked again next time). */
let keyRequest: Promise<string | null> | null = null;

function serverKey(): Promise<string | null> {
  keyRequest ??= fetch('/api/mail/push/key')
    .then(async (res) => {
      if (!res.ok) throw new Error(`push key: ${res.status}`);
      return ((await res.json()) as { publicKey?: string | null }).publicKey ?? null;
    })
    .catch(() => {
      keyRequest = null;
      return null;
    });
  return keyRequest;
}

function keyBytes(base64url: string): Uint8Array {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** Finds out whether push can be offered here, and whether it is on. */
export async function checkPush(): Promise<void> {
  if (!supported()) {
    pushState.value = 'unsupported';
    return;
  }
  if (!(await serverKey())) {
    pushState.value = 'unavailable';
    return;
  }
  if (Notification.permission === 'denied') {
    pushState.value = 'denied';
    return;
  }
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  pushState.value = sub ? 'on' : 'off';
}

/** Asks permission, subscribes this device and registers it for the seat; a refusal throws an `ApiError`. */
export async function subscribePush(matchId: string, token: string): Promise<void> {
  const key = await serverKey();
  if (!key) {
    pushState.value = 'unavailable';
    return;
  }
  const reg = await navigator.serviceWorker.register('/sw.js');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    pushState.value = permission === 'denied' ? 'denied' : 'off';
    return;
  }
  const sub = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key) as BufferSource,
  });
  const res = await fetch(`/api/mail/push/${encodeURIComponent(matchId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ subscription: sub.toJSON() }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    throw new ApiError(res.status, body?.error?.code ?? `http.${res.status}`, 'push registration refused');
  }
  pushState.value = 'on';
}

/** Removes this device's subscription for the seat. */
export async function unsubscribePush(matchId: string, token: string): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await fetch(`/api/mail/push/${encodeURIComponent(matchId)}/remove`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: sub.endpoint }),
    });
    await sub.unsubscribe();
  }
  pushState.value = 'off';
}

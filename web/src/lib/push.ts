/**
 * Push notifications on this device: available only when the browser has the Push API and the
 * server publishes a VAPID key (`GET /api/mail/push/key` → `{publicKey}`); the subscription is sent
 * to `POST /api/mail/push/:id` and removed with `POST /api/mail/push/:id/remove`. The service worker
 * is web/public/sw.js. Otherwise the setting says that push is not available.
 */
import { signal } from '@preact/signals';

/** `unknown` until checked; `on` when this device has a subscription. */
export const pushState = signal<'unknown' | 'unsupported' | 'denied' | 'off' | 'on'>('unknown');

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined'
  );
}

async function serverKey(): Promise<string | null> {
  try {
    const res = await fetch('/api/mail/push/key');
    if (!res.ok) return null;
    const body = (await res.json()) as { publicKey?: string };
    return body.publicKey ?? null;
  } catch {
    return null;
  }
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
  if (!supported() || !(await serverKey())) {
    pushState.value = 'unsupported';
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

/** Asks permission, subscribes this device and registers it for the seat. */
export async function subscribePush(matchId: string, token: string): Promise<void> {
  const key = await serverKey();
  if (!key) {
    pushState.value = 'unsupported';
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
  if (!res.ok) throw new Error(`push registration refused (${res.status})`);
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

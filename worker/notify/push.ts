/**
 * Web Push, the second channel: subscriptions (validated, only well-known push services so the
 * server never POSTs to an arbitrary URL), and sending one encrypted notification with
 * @pushforge/builder (Web Crypto only: runs on Workers, unlike the `web-push` package). VAPID
 * keys come from the env (VAPID_PUBLIC_KEY var, VAPID_PRIVATE_KEY secret as JWK JSON).
 */
import { buildPushHTTPRequest } from '@pushforge/builder';
import * as v from 'valibot';
import type { MailEnv } from './types';

/** Hosts of the browser push services (Chrome/Edge via FCM, Firefox, Safari, old Edge). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** True when `host` is a push service host or a subdomain of one. */
export function isPushServiceHost(host: string): boolean {
  const h = host.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((p) => h === p || h.endsWith(`.${p}`));
}

const B64url = v.pipe(v.string(), v.minLength(16), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/** A browser's `PushSubscription.toJSON()`, restricted to https endpoints of known push services. */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string(),
    v.maxLength(1000),
    v.url(),
    v.check((s) => {
      const u = new URL(s);
      return u.protocol === 'https:' && isPushServiceHost(u.hostname);
    }, 'not a known push service'),
  ),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    p256dh: B64url,
    auth: v.pipe(v.string(), v.minLength(16), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+={0,2}$/)),
  }),
});
export type PushSubscriptionJSON = v.InferOutput<typeof PushSubscriptionSchema>;

/** What the service worker (web/src/sw/push.ts) shows. `url` opens on click; `ack` is posted back on receipt. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Notifications with the same tag replace each other (one per match). */
  tag: string;
  /** Receipt URL the service worker POSTs to when the push arrives (drops the e-mail of that turn). */
  ack?: string;
}

/** Outcome of one push. `gone`: the subscription is dead (404/410), delete it. */
export type PushResult =
  | { ok: true }
  | {
      ok: false;
      code: 'push.not_configured' | 'push.gone' | 'push.rejected' | 'push.provider_error' | 'push.network';
      retryable: boolean;
      message: string;
    };

/** True when the env has what pushing needs. */
export function pushConfigured(env: Pick<MailEnv, 'VAPID_PRIVATE_KEY' | 'VAPID_PUBLIC_KEY'>): boolean {
  return Boolean(env.VAPID_PRIVATE_KEY && env.VAPID_PUBLIC_KEY);
}

/**
 * Sends one notification. The push service answers 201 when it accepted the message; 404/410 mean
 * the subscription expired (`push.gone`); 429/5xx are retryable. TTL in seconds (≤ 24 h).
 */
export async function sendPush(opts: {
  env: Pick<MailEnv, 'VAPID_PRIVATE_KEY' | 'VAPID_PUBLIC_KEY' | 'VAPID_SUBJECT'>;
  subscription: PushSubscriptionJSON;
  payload: PushPayload;
  ttlSeconds?: number;
  fetch?: typeof fetch;
}): Promise<PushResult> {
  const { env } = opts;
  if (!pushConfigured(env)) {
    return { ok: false, code: 'push.not_configured', retryable: false, message: 'VAPID keys are not set' };
  }
  let request: Awaited<ReturnType<typeof buildPushHTTPRequest>>;
  try {
    request = await buildPushHTTPRequest({
      privateJWK: env.VAPID_PRIVATE_KEY!,
      subscription: { endpoint: opts.subscription.endpoint, keys: opts.subscription.keys },
      message: {
        payload: { ...opts.payload },
        adminContact: env.VAPID_SUBJECT || 'mailto:admin@localhost',
        options: {
          ttl: Math.min(86_400, Math.max(60, opts.ttlSeconds ?? 86_400)),
          urgency: 'normal',
          topic: topicOf(opts.payload.tag),
        },
      },
    });
  } catch (e) {
    return { ok: false, code: 'push.rejected', retryable: false, message: String(e).slice(0, 200) };
  }
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
  } catch (e) {
    return { ok: false, code: 'push.network', retryable: true, message: String(e).slice(0, 200) };
  }
  if (res.status >= 200 && res.status < 300) return { ok: true };
  const message = `push ${res.status}`;
  if (res.status === 404 || res.status === 410)
    return { ok: false, code: 'push.gone', retryable: false, message };
  if (res.status === 429 || res.status >= 500)
    return { ok: false, code: 'push.provider_error', retryable: true, message };
  return { ok: false, code: 'push.rejected', retryable: false, message };
}

/** The Topic header allows only 32 base64url characters. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'mb';
}

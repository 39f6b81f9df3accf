/**
 * What crosses the wire for mail and push: the request bodies of /api/mail/* (valibot schemas,
 * unknown fields refused) and the requests the Worker hands the match Durable Object's `mail` RPC
 * method (answered by the notifier in worker/notify/notifier.ts).
 */
import * as v from 'valibot';
import { AddressSchema } from '../address';
import { type PushSubscriptionJSON, PushSubscriptionSchema } from './push';

/** POST /api/mail/my-matches (JSON or form): the address to send the magic link to. */
export const MyMatchesRequestSchema = v.strictObject({
  email: AddressSchema,
  language: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/))),
});

/** POST /api/mail/my-matches/list: the magic link's fragment `k=<addressKey>.<token>`, split. */
export const MyMatchesListSchema = v.strictObject({
  key: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});

/** POST /api/mail/push/:id (seat): store this browser's push subscription for the caller's seat. */
export const PushSubscribeSchema = v.strictObject({ subscription: PushSubscriptionSchema });

/** DELETE-like POST /api/mail/push/:id/remove (seat): forget a subscription by endpoint. */
export const PushRemoveSchema = v.strictObject({ endpoint: v.pipe(v.string(), v.maxLength(1000)) });

/** A request to the match Durable Object's `mail` RPC method. */
export type MailRpc =
  | { op: 'pushSubscribe'; subscription: PushSubscriptionJSON }
  | { op: 'pushRemove'; endpoint: string }
  | { op: 'pushAck'; ack: string }
  | { op: 'links'; addressKey: string; origin: string };

/** One of the caller's seats in a match, with a fresh seat link (answer to `links`). */
export interface SeatLink {
  matchId: string;
  seat: number;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  yourTurn: boolean;
  url: string;
}

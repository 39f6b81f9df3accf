/**
 * The mail and push requests a match answers (worker/routes/mail.ts, through the match's `mail`
 * RPC method): push subscriptions of a seat, the ack of a delivered push, and the seat links of an
 * address ("my matches").
 */

import { actingSeat } from '../engine/index';
import type { Reply } from '../reply';
import { isKeyOf } from './address';
import type { OutboxRow } from './outbox';
import { wake } from './plan';
import type { MailRpc, SeatLink } from './protocol';
import { pushConfigured } from './push';
import { err, type MailScope, type NotifyCaller, pushEnv } from './scope';

/** Subscriptions kept per seat (one per browser/device). */
const MAX_PUSH_SUBS = 5;

/** Answers one mail request from `caller`: 200 `{ ok: true }` or `{ seats }`, or a 4xx error reply. */
export async function mailRequest(n: MailScope, caller: NotifyCaller, req: MailRpc): Promise<Reply> {
  const meta = n.ctx.match();
  if (!meta) return err(404, 'match.not_found', 'No match with this id.');
  const sql = n.ctx.sql;
  const now = n.now();
  switch (req.op) {
    case 'pushSubscribe': {
      if (caller.seat === null)
        return err(403, 'auth.not_a_seat', 'Only a player with a seat link can subscribe.');
      if (!pushConfigured(pushEnv(n)))
        return err(409, 'push.not_configured', 'Push is not set up on this server.');
      n.pushSubs.ensure();
      sql.exec(
        'INSERT OR REPLACE INTO push_subs (seat, endpoint, sub, created_at) VALUES (?, ?, ?, ?)',
        caller.seat,
        req.subscription.endpoint,
        JSON.stringify(req.subscription),
        now,
      );
      sql.exec(
        `DELETE FROM push_subs WHERE seat = ? AND endpoint NOT IN
         (SELECT endpoint FROM push_subs WHERE seat = ? ORDER BY created_at DESC LIMIT ?)`,
        caller.seat,
        caller.seat,
        MAX_PUSH_SUBS,
      );
      return { status: 200, body: { ok: true } };
    }
    case 'pushRemove': {
      if (caller.seat === null)
        return err(403, 'auth.not_a_seat', 'Only a player with a seat link can unsubscribe.');
      if (n.pushSubs.exists())
        sql.exec('DELETE FROM push_subs WHERE seat = ? AND endpoint = ?', caller.seat, req.endpoint);
      return { status: 200, body: { ok: true } };
    }
    case 'pushAck': {
      const push = sql
        .exec<OutboxRow>(`SELECT * FROM mail_outbox WHERE kind = 'push' AND ack = ?`, req.ack)
        .toArray()[0];
      if (!push) return err(404, 'push.unknown', 'No such notification.');
      // The push reached the device: the mails of the same turn are not needed.
      sql.exec(
        `UPDATE mail_outbox SET status = 'dropped', error = 'push.delivered', prepared = NULL
         WHERE grp = ? AND kind != 'push' AND status = 'queued'`,
        push.grp,
      );
      sql.exec(`UPDATE mail_outbox SET error = 'push.delivered' WHERE key = ?`, push.key);
      wake(n, now);
      return { status: 200, body: { ok: true } };
    }
    case 'links': {
      const out: SeatLink[] = [];
      const state = meta.state;
      for (const s of n.ctx.seats()) {
        if (s.kind !== 'human' || !s.email) continue;
        if (!(await isKeyOf(s.email, req.addressKey, n.ctx.env))) continue;
        out.push({
          matchId: meta.matchId,
          seat: s.seat,
          title: meta.config.title,
          status: meta.status,
          yourTurn: state !== null && meta.status === 'playing' && actingSeat(state) === s.seat,
          url: await n.ctx.mintSeatLink(s.seat, req.origin),
        });
      }
      return { status: 200, body: { seats: out } };
    }
  }
}

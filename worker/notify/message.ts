/**
 * The message of one outbox row: its content (the events since the seat's last turn, deadlines,
 * scores) rendered by worker/notify/compose.ts in the seat's language, with a fresh seat link and the
 * mute link. The words live in compose.ts; this file only gathers what they are about.
 */
import type { GameEvent } from '../engine/index';
import { composeMail, type MailContent } from './compose';
import { mintSeatLink } from './links';
import type { OutboxRow } from './outbox';
import { turnDeadline } from './plan';
import type { IntentData } from './policy';
import type { MailScope } from './scope';
import type { OutgoingMail } from './types';

/**
 * The composed message of an outbox row to `to`, and the seat link minted for it. `key` is the
 * address key and `muteToken` the address's mute token (null: a placeholder) for the mute link.
 */
export async function composeRow(
  n: MailScope,
  row: OutboxRow,
  to: string,
  key: string,
  muteToken: string | null,
  origin: string,
  now: number,
): Promise<{ mail: OutgoingMail; seatUrl: string }> {
  const meta = n.ctx.meta()!;
  const seats = n.ctx.seats();
  const seat = seats[row.seat];
  const state = meta.state;
  const data = JSON.parse(row.data) as IntentData;
  const table = {
    names: seats.map((s) => s.name),
    teams: state ? state.teams : seats.map((s) => [s.seat]),
    reader: row.seat,
  };
  let content: MailContent;
  switch (data.kind) {
    case 'invitation':
      content = { kind: 'invitation', host: seats[0]?.name ?? '' };
      break;
    case 'yourTurn':
      content = {
        kind: 'yourTurn',
        table,
        events: eventsSinceLastTurn(n, row.seat),
        // Between hands the deadline is the match's (seat -1): when the next hand starts by itself.
        deadline: dateOrNull(turnDeadline(n, data.between ? -1 : row.seat)),
        now: new Date(now),
        ...(data.between ? { handOver: data.hand } : {}),
      };
      break;
    case 'reminder': {
      const deadline = turnDeadline(n, row.seat);
      content = deadline
        ? { kind: 'reminder', deadline: new Date(deadline), now: new Date(now) }
        : { kind: 'yourTurn', table, events: [], deadline: null, now: new Date(now) };
      break;
    }
    case 'responseWindow':
      content = {
        kind: 'responseWindow',
        table,
        attacker: data.attacker,
        hazard: data.hazard,
        target: data.target,
        deadline: dateOrNull(n.ctx.schedule.get('window', '')?.atMs ?? null),
      };
      break;
    case 'botTookOver':
      content = { kind: 'botTookOver', scope: data.scope };
      break;
    case 'finished':
      content = { kind: 'finished', table, scores: data.scores, winners: data.winners };
      break;
  }
  const seatUrl = await mintSeatLink(n, row.seat, now, origin);
  const mute = muteToken
    ? `${origin}/api/mail/mute/${key}/${meta.matchId}/${muteToken}`
    : `${origin}/api/mail/mute/${key}/${meta.matchId}/-`;
  const composed = composeMail(
    {
      language: seat.language,
      matchTitle: meta.config.title,
      recipientName: seat.name,
      links: { seat: seatUrl, mute },
    },
    content,
  );
  return {
    mail: {
      to,
      subject: composed.subject,
      text: composed.text,
      html: composed.html,
      headers: composed.headers,
      idempotencyKey: `${meta.matchId}:${row.key}`,
    },
    seatUrl,
  };
}

/**
 * Public events since the seat's own last move (within the last 300 log rows). A log row holds a
 * request's move and the moves the server made right after it (`payload` is then a list of
 * steps, each with its number of events); the seat's own leading steps are skipped.
 */
function eventsSinceLastTurn(n: MailScope, seat: number): GameEvent[] {
  const rows = n.ctx.sql
    .exec<{ seq: number; seat: number; payload: string; events: string }>(
      `SELECT seq, seat, payload, events FROM log WHERE seq >= COALESCE(
         (SELECT MAX(seq) FROM log WHERE seat = ? AND kind = 'move' AND actor != 'server'), 0)
       ORDER BY seq DESC LIMIT 300`,
      seat,
    )
    .toArray()
    .reverse();
  const out: GameEvent[] = [];
  rows.forEach((r, i) => {
    const events = JSON.parse(r.events) as GameEvent[];
    if (i > 0 || r.seat !== seat) {
      out.push(...events);
      return;
    }
    const payload = JSON.parse(r.payload) as unknown;
    if (!Array.isArray(payload)) return; // one move per row: all of it was the seat's own
    let skip = 0;
    for (const step of payload as Array<{ seat: number; actor: string; events: number }>) {
      if (step.seat !== seat || step.actor === 'server') break;
      skip += step.events;
    }
    out.push(...events.slice(skip));
  });
  return out;
}

function dateOrNull(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}

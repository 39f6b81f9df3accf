/**
 * The message of one outbox row: its content (the events and chat lines since the seat's last turn,
 * deadlines, scores) rendered by worker/notify/compose.ts in the seat's language, with a fresh seat link, the
 * mute link of the match's rematch chain and the address's "stop all mail" link. The words live in
 * compose.ts; this file only gathers what they are about.
 */

import { REMATCH_LAPSE_MS } from '../protocol/views';
import type { MailTokens } from './address-do';
import { composeMail, type IdleAction, type MailContent } from './compose';
import type { MailPlay } from './mail-position';
import type { OutboxRow } from './outbox';
import { turnDeadline } from './plan';
import type { IntentData } from './policy';
import type { MailScope } from './scope';
import type { OutgoingMail } from './types';

/**
 * The composed message of an outbox row to `to`, and the seat link minted for it. `key` is the
 * address key and `tokens` the address's mute and block tokens (null: placeholders, for a push).
 * `paused`: the row is a catch-up after a daily quota's pause, carrying these earlier mails' subjects
 * (catch-up.ts).
 */
export async function composeRow(
  n: MailScope,
  row: OutboxRow,
  to: string,
  key: string,
  tokens: MailTokens | null,
  origin: string,
  now: number,
  paused?: readonly string[],
): Promise<{ mail: OutgoingMail; seatUrl: string }> {
  const meta = n.ctx.match()!;
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
        events: n.ctx.eventsSinceLastTurn(row.seat),
        chat: n.ctx.chatSinceLastTurn(row.seat),
        results: state?.results ?? [],
        // Between hands the deadline is the match's: when the next hand starts by itself.
        deadline: dateOrNull(turnDeadline(n, data.between ? 'handOver' : row.seat)),
        now: new Date(now),
        ...(data.between ? { handOver: data.hand } : { idle: idleOf(meta.config.onDeadline, seat.prefs) }),
        ...(await playOf(n, row.seat, origin)),
      };
      break;
    case 'reminder': {
      const deadline = turnDeadline(n, row.seat);
      // The turn's position and move links, with or without a deadline (as the turn mail has them).
      const play = await playOf(n, row.seat, origin);
      content = deadline
        ? {
            kind: 'reminder',
            deadline: new Date(deadline),
            now: new Date(now),
            idle: idleOf(meta.config.onDeadline, seat.prefs),
            table,
            ...play,
          }
        : // A match with no deadline: its one reminder (24 h into the turn) says whose turn it is.
          { kind: 'yourTurn', table, events: [], deadline: null, now: new Date(now), ...play };
      break;
    }
    case 'responseWindow':
      content = {
        kind: 'responseWindow',
        table,
        attacker: data.attacker,
        hazard: data.hazard,
        target: data.target,
        deadline: dateOrNull(n.ctx.windowDeadline()),
        now: new Date(now),
        // The hint's words fit the reader's coup-fourré choice (compose.ts `windowHint`).
        ...(state ? { mode: state.responses[row.seat], quickRemedy: state.rules.options.quickRemedy } : {}),
        ...(await playOf(n, row.seat, origin)),
      };
      break;
    case 'botTookOver':
      content = { kind: 'botTookOver', scope: data.scope, ...(data.why ? { why: data.why } : {}) };
      break;
    case 'finished':
      content = {
        kind: 'finished',
        table,
        scores: data.scores,
        winners: data.winners,
        ...(data.left === undefined ? {} : { left: data.left }),
      };
      break;
    case 'playerLeft':
      content = { kind: 'playerLeft', table, seat: data.seat, outcome: data.outcome };
      break;
    case 'rematchOffer':
      content = {
        kind: 'rematchOffer',
        by: data.by === null ? null : (seats[data.by]?.name ?? ''),
        lapsesAt: new Date(data.atMs + REMATCH_LAPSE_MS),
        now: new Date(now),
      };
      break;
  }
  const seatUrl = await n.ctx.mintSeatLink(row.seat, origin);
  // Mutes are per rematch chain: the link names the chain's first match.
  const mute = `${origin}/api/mail/mute/${key}/${meta.chainId}/${tokens?.mute ?? '-'}`;
  const block = `${origin}/api/mail/block/${key}/${tokens?.block ?? '-'}`;
  const composed = composeMail(
    {
      language: seat.language,
      matchTitle: meta.config.title,
      // An invited guest who never chose a name is not greeted as "Player 2".
      recipientName: seat.prefs.invited === 'unnamed' ? null : seat.name,
      links: { seat: seatUrl, mute, block },
      ...(seat.prefs.timeZone ? { timeZone: seat.prefs.timeZone } : {}),
      ...(paused ? { paused } : {}),
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

/** The reader's position and suggested moves for a turn's mail (`{ play }`), or nothing. */
async function playOf(n: MailScope, seat: number, origin: string): Promise<{ play?: MailPlay }> {
  const play = (await n.ctx.mailPlay?.(seat, origin)) ?? null;
  return play ? { play } : {};
}

/** What a turn's mail says happens at its deadline, with the reader's time zone. */
function idleOf(action: 'bot' | 'skip', prefs: { timeZone?: string }): IdleAction {
  return prefs.timeZone ? { action, timeZone: prefs.timeZone } : { action };
}

function dateOrNull(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}

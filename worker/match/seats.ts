/**
 * Changes to one seat after creation: a player's own settings (language, e-mail, notifications,
 * coup-fourré response mode, which is logged so replay still matches), the host handing a seat to a
 * bot, and the player taking it back. Callers are identified by their token's hash (context.ts).
 * Every change goes through the commit path.
 */
import { setResponseMode } from '../engine/index';
import type { BudgetPayer } from '../notify/budget';
import type { Settings } from '../protocol';
import { error, NOT_FOUND, type Reply } from '../reply';
import { commit, type Opening } from './commit';
import type { MatchContext } from './context';
import { payAddresses } from './lifecycle';
import { revokeSeatLinks } from './seat-links';
import { infoFor } from './views';

/**
 * Changes the caller's own seat settings. 200 with their MatchInfo; 403 `auth.not_a_seat`; 409
 * `match.finished` for a response-mode change once the match is over (nothing is written); 429
 * `mail.daily_limit` when a new address would pass the daily budget charged to `payer` (IP key
 * and limits, notify/budget.ts; nothing is written). A new or removed e-mail address revokes the
 * seat links sent by mail (seat-links.ts). A response-mode change is a log row (replay needs it);
 * an unchanged mode writes none. Switching to `auto` while the seat's own response window is open
 * applies the automatic answer at once (logged as by the `server` and pushed like any move).
 */
export async function changeSettings(
  m: MatchContext,
  who: string | null,
  s: Settings,
  payer: BudgetPayer,
): Promise<Reply> {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat === null)
    return error(403, 'auth.not_a_seat', 'Only a player with a seat link has settings.');
  const seat = caller.seat;
  const current = m.seats[seat].email;
  if (s.email && s.email.toLowerCase() !== current?.toLowerCase()) {
    // A new address costs the daily budget, so settings cannot turn a seat into a way to mail strangers.
    const unpaid = await payAddresses(m, payer, 1);
    if (unpaid) return unpaid;
  }
  const state = m.state;
  const modeChanges =
    s.responseMode !== undefined && state !== null && setResponseMode(state, seat, s.responseMode) !== state;
  if (modeChanges && (meta.status === 'finished' || state.phase === 'matchOver'))
    return error(409, 'match.finished', 'The match is over: its coup-fourré setting can no longer change.');
  const row = { ...m.seats[seat] };
  if (s.language !== undefined) row.language = s.language;
  // Mails sent to the old address must no longer open the seat (deleted here at once; the
  // rematch's copies once the request's other changes are made).
  const revoking = s.email !== undefined && s.email !== row.email ? revokeSeatLinks(m, seat) : null;
  if (s.email !== undefined) row.email = s.email;
  if (s.emailNotifications !== undefined) row.emailNotifications = s.emailNotifications;
  if (s.responseMode !== undefined && !state) row.responseMode = s.responseMode;
  m.setSeat(row);
  const opening: Opening =
    modeChanges && s.responseMode !== undefined
      ? { kind: 'responseMode', seat, mode: s.responseMode }
      : { kind: 'none' };
  const done = commit(m, { reason: 'settings', seat, opening }, caller);
  await revoking;
  return { status: 200, body: done.ok ? done.info : infoFor(m, caller) };
}

/**
 * The host hands a human seat to a bot (until the player takes it back). 200 with the host's
 * MatchInfo; 403 `auth.not_host`, 404 `seat.not_found`, 409 `seat.not_human` / `match.not_playing` /
 * `seat.last_human` (every other human seat is already played by a bot).
 */
export function giveToBot(m: MatchContext, who: string | null, seat: number): Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  if (!m.caller(who).host) return error(403, 'auth.not_host', 'Only the host can give a seat to a bot.');
  const row = m.seats[seat];
  if (!row) return error(404, 'seat.not_found', `There is no seat ${seat}.`);
  if (row.kind !== 'human')
    return error(409, 'seat.not_human', 'Only a player’s seat can be given to a bot.');
  if (meta.status !== 'playing') return error(409, 'match.not_playing', 'The match is not being played.');
  const othersPlaying = m.seats.some((s, i) => i !== seat && s.kind === 'human' && !s.standIn);
  if (!row.standIn && !othersPlaying) {
    // Bots alone would play the match out at once, to nobody's benefit (and on the daily budget).
    return error(409, 'seat.last_human', 'At least one player must keep their seat; bots do not play alone.');
  }
  if (!row.standIn) {
    m.setSeat({ ...row, standIn: true });
    commit(m, { reason: 'seat', seat, opening: { kind: 'seatToBot' } });
  }
  return { status: 200, body: infoFor(m, m.caller(who)) };
}

/** A player takes their seat back from the bot. 200 with their MatchInfo, 403 `auth.not_your_seat`. */
export function reclaim(m: MatchContext, who: string | null, seat: number): Reply {
  if (!m.meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat !== seat)
    return error(403, 'auth.not_your_seat', 'Only this seat’s link can take it back.');
  const row = m.seats[seat];
  if (row.standIn) {
    m.setSeat({ ...row, standIn: false });
    commit(m, { reason: 'seat', seat, opening: { kind: 'none' } });
  }
  return { status: 200, body: infoFor(m, caller) };
}

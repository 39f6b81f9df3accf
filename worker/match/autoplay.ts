/**
 * The moves the server makes without a player: the automatic draw when the rules leave no choice,
 * bots (bot seats and stand-ins, inline when the bot delay is 0), and the moves of a timed-out
 * turn (a bot's, or a skip), the automatic answer of a response window. A bot sees only its seat's view and the hand's public events.
 */
import { autoResponse, type GameEvent, type Move, viewFor } from '../engine/index';
import type { Actor } from '../protocol';
import { chooseBotMove } from './bot-adapter';
import type { MatchContext } from './context';
import { apply, handEvents } from './log';
import { actorOf, forcedDraw, skipMove } from './turns';

/** Upper bound of automatic moves in one change (draws, inline bots): a guard, never reached in play. */
const MAX_AUTO_MOVES = 5000;

/** The bot's move for `seat`, from that seat's view only (and the hand's public events for experts). */
function botMove(m: MatchContext, seat: number): Move | null {
  const state = m.meta!.state!;
  const level = m.seats[seat].botLevel;
  const log = level === 'expert' ? handEvents(m) : undefined;
  return chooseBotMove(viewFor(state, seat), level, `${m.meta!.matchId}:${seat}`, log);
}

/**
 * A bot plays one seat's turn: the bot-controlled seat that must act now (a bot seat or a
 * stand-in), or `seat` after its deadline, until someone else must act. Also starts the next
 * hand when no human is left to do it. Returns the events of its moves.
 */
export function botTurn(m: MatchContext, actor: Actor, seat?: number): GameEvent[] {
  const meta = m.meta!;
  const events: GameEvent[] = [];
  // One seat's turn: the given seat, or the bot-controlled seat that must act now.
  const first = meta.state ? actorOf(meta.state) : null;
  const who = seat ?? (first !== null && m.botControlled(first) ? first : null);
  for (let i = 0; i < 50; i++) {
    const state = meta.state!;
    if (state.phase === 'handOver' && seat === undefined && m.seats.every((s) => m.botControlled(s.seat))) {
      events.push(...(apply(m, 0, actor, { type: 'nextHand' }) ?? []));
      break;
    }
    const a = actorOf(state);
    if (a === null || a !== who) break;
    const move = botMove(m, a);
    const ev = move && apply(m, a, actor, move);
    if (!ev) break;
    events.push(...ev);
  }
  return events;
}

/** Skips `seat`'s timed-out turn (match setting `skip`); returns the events. */
export function skipTurn(m: MatchContext, seat: number): GameEvent[] {
  const events: GameEvent[] = [];
  for (let i = 0; i < 5; i++) {
    const state = m.meta!.state!;
    if (actorOf(state) !== seat) break;
    const move = skipMove(state, seat);
    const ev = move && apply(m, seat, 'timeout', move);
    if (!ev) break;
    events.push(...ev);
  }
  return events;
}

/**
 * Applies the automatic answer (the engine's `autoResponse`) of `seat`'s open response window, then
 * what follows it (`settle`); logged like any move, as `actor`. Used when the window times out and
 * when the seat switches to `auto` while asked. Null (nothing changed) when `seat` is not the asked
 * seat of an open window.
 */
export function answerWindow(m: MatchContext, seat: number, actor: Actor): GameEvent[] | null {
  const state = m.meta!.state;
  if (state?.phase !== 'respond' || actorOf(state) !== seat) return null;
  const answer = autoResponse(state);
  const events = answer && apply(m, seat, actor, answer);
  if (!events) return null;
  events.push(...settle(m));
  return events;
}

/**
 * After a change: the automatic draws (no choice of draw), bots inline when the bot delay is 0,
 * the end of the match. Returns the events of the automatic moves.
 */
export function settle(m: MatchContext): GameEvent[] {
  const meta = m.meta!;
  const events: GameEvent[] = [];
  const inline = m.botDelayMs() === 0;
  for (let i = 0; i < MAX_AUTO_MOVES; i++) {
    const state = meta.state!;
    if (state.phase === 'matchOver') break;
    const a = actorOf(state);
    if (a !== null && !m.botControlled(a)) {
      const draw = forcedDraw(state, a);
      if (!draw) break;
      const ev = apply(m, a, 'server', draw);
      if (!ev) break;
      events.push(...ev);
      continue;
    }
    if (!inline) break;
    const ev = botTurn(m, 'bot');
    if (ev.length === 0) break;
    events.push(...ev);
  }
  return events;
}

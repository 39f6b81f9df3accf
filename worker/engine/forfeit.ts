/**
 * Ending a match early because a player left it (leaving a match). Leaving is a platform
 * rule, not a rule of the game: RULES.md has no such section. The match server decides when a leave
 * ends the match (a 2-player match, or the last human leaving) and calls `forfeit`; the engine says
 * what the ended match looks like, so replay rebuilds the same state from the log row.
 */

import { teamOf } from '../shared/teams';
import { Draft } from './draft';
import type { EngineError, GameEvent, MatchState } from './types';

/** A match ended by a forfeit: the new state and its public events, or why it cannot end now. */
export type ForfeitResult =
  | { ok: true; state: MatchState; events: GameEvent[] }
  | { ok: false; error: EngineError };

/**
 * Ends the match now with `seat`'s team forfeiting (platform rule, not in RULES.md): every OTHER
 * team wins the match (individual play: every other seat; partnership: the other team). The hand in
 * progress is not scored: the totals stay those of the finished hands. Phase `matchOver`, version + 1,
 * any open response window closed; one public event, `matchOver` with the winners and the totals.
 * Refused (`phase.wrong`) once the match is over, `seat.invalid` for a seat not in the match.
 * No move is legal afterwards (`legalMoves` answers nothing in `matchOver`).
 */
export function forfeit(state: MatchState, seat: number): ForfeitResult {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats)
    return { ok: false, error: { code: 'seat.invalid', message: `There is no seat ${seat}.` } };
  if (state.phase === 'matchOver')
    return { ok: false, error: { code: 'phase.wrong', message: 'The match is already over.' } };
  const d = new Draft(state);
  const loser = teamOf(state, seat);
  const winners = state.teams.flatMap((_, team) => (team === loser ? [] : [team]));
  d.s.phase = 'matchOver';
  d.s.window = null;
  d.s.matchWinners = winners;
  d.emit({ type: 'matchOver', winners, scores: d.s.scores.slice() });
  return { ok: true, state: d.s, events: d.events };
}

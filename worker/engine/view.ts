/**
 * Views: what one seat (or a spectator) may see of a match. A view never holds another seat's hand,
 * the draw pile's order, the seed or the generator state. RULES.md §2 ("hands are secret; everything
 * played is public").
 */

import type { CardId } from './cards';
import { copyTableau } from './draft';
import { legalMoves } from './legal';
import { isLimited, isRolling, top, twoHundreds } from './tableau';
import type { MatchState, MatchView, Move, TableauView } from './types';
import { whyNot } from './why-not';

export { isLimited, isRolling };

/** The public view of every tableau, with derived facts (rolling, limited, 200s used). */
export function tableauViews(state: MatchState): TableauView[] {
  return state.tableaux.map((t, team) => ({
    ...copyTableau(t),
    team,
    seats: state.teams[team].slice(),
    battleTop: top(t.battle),
    speedTop: top(t.speed),
    rolling: isRolling(t, state.rules.options),
    limited: isLimited(t),
    twoHundreds: twoHundreds(t),
  }));
}

/**
 * The view for `seat` (0-based), or for a spectator with `seat = null`: the seat's own hand and legal
 * moves with the reasons its other cards cannot be played, hand sizes of everyone, public tableaux, deck size, discard top, whose move it is (null when
 * the hand or match is over) and the open response window (who is asked, never what they hold).
 */
export function viewFor(state: MatchState, seat: number | null): MatchView {
  const own = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < state.seats ? seat : null;
  const legal = own === null ? [] : legalMoves(state, own);
  const over = state.phase === 'handOver' || state.phase === 'matchOver';
  const w = state.window;
  return {
    rulesVersion: state.rulesVersion,
    version: state.version,
    rules: { preset: state.rules.preset, options: { ...state.rules.options } },
    seats: state.seats,
    teams: state.teams.map((t) => t.slice()),
    seat: own,
    hand: own === null ? [] : state.hands[own].slice(),
    handSizes: state.hands.map((h) => h.length),
    tableaux: tableauViews(state),
    deckSize: state.deck.length,
    discardTop: top(state.discard),
    discardSize: state.discard.length,
    turn: over ? null : state.turn,
    phase: state.phase,
    window:
      w && state.phase === 'respond'
        ? { seat: w.pending[0], attacker: w.attacker, hazard: w.hazard, target: w.target }
        : null,
    handNumber: state.handNumber,
    firstSeat: state.firstSeat,
    reshuffles: state.reshuffles,
    goal: state.goal,
    extendedBy: state.extendedBy,
    scores: state.scores.slice(),
    results: structuredCloneResults(state),
    matchWinners: state.matchWinners.slice(),
    responses: state.responses.slice(),
    legalMoves: legal,
    reasons: own === null ? {} : handReasons(state, own, legal),
  };
}

/**
 * Why each distinct card of `seat`'s own hand cannot be played now (`whyNot`); a playable card has
 * no entry, so the map stays small. Only ever built for the viewer's own hand (RULES.md §2).
 * `legal` is the seat's `legalMoves`, already computed for the view: a card with a legal move other
 * than a discard or mulligan is skipped without asking `whyNot` again (which gives it no reason).
 */
export function handReasons(
  state: MatchState,
  seat: number,
  legal: readonly Move[] = legalMoves(state, seat),
): MatchView['reasons'] {
  const reasons: MatchView['reasons'] = {};
  const playable = new Set<CardId>();
  for (const m of legal) {
    if (m.type === 'play' || m.type === 'coupFourre' || m.type === 'quickRemedy') playable.add(m.card);
  }
  for (const card of new Set<CardId>(state.hands[seat])) {
    if (playable.has(card)) continue;
    const why = whyNot(state, seat, card);
    if (why.length) reasons[card] = why;
  }
  return reasons;
}

function structuredCloneResults(state: MatchState): MatchView['results'] {
  return state.results.map((r) => ({
    ...r,
    scores: r.scores.map((s) => ({ ...s })),
    winners: r.winners.slice(),
  }));
}

/**
 * The arena's endgame figures (issue 35), per level, from the full state before each decision:
 * - rolling turns near the goal without distance: of a seat's turns (a choice to play or discard)
 *   with its team rolling and at most `NEAR_KM` km (200) from the goal, the share that played no
 *   distance card;
 * - turns from 800 km to the trip: in hands its team completed, the team's turns taken with at most
 *   `NEAR_KM` km to go (800 km of a 1,000 km trip), the completing turn included;
 * - the hand at 800 km: distance cards, remedies and hazards in the hand of the seat taking its
 *   team's first turn with at most `NEAR_KM` km to go.
 */
import {
  cardKind,
  type HandResult,
  isRolling,
  type MatchState,
  type Move,
  teamOf,
} from '../worker/engine/index';

/**
 * How the arena scores a hand for `team`: 1 when its hand score is the highest, ½ when it ties for
 * the highest, else 0 (the arena's, the tuner's, the oracle's and the deviations' win rate "by points").
 */
export function handWon(result: HandResult, team: number): number {
  const totals = result.scores.map((s) => s.total);
  const best = Math.max(...totals.filter((_, i) => i !== team));
  return totals[team] > best ? 1 : totals[team] === best ? 0.5 : 0;
}

/** Km to go that count as "near the goal" (200: the "800 km" on a 1,000 km trip). */
export const NEAR_KM = 200;

/** The figures of one level, summed over hands. */
export interface EndgameTally {
  nearTurns: number;
  nearNoDistance: number;
  /** Hands the level's team completed, and the team's turns near the goal in them. */
  trips: number;
  tripTurns: number;
  /** Teams that reached the goal's last 200 km, and the cards in hand then. */
  reached: number;
  heldDistance: number;
  heldRemedies: number;
  heldHazards: number;
}

export function emptyTally(): EndgameTally {
  return {
    nearTurns: 0,
    nearNoDistance: 0,
    trips: 0,
    tripTurns: 0,
    reached: 0,
    heldDistance: 0,
    heldRemedies: 0,
    heldHazards: 0,
  };
}

/** What one hand has seen so far, per team. */
export interface HandWatch {
  nearTurns: number[];
  reached: boolean[];
}

export function watchHand(teams: number): HandWatch {
  return { nearTurns: new Array(teams).fill(0), reached: new Array(teams).fill(false) };
}

/** Records a decision of `seat` (whose level's tally is `tally`) before `move` is applied to `state`. */
export function recordTurn(
  state: MatchState,
  seat: number,
  move: Move,
  choices: readonly Move[],
  watch: HandWatch,
  tally: EndgameTally,
): void {
  // A turn: the seat chooses what to play or discard (not a draw, not a response window).
  if (!choices.some((m) => m.type === 'play' || m.type === 'discard')) return;
  const team = teamOf(state, seat);
  const t = state.tableaux[team];
  const left = state.goal - t.km;
  if (left <= 0 || left > NEAR_KM) return;
  watch.nearTurns[team]++;
  if (!watch.reached[team]) {
    watch.reached[team] = true;
    tally.reached++;
    for (const c of state.hands[seat]) {
      const kind = cardKind(c);
      if (kind === 'distance') tally.heldDistance++;
      else if (kind === 'remedy') tally.heldRemedies++;
      else if (kind === 'hazard') tally.heldHazards++;
    }
  }
  if (!isRolling(t, state.rules.options)) return;
  tally.nearTurns++;
  const distance = move.type === 'play' && cardKind(move.card) === 'distance';
  if (!distance) tally.nearNoDistance++;
}

/** Closes a hand: the turns near the goal of the team that completed the trip. */
export function recordTrip(
  tripBy: number | null,
  watch: HandWatch,
  tallyOf: (team: number) => EndgameTally,
): void {
  if (tripBy === null) return;
  const tally = tallyOf(tripBy);
  tally.trips++;
  tally.tripTurns += watch.nearTurns[tripBy];
}

/** One line of figures for a level. */
export function describeTally(level: string, t: EndgameTally): string {
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '–');
  const avg = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');
  return `${level}: rolling turns within ${NEAR_KM} km without distance ${pct(t.nearNoDistance, t.nearTurns)} (of ${t.nearTurns}); turns from ${NEAR_KM} km to go to the trip ${avg(t.tripTurns, t.trips)} (${t.trips} trips); hand at ${NEAR_KM} km to go: distance ${avg(t.heldDistance, t.reached)}, remedies ${avg(t.heldRemedies, t.reached)}, hazards ${avg(t.heldHazards, t.reached)}`;
}

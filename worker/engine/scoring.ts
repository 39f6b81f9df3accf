/**
 * Scoring of a finished hand, item by item, for the three tables of RULES.md §9 (`h16` [H16],
 * `classic` [OLD, NO], `dujardin` [FR]), and the hand's winner (RULES.md §8).
 */
import { teamOf } from '../shared/teams';
import { canDraw } from './legal';
import type { GameEvent, HandScore, MatchState } from './types';

/** Points of each scoring item per table. RULES.md §9. */
export const SCORE_TABLE = {
  h16: { safety: 100, coupFourre: 100, allSafeties: 0, trip: 0, delayedAction: 0, safeTrip: 0, shutout: 0 },
  classic: {
    safety: 100,
    coupFourre: 300,
    allSafeties: 300,
    trip: 400,
    delayedAction: 300,
    safeTrip: 300,
    shutout: 500,
  },
  dujardin: {
    safety: 100,
    coupFourre: 300,
    allSafeties: 0,
    trip: 400,
    delayedAction: 0,
    safeTrip: 200,
    shutout: 500,
  },
} as const;

/** Points of the `extension` score item, RULES.md §8 (who earns them: `extensionPoints`). */
export const EXTENSION_BONUS = 200;

/**
 * The `extension` score item of `team` for a hand that ended with `tripBy` completing the trip (null
 * when nobody did). RULES.md §8 `extension` (beyond the four sources: the Parker Brothers/Winning Moves
 * rules): a completed extended trip earns the extender 200; an extension that fails — the hand ends and
 * the extender has not reached 1000, because the draw pile and hands ran out or another player/team
 * completed the trip — earns each opposing player/team 200 instead, the one that completed it
 * included. Without an extension this hand, 0 for everybody.
 */
export function extensionPoints(
  state: Pick<MatchState, 'extendedBy'>,
  tripBy: number | null,
  team: number,
): number {
  const extender = state.extendedBy;
  if (extender === null) return 0;
  if (tripBy === extender) return team === extender ? EXTENSION_BONUS : 0;
  return team === extender ? 0 : EXTENSION_BONUS;
}

/**
 * The teams that won the hand, RULES.md §8: the team that completed the trip; else (played out) the
 * team with most distance — a tie among the closest gives no winner (`playOutTie = none`, [FR]) or
 * makes all of them winners (`shared`). Nobody wins a hand in which no distance was played.
 */
export function handWinners(state: MatchState, tripBy: number | null): number[] {
  if (tripBy !== null) return [tripBy];
  const kms = state.tableaux.map((t) => t.km);
  const best = Math.max(...kms);
  if (best === 0) return [];
  const closest = kms.flatMap((km, team) => (km === best ? [team] : []));
  if (closest.length === 1) return closest;
  return state.rules.options.playOutTie === 'shared' ? closest : [];
}

/**
 * Scores the hand that just ended, one HandScore per team. `tripBy` is the team that completed the
 * trip (null when played out); `winners` are the hand's winners. RULES.md §9:
 * - distance: 1 per km; safeties: 100 each; coupFourre: the extra per coup fourré (h16 100, else 300);
 * - classic: allSafeties 300; trip 400, delayedAction 300 (the draw pile ran out: nothing can be drawn any more), safeTrip 300
 *   (no 200), shutout 500 per opponent team with no distance — all to the team that completed the trip;
 * - dujardin: trip 400 to the hand's sole winner (none on a tie, even when `playOutTie = shared` makes
 *   the tied teams winners) and safeTrip 200 (no 200 played) to the hand's winners; shutout 500 to every
 *   other team for each team that played no distance;
 * - extension (RULES.md §8): 200 to the team that extended the trip to 1000 and completed it; when it
 *   did not, 200 to each other team instead (`extensionPoints`).
 */
export function scoreHand(state: MatchState, tripBy: number | null, winners: readonly number[]): HandScore[] {
  const table = state.rules.options.scoring;
  const pts = SCORE_TABLE[table];
  const scoreless = state.tableaux.map((t) => t.km === 0);
  const drawPileEmpty = !canDraw(state);
  return state.tableaux.map((t, team) => {
    const noTwoHundred = !t.distance.includes('d200');
    const others = scoreless.filter((none, other) => none && other !== team).length;
    const s: HandScore = {
      distance: t.km,
      safeties: pts.safety * t.safeties.length,
      coupFourre: pts.coupFourre * t.coupFourre.length,
      allSafeties: t.safeties.length === 4 ? pts.allSafeties : 0,
      trip: 0,
      delayedAction: 0,
      safeTrip: 0,
      shutout: 0,
      extension: extensionPoints(state, tripBy, team),
      total: 0,
    };
    if (table === 'classic' && tripBy === team) {
      s.trip = pts.trip;
      s.delayedAction = drawPileEmpty ? pts.delayedAction : 0;
      s.safeTrip = noTwoHundred ? pts.safeTrip : 0;
      s.shutout = pts.shutout * others;
    }
    if (table === 'dujardin') {
      if (winners.includes(team)) {
        // "none on a tie" (RULES.md §9 dujardin trip row): shared winners get no 400.
        s.trip = winners.length === 1 ? pts.trip : 0;
        s.safeTrip = noTwoHundred ? pts.safeTrip : 0;
      }
      s.shutout = pts.shutout * others;
    }
    s.total =
      s.distance +
      s.safeties +
      s.coupFourre +
      s.allSafeties +
      s.trip +
      s.delayedAction +
      s.safeTrip +
      s.shutout +
      s.extension;
    return s;
  });
}

/**
 * Coups fourrés per team (by team index) over the finished hands of `events`, a match's public
 * events in play order: each `coupFourre` event counts for its seat's team once its hand ends
 * (`handOver`); a hand the match's end cut short (a forfeit) is not scored, so its coups fourrés
 * count for nothing either. RULES.md §7, §9.
 */
export function coupsFourresPerTeam(state: Pick<MatchState, 'teams'>, events: Iterable<GameEvent>): number[] {
  const totals = state.teams.map(() => 0);
  let hand = state.teams.map(() => 0);
  for (const e of events) {
    if (e.type === 'handStarted') hand = state.teams.map(() => 0);
    else if (e.type === 'coupFourre') hand[teamOf(state, e.seat)]++;
    else if (e.type === 'handOver') {
      hand.forEach((n, team) => {
        totals[team] += n;
      });
      hand = state.teams.map(() => 0);
    }
  }
  return totals;
}

/**
 * What a finished league match reports to its league: each seat's figures (won, points, hands,
 * hands won, coups fourrés), from the final state and, for the coups fourrés, the engine's events
 * (RULES.md "Scoring": a coup fourré is counted where it happened, not recounted from points).
 * The shell's tell (worker/match/league-tell.ts) sends it.
 */
import { coupsFourresPerTeam, type GameEvent, teamOf } from '../engine/index';
import type { Meta, SeatRow } from './model';

/** One seat's figures in a finished league match. */
export interface LeagueSeatResult {
  seat: number;
  /** The seat's token hash (a member's league token, hashed; null: a bot): how a rematch finds its members. */
  tokenHash: string | null;
  /** The seat's team is among the match winners. */
  won: boolean;
  /** The team's final total. */
  points: number;
  hands: number;
  handsWon: number;
  coupsFourres: number;
}

/** What a league hears when one of its matches ends (`endedAt` ms since the epoch). */
export interface LeagueMatchResult {
  matchId: string;
  endedAt: number;
  seats: LeagueSeatResult[];
}

/**
 * The result of the finished match of `meta` (its state over), per seat of `seats`, with the
 * coups fourrés counted from `events` (the whole log's, oldest first); `now` (ms) when the meta row
 * has no end time. Teams: each seat gets its team's figures.
 */
export function leagueResult(
  meta: Meta,
  seats: readonly SeatRow[],
  events: readonly GameEvent[],
  now: number,
): LeagueMatchResult {
  const state = meta.state!;
  const coupsFourres = coupsFourresPerTeam(state, events);
  return {
    matchId: meta.matchId,
    endedAt: meta.finishedAt ?? now,
    seats: seats.map((s) => {
      const team = teamOf(state, s.seat);
      return {
        seat: s.seat,
        tokenHash: s.kind === 'human' ? s.tokenHash : null,
        won: state.matchWinners.includes(team),
        points: state.scores[team] ?? 0,
        hands: state.results.length,
        handsWon: state.results.filter((r) => r.winners.includes(team)).length,
        coupsFourres: coupsFourres[team],
      };
    }),
  };
}

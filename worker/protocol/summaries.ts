/**
 * "My matches" on the wire: `POST /api/matches/summaries` asks about several matches at once,
 * each with the token this device holds, and gets one summary (or why not) per match.
 */
import * as v from 'valibot';
import type { Move } from '../engine/index';
import { MAX_SUMMARY_ITEMS } from '../shared/limits';
import type { ChatTally } from './chat';
import { MatchIdSchema, TokenSchema } from './fields';
import type { Actor, LeftSeat, RematchInfo } from './views';

/**
 * POST /api/matches/summaries: up to MAX_SUMMARY_ITEMS matches, each with the best token this device
 * holds for it (seat, host or invitation). More items: 400 `request.invalid`.
 */
export const SummariesRequestSchema = v.strictObject({
  items: v.pipe(
    v.array(v.strictObject({ matchId: MatchIdSchema, token: TokenSchema })),
    v.minLength(1),
    v.maxLength(MAX_SUMMARY_ITEMS, `at most ${MAX_SUMMARY_ITEMS} matches per request`),
  ),
});
export type SummariesRequest = v.InferOutput<typeof SummariesRequestSchema>;

/** What a summary's token is to its match: a seat (a seat or mail link), the host, or the invitation. */
export const SUMMARY_ROLES = ['seat', 'host', 'invite'] as const;
export type SummaryRole = (typeof SUMMARY_ROLES)[number];

/**
 * The kind of a match's last change, as a summary tells it: an engine move's type, or
 * `responseMode` (a coup-fourré setting), or `leave` (a player left the match). Never the card.
 */
export type ActivityKind = Move['type'] | 'responseMode' | 'leave';

/**
 * One match as "my matches" lists it (docs/API.md), built from the Durable Object's memory. An
 * invitation sees the lobby level only: no `acts`, `deadline`, `scores`, `place`, `last` or `result`.
 * Nothing in it is hidden information: no hand, deck or seed, no card.
 */
export interface MatchSummary {
  matchId: string;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  role: SummaryRole;
  /** The caller's seat (role `seat`), else null. */
  seat: number | null;
  /** ISO creation time (tells two rematches apart). */
  createdAt: string;
  /** Every seat; `team` is the seat's team index once the match has started, else null. */
  players: Array<{
    seat: number;
    name: string;
    kind: 'human' | 'bot' | 'open';
    standIn: boolean;
    team: number | null;
    // -- away until --
    /** ISO time the player said they are away until, while they are; else null. */
    awayUntil?: string | null;
    // -- leaving a match --
    /** The seat's player left the match (a bot may play the seat, or its turns are skipped); absent: not. */
    left?: true;
  }>;
  /**
   * Who acts next (engine `whoActs`): `turn` a seat's turn, `window` a seat's answer to a hazard
   * (a coup-fourré window), `handOver` anyone may start the next hand; null when nobody does
   * (lobby, finished) or for an invitation.
   */
  acts: { kind: 'turn' | 'window'; seat: number } | { kind: 'handOver' } | null;
  /** The caller's seat acts now (its turn or its answer to a hazard). */
  yourTurn: boolean;
  /** ISO deadline of what `acts` names: the response window's, else the turn's (or the next hand's); null when none runs. */
  deadline: string | null;
  /** The last change of the match: who (seat, and the actor: player, bot, timeout, server), what kind, when (ISO). */
  last: { seat: number; actor: Actor; kind: ActivityKind; at: string } | null;
  /** Hand number, from 1 (null in the lobby). */
  hand: number | null;
  /** Match totals per team (points), null before the first deal. */
  scores: number[] | null;
  /** The caller's team's place, from 1 (ties share a place); null without a seat or a deal. */
  place: number | null;
  /** ISO time the match ended; null until it has. */
  finishedAt: string | null;
  /** A finished match: the winning teams, the final totals per team, and who left it (absent: nobody). */
  result: { winners: number[]; scores: number[]; left?: LeftSeat[] } | null;
  /** The caller's link is a seat whose player left the match: role `seat`, `seat` null. */
  left?: number;
  /** The rematch's id once it is dealt. */
  rematchId: string | null;
  /** The latest rematch offer, for a seat or the host; absent or null: none. */
  rematch?: RematchInfo | null;
  /** The chat's tally, for a seat or the host. */
  chat?: ChatTally;
}

/** One answer of `POST /api/matches/summaries`, in the order asked: the summary, or why not (`match.not_found`, `token.unknown`, `match.unavailable`). */
export type SummaryItem =
  | { matchId: string; ok: true; summary: MatchSummary }
  | { matchId: string; ok: false; error: { code: string; message: string } };

/**
 * A match's summary for "my matches" (`POST /api/matches/summaries`): who plays, whose turn it is,
 * the time left, the last change, the hand and the score, as far as the caller's token may see.
 * Built from the Durable Object's memory (the state the constructor rebuilt, the seats, the last
 * log row's activity): it writes no row. Hidden information stays out: no hand, deck, seed or card.
 */

import { mayReadChat } from '../chat/store';
import { KINDS } from '../decider/change';
import { leftSeats } from '../decider/leave';
import { awayText } from '../decider/vacation';
import { teamOf, whoActs } from '../engine/index';
import type { MatchSummary, SummaryRole } from '../protocol/summaries';
import { error, NOT_FOUND, type Reply } from '../reply';
import type { MatchContext } from './context';
import { rematchInfo } from './rematch-offer';

/** 404 `token.unknown`: the token is none of this match's seat, mail-link, host or invitation tokens. */
const UNKNOWN_TOKEN = error(404, 'token.unknown', 'This link is not (or no longer) valid for this match.');

/**
 * The `summary` RPC: 200 with the `MatchSummary` of the caller `who` (a token's SHA-256); 404
 * `match.not_found` when no match lives here, 404 `token.unknown` for a token the match does not know.
 */
export function summaryReply(m: MatchContext, who: string | null): Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  const caller = m.caller(who);
  const role: SummaryRole | null =
    caller.seat !== null || caller.left !== undefined
      ? 'seat'
      : caller.host
        ? 'host'
        : who && meta.inviteHash === who
          ? 'invite'
          : null;
  if (!role) return UNKNOWN_TOKEN;
  const state = meta.state;
  const summary: MatchSummary = {
    matchId: meta.matchId,
    title: meta.config.title,
    status: meta.status,
    role,
    seat: caller.seat,
    createdAt: new Date(meta.createdAt).toISOString(),
    players: m.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      kind: s.kind,
      standIn: s.standIn,
      team: state ? teamOf(state, s.seat) : null,
      awayUntil: awayText(s, m.now(), meta.status),
      ...(s.prefs.left ? { left: true as const } : {}),
    })),
    acts: null,
    yourTurn: false,
    deadline: null,
    last: null,
    hand: null,
    scores: null,
    place: null,
    result: null,
    finishedAt: meta.finishedAt === null ? null : new Date(meta.finishedAt).toISOString(),
    rematchId: meta.rematchId,
    ...(caller.left !== undefined ? { left: caller.left } : {}),
  };
  if (role !== 'invite') {
    // The chat's counts only for a reader of the chat (a player who left reads it no more).
    if (mayReadChat(meta.config, caller)) summary.chat = m.chat.tally(caller.seat);
    summary.rematch = rematchInfo(meta, m.seats, m.now());
  }
  if (role === 'invite' || !state) return { status: 200, body: summary };
  summary.hand = state.handNumber;
  summary.scores = state.scores.slice();
  const last = m.log.lastActivity();
  if (last) summary.last = { ...last, at: new Date(last.at).toISOString() };
  if (caller.seat !== null) {
    const own = state.scores[teamOf(state, caller.seat)];
    summary.place = 1 + state.scores.filter((s) => s > own).length;
  }
  if (meta.status === 'finished') {
    const left = leftSeats(m.seats);
    summary.result = {
      winners: state.matchWinners.slice(),
      scores: state.scores.slice(),
      ...(left.length > 0 ? { left } : {}),
    };
    return { status: 200, body: summary };
  }
  const acts = whoActs(state);
  if (acts.kind === 'over') return { status: 200, body: summary };
  summary.acts = acts.kind === 'handOver' ? { kind: 'handOver' } : { kind: acts.kind, seat: acts.seat };
  summary.yourTurn = acts.kind !== 'handOver' && acts.seat === caller.seat;
  const atMs =
    acts.kind === 'window'
      ? (m.schedule.get(KINDS.window, '')?.atMs ?? null)
      : (meta.turnDeadline?.atMs ?? null);
  summary.deadline = atMs === null ? null : new Date(atMs).toISOString();
  return { status: 200, body: summary };
}

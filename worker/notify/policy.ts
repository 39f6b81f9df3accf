/**
 * When to notify: pure functions that turn one accepted change of a match into notification
 * intents (which seat, which kind, which idempotency key), the reminder times of a turn, and the
 * retry policy of mails. No storage, no clock: worker/notify/notifier.ts applies them.
 */

import { newTurnStarted } from '../decider/deadline';
import { actingSeat, type GameEvent, type HazardCard, type MatchState, whoActs } from '../engine/index';
import type { RetryPolicy } from '../retry';
import type { MailKind } from './compose';
import { rematchOfferIntents } from './rematch-offer';

/** How the notifier sees a seat. `notifiable`: a human playing it who has mail or push turned on. */
export interface PolicySeat {
  seat: number;
  human: boolean;
  standIn: boolean;
  notifiable: boolean;
  /** Why a bot stands in (worker/match/rows.ts `StandInReason`), if one does. */
  standInReason?: 'host' | 'timeouts' | 'self';
  /** What became of the seat when its player left, if they did. */
  leftOutcome?: 'bot' | 'skip' | 'end';
}

/**
 * One accepted change (the match's `Change`): `reason` is one of created, claimed, started, move,
 * settings, seat, timeout, bot, rematch (any other reason is treated like a move by someone else).
 */
export interface PolicyChange {
  reason: string;
  seat: number | null;
}

/**
 * A notification to queue. `key` is the idempotency key within the match (the same intent twice
 * is queued once); `group` ties a turn's mail, its reminders and its push together (a delivered
 * push drops the group's queued mails); `grace`: wait the grace period first (dropped if the seat
 * acts or connects meanwhile); `active`: the seat caused this change itself, so it is recorded
 * but not sent.
 */
export interface Intent {
  kind: MailKind;
  seat: number;
  key: string;
  group: string;
  grace: boolean;
  active: boolean;
  data: IntentData;
}

/** Kind-specific data stored with the outbox row. */
export type IntentData =
  | { kind: 'invitation' }
  | { kind: 'yourTurn'; version: number; hand: number; between?: boolean }
  | { kind: 'responseWindow'; version: number; attacker: number; hazard: HazardCard; target: number }
  | { kind: 'reminder'; version: number; tag: string }
  | { kind: 'botTookOver'; scope: 'turn' | 'seat'; why?: 'timeouts' }
  | { kind: 'finished'; scores: number[]; winners: number[]; left?: number }
  | { kind: 'playerLeft'; seat: number; outcome: 'bot' | 'skip' }
  // -- rematch by consent --
  /** `by` offered a rematch (null: the host without a seat) at `atMs` (ms since the epoch). */
  | { kind: 'rematchOffer'; by: number | null; atMs: number };

/** The group of a seat's turn that started at `version`. */
export function turnGroup(seat: number, version: number): string {
  return `turn:${seat}:v${version}`;
}

/**
 * The intents of one change. Rules:
 * - invitations: on the match's first change, to every human seat but the host's (seat 0);
 * - your turn: when a notifiable seat's turn starts and someone or something else caused it, and to
 *   every notifiable seat when a hand ends (any seat may start the next one);
 * - response window: when an `ask` window opens for a notifiable seat;
 * - bot took over: a deadline made a bot play the seat's turn (at once), or the host gave the seat
 *   to a bot (after the grace period, if a bot still plays it then);
 * - finished: to every notifiable seat when the match ends (after a leave, naming who left);
 * - rematch offer: to every other notifiable human seat when one offers a rematch (rematch-offer.ts);
 * - player left: to every other notifiable human seat when a player left and the match goes on.
 * Reminders are not intents of a change: they come from `reminderTimes` when due.
 */
export function intentsFor(
  before: MatchState | null,
  after: MatchState | null,
  events: readonly GameEvent[],
  change: PolicyChange,
  seats: readonly PolicySeat[],
  opts: { firstChange: boolean; onDeadline: 'bot' | 'skip'; nowMs: number },
): Intent[] {
  const out: Intent[] = [];
  const byNo = (n: number | null) => (n === null ? undefined : seats[n]);
  if (opts.firstChange) {
    for (const s of seats) {
      if (s.seat !== 0 && s.human && s.notifiable) {
        out.push({
          kind: 'invitation',
          seat: s.seat,
          key: `invite:${s.seat}`,
          group: `invite:${s.seat}`,
          grace: false,
          active: false,
          data: { kind: 'invitation' },
        });
      }
    }
  }
  if (after) {
    const a = actingSeat(after);
    const seat = byNo(a);
    if (a !== null && seat?.notifiable && !seat.standIn && after.phase !== 'matchOver') {
      const self =
        change.seat === a &&
        (change.reason === 'move' || change.reason === 'settings' || change.reason === 'seat');
      if (whoActs(after).kind === 'turn') {
        // A hand started, or a bot run in the change came back to the same seat: a new turn.
        const sameTurn =
          before !== null &&
          whoActs(before).kind === 'turn' &&
          before.turn === a &&
          !newTurnStarted(events, a);
        const wasWindowOfSeat = before !== null && before.phase === 'respond' && actingSeat(before) === a;
        if (!sameTurn) {
          out.push({
            kind: 'yourTurn',
            seat: a,
            key: turnGroup(a, after.version),
            group: turnGroup(a, after.version),
            grace: true,
            // Answering one's own window and then having the turn (coup fourré) is being active.
            active: self || (wasWindowOfSeat && change.reason === 'move' && change.seat === a),
            data: { kind: 'yourTurn', version: after.version, hand: after.handNumber },
          });
        }
      } else if (after.phase === 'respond' && after.window) {
        const reopened = before !== null && before.phase === 'respond' && actingSeat(before) === a;
        if (!reopened && !self) {
          out.push({
            kind: 'responseWindow',
            seat: a,
            key: `window:${a}:v${after.version}`,
            group: `window:${a}:v${after.version}`,
            grace: true,
            active: false,
            data: {
              kind: 'responseWindow',
              version: after.version,
              attacker: after.window.attacker,
              hazard: after.window.hazard,
              target: after.window.target,
            },
          });
        }
      }
    }
    // A hand ended: any seat may start the next one, so every player is told (one mail per hand).
    if (after.phase === 'handOver' && (before === null || before.phase !== 'handOver')) {
      for (const s of seats) {
        if (!s.human || !s.notifiable || s.standIn) continue;
        out.push({
          kind: 'yourTurn',
          seat: s.seat,
          key: `hand:${s.seat}:v${after.version}`,
          group: `hand:${s.seat}:v${after.version}`,
          grace: true,
          active: change.seat === s.seat && change.reason === 'move',
          data: { kind: 'yourTurn', version: after.version, hand: after.handNumber, between: true },
        });
      }
    }
    // A deadline made a bot play this seat's turn.
    if (
      change.reason === 'timeout' &&
      opts.onDeadline === 'bot' &&
      change.seat !== null &&
      before !== null &&
      whoActs(before).kind === 'turn' &&
      before.turn === change.seat &&
      byNo(change.seat)?.notifiable
    ) {
      out.push({
        kind: 'botTookOver',
        seat: change.seat,
        key: `botturn:${change.seat}:v${before.version}`,
        group: `botturn:${change.seat}:v${before.version}`,
        grace: false,
        active: false,
        data: { kind: 'botTookOver', scope: 'turn' },
      });
    }
    // The match ended with this change.
    const over = events.find((e): e is Extract<GameEvent, { type: 'matchOver' }> => e.type === 'matchOver');
    if (after.phase === 'matchOver' && (before === null || before.phase !== 'matchOver')) {
      const scores = over ? over.scores : after.scores;
      const winners = over ? over.winners : after.matchWinners;
      for (const s of seats) {
        if (s.human && s.notifiable) {
          out.push({
            kind: 'finished',
            seat: s.seat,
            key: `finished:${s.seat}`,
            group: `finished:${s.seat}`,
            grace: false,
            active: false,
            data: {
              kind: 'finished',
              scores: [...scores],
              winners: [...winners],
              ...(change.reason === 'leave' && change.seat !== null ? { left: change.seat } : {}),
            },
          });
        }
      }
    }
  }
  // The host gave the seat to a bot, or turn timeouts in a row did (a reclaim is the same reason with standIn false). It waits the
  // grace period: a seat taken back meanwhile is no news (plan.ts `staleReason`).
  if (change.reason === 'seat' && change.seat !== null) {
    const s = byNo(change.seat);
    if (s?.standIn && s.notifiable) {
      out.push({
        kind: 'botTookOver',
        seat: s.seat,
        key: `botseat:${s.seat}:${opts.nowMs}`,
        group: `botseat:${s.seat}:${opts.nowMs}`,
        grace: true,
        active: false,
        // After turns ran out of time the mail says so, once: no mail for each turn the bot plays.
        data: {
          kind: 'botTookOver',
          scope: 'seat',
          ...(s.standInReason === 'timeouts' ? { why: 'timeouts' } : {}),
        },
      });
    }
  }
  // -- rematch by consent --
  if (change.reason === 'rematchOffer') out.push(...rematchOfferIntents(change.seat, seats, opts.nowMs));
  out.push(...leaveIntents(after, change, seats));
  return out;
}

/**
 * A player left (change reason `leave`) and the match goes on: the other notifiable human seats are
 * told who left and what plays the seat now (a match the leave ended says it in its `finished` mail).
 */
function leaveIntents(
  after: MatchState | null,
  change: PolicyChange,
  seats: readonly PolicySeat[],
): Intent[] {
  const left = change.seat;
  if (change.reason !== 'leave' || left === null || !after || after.phase === 'matchOver') return [];
  const outcome = seats[left]?.leftOutcome;
  if (outcome !== 'bot' && outcome !== 'skip') return [];
  return seats
    .filter((s) => s.seat !== left && s.human && s.notifiable)
    .map((s) => ({
      kind: 'playerLeft' as const,
      seat: s.seat,
      key: `left:${left}:${s.seat}`,
      group: `left:${left}:${s.seat}`,
      grace: false,
      active: false,
      data: { kind: 'playerLeft' as const, seat: left, outcome },
    }));
}

const HOUR = 3_600_000;

/**
 * Reminder times of a turn that started at `startMs` (ms): 24 h after the start, and before the
 * deadline (a quarter of the turn's time before it, at most 12 h, at least 1 h). A reminder is
 * left out when it would fall within an hour of the start, of the deadline or of the other one.
 */
export function reminderTimes(
  startMs: number,
  deadlineMs: number | null,
): Array<{ tag: string; atMs: number }> {
  const out: Array<{ tag: string; atMs: number }> = [];
  let beforeDeadline: number | null = null;
  if (deadlineMs !== null) {
    const lead = Math.min(12 * HOUR, Math.max(HOUR, (deadlineMs - startMs) / 4));
    const at = deadlineMs - lead;
    if (at >= startMs + HOUR) beforeDeadline = at;
  }
  const day = startMs + 24 * HOUR;
  const dayOk =
    (deadlineMs === null || day <= deadlineMs - HOUR) &&
    (beforeDeadline === null || Math.abs(beforeDeadline - day) >= HOUR);
  if (dayOk) out.push({ tag: '24h', atMs: day });
  if (beforeDeadline !== null) out.push({ tag: 'deadline', atMs: beforeDeadline });
  return out.sort((x, y) => x.atMs - y.atMs);
}

/**
 * Retries of a mail, push or digest the provider refused for a while: at most 6 attempts in all,
 * waiting 1 min, 5 min, 30 min, 2 h, then 6 h after a failure.
 */
export const MAIL_RETRY: RetryPolicy = {
  maxAttempts: 6,
  waitsMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * HOUR, 6 * HOUR],
};

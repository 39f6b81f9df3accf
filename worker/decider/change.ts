/**
 * What the decider reads and answers: the match as it is (`MatchSnapshot`), the change asked of it
 * (`MatchChange`), and what the change does (`Outcome`), which the Durable Object's shell applies
 * (worker/match/commit.ts). Plain data, but for the snapshot's one lazy part: the stored events of
 * the current hand, read only when an expert bot decides.
 */
import type { EngineError, GameEvent, MatchState, Move, ResponseMode } from '../engine/index';
import type { ChangeReason } from '../notify/scope';
import type { Actor } from '../protocol/views';
import type { LeaveOutcome, LogStep, Meta, SeatRow, TurnDeadline } from './model';

/**
 * What opens a change:
 * - `move`: a player's move (the engine may refuse it: then nothing changes);
 * - `botTurn`: the delayed bot's turn (the `bot` alarm); nothing to commit when no bot must act;
 * - `turnTimeout`: `seat`'s turn deadline passed: the timeout is counted (after `timeoutsToBot` in
 *   a row a bot keeps the seat), then a bot plays the turn, or it is skipped;
 * - `handTimeout`: nobody started the next hand in time: the server starts it;
 * - `windowAnswer`: the automatic answer of `seat`'s open window; nothing to commit without one;
 * - `responseMode`: `seat`'s coup-fourré setting changes (a log row of its own); switching to
 *   `auto` inside its own open window also answers it;
 * - `start`: the first deal (`state`, dealt by the shell from the setup it stored in the edits);
 * - `settle`: only the automatic moves follow (a seat went to a bot, a practice match resumed);
 * - `reclaim`: `seat`'s player takes it back from a bot (back in person: no stand-in, vacation or
 *   run of timeouts); nothing moves;
 * - `leave`: `seat`'s player left: the seat is marked (played by the server for good unless the
 *   match ends), `end` ends the match through the engine's `forfeit`, else the automatic moves
 *   follow; a `leave` log row of its own;
 * - `none`: nothing moves (a claim, a rematch, other settings: only the change's edits);
 * - `edit`: only the change's edits, and nothing else at all: no timer, log row, mail or push (a
 *   seat's new address passed along from the match this one is a rematch of; the accepted rematch
 *   offer stored before the rematch is created).
 */
export type Opening =
  | { kind: 'move'; seat: number; move: Move; moveId: string }
  | { kind: 'botTurn' }
  | { kind: 'turnTimeout'; seat: number; onDeadline: 'bot' | 'skip' }
  | { kind: 'handTimeout' }
  | { kind: 'windowAnswer'; seat: number; actor: 'timeout' | 'server' }
  | { kind: 'responseMode'; seat: number; mode: ResponseMode }
  | { kind: 'start'; state: MatchState }
  | { kind: 'settle' }
  | { kind: 'reclaim'; seat: number }
  | { kind: 'leave'; seat: number; outcome: LeaveOutcome }
  | { kind: 'none' }
  | { kind: 'edit' };

/**
 * One change: why (for the notifier), what opens it, and the request's own edits made before it
 * opens (seat rows in order, lifecycle fields of the meta row, timers cancelled), which the decider
 * folds into its outcome so that only the shell's `apply` writes them.
 */
export interface MatchChange {
  reason: ChangeReason;
  /** The seat that caused it (null: the host, a timer, nobody). */
  seat: number | null;
  opening: Opening;
  /** Seat rows the request changed, in order (each one row written). */
  seats?: readonly SeatRow[];
  /** Lifecycle fields of the meta row the request changed (the meta row is then written). */
  meta?: Partial<Omit<Meta, 'state' | 'matchId'>>;
  /**
   * The meta fields wait for the next write of the meta row (memory holds them meanwhile): the
   * acceptance that deals a rematch is written with the rematch's id, one row, as before.
   */
  deferMeta?: true;
  /** Timers the request cancels (the lobby's expiry and open-table fill at the start). */
  cancel?: readonly TimerKind[];
}

/** The match's own timers on its one alarm (the notifier has kinds of its own). */
export const KINDS = {
  turn: 'turn',
  window: 'window',
  bot: 'bot',
  expire: 'expire',
  /** An open match's wait is over: bots fill its free seats and it starts (match/open-seat.ts). */
  openFill: 'openFill',
  /** A finished league match tells its league its result (match/league-tell.ts). */
  league: 'league',
} as const;

/** A kind of the match's own timers. */
export type TimerKind = (typeof KINDS)[keyof typeof KINDS];

/** A scheduled timer as the decider sees it: when it fires (ms since the epoch) and its payload. */
export interface Timer<P = unknown> {
  atMs: number;
  payload: P;
}

/** The payload of a `window` timer: the asked seat and which question it is (`windowId`). */
export interface WindowPayload {
  seat: number;
  id: string;
}

/** A timer to set (or move) or cancel; the shell applies them in order. */
export type TimerOp =
  | { op: 'schedule'; kind: TimerKind; atMs: number; payload?: unknown }
  | { op: 'cancel'; kind: TimerKind };

/** How the bots of a match think: a server's request budget, or a fresh budget per decision (practice). */
export type BotPace = 'request' | 'decision';

/**
 * The match as the decider reads it: its meta row (with the state), its seats, the turn timers now
 * set, how long a bot waits before moving, and how its bots think.
 */
export interface MatchSnapshot {
  meta: Readonly<Meta>;
  seats: readonly SeatRow[];
  /** The `window`, `turn` and `bot` timers now set (absent: none). */
  timers: Partial<Record<'window' | 'turn' | 'bot', Timer>>;
  /** How long a bot waits before moving (ms); 0 plays every bot inside the change. */
  botDelayMs: number;
  /** `request` (default): one change shares one request's bot work; `decision`: each decision its own. */
  botPace?: BotPace;
  /** The stored public events of the current hand before the change, oldest first (read lazily). */
  handLog(): readonly GameEvent[];
  /** Optional clock (ms) to time each bot decision (`Outcome.thinkMs`); it decides nothing. */
  measure?: () => number;
}

/** One move of a change, as the log stores it (`LogStep` without its event count). */
export interface Step {
  seat: number;
  actor: Actor;
  move: Move;
}

/** A log row the change appends, in order: a coup-fourré setting, its moves, or a leave. */
export type LogEntry =
  | {
      kind: 'responseMode';
      seat: number;
      mode: ResponseMode;
      version: number;
      turnDeadline: TurnDeadline | null;
    }
  | {
      kind: 'moves';
      steps: LogStep[];
      events: GameEvent[];
      moveId: string | null;
      version: number;
      turnDeadline: TurnDeadline | null;
    }
  | {
      kind: 'leave';
      left: { seat: number; outcome: LeaveOutcome };
      steps: LogStep[];
      events: GameEvent[];
      version: number;
      turnDeadline: TurnDeadline | null;
    };

/**
 * What a change does, for the shell to apply in this order: the seat rows (each one row written,
 * in order), the meta row's new fields and state, the log rows, the timers, then the notifier
 * (`notify`, and the running turn's mail moved by `shiftTurnMs` when its frozen span changed) and
 * the sockets. `changed` false: nothing at all to apply (an idle bot turn or window answer).
 * A refused move is `{ ok: false, error }` and changes nothing.
 */
export type Outcome =
  | {
      ok: true;
      changed: boolean;
      /** Only edits: the shell writes them and tells no notifier or socket (`edit`). */
      quiet: boolean;
      state: MatchState | null;
      events: GameEvent[];
      seatWrites: SeatRow[];
      /** Meta fields changed (state excluded); `metaChanged` says the meta row must be written. */
      meta: Partial<Omit<Meta, 'state' | 'matchId'>>;
      metaChanged: boolean;
      log: LogEntry[];
      timers: TimerOp[];
      /** The notifier's view of the change (the reason may differ from the request's: a timeout that hands the seat to a bot is a `seat` change). */
      notify: { reason: ChangeReason; seat: number | null };
      /** The running turn's frozen span grew (+) or shrank (−) by this much (ms): its mail and reminders move too. */
      shiftTurn: { seat: number; deltaMs: number } | null;
      /** Each bot decision's time (ms), when the snapshot gave a clock. */
      thinkMs: number[];
    }
  | { ok: false; error: EngineError };

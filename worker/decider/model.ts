/**
 * The match's model, as the decider reads and changes it and the Durable Object stores it: the
 * settings chosen at creation, the single `meta` row (lifecycle and a snapshot of the state), the
 * seats, the append-only log and the turn deadline. Plain data; worker/match/storage.ts and log.ts
 * read and write them.
 */
import type { GameEvent, MatchSetup, MatchState, Move, ResponseMode, RulesInput } from '../engine/index';
import type { BotLevel } from '../protocol/fields';
import type { TestStack } from '../protocol/requests';
import type { Actor, InvitedName } from '../protocol/views';
import type { MailPrefs } from '../protocol/zones';

/** Match settings chosen at creation. */
export interface MatchConfig {
  title: string;
  rules: RulesInput;
  teamSize: 1 | 2;
  firstSeat: number | 'random';
  /** 0 = no turn deadline. */
  turnDeadlineHours: number;
  responseWindowMinutes: number;
  onDeadline: 'bot' | 'skip';
  /**
   * The id of the first match of this rematch chain (carried into every rematch; a mute covers
   * the chain). Unset in matches stored before chains: see `chainIdOf`.
   */
  chainId?: string;
  // -- vacation days, timeouts before a bot keeps the seat --
  /** Days each player's turns may be frozen while away (0..30); unset in older matches: 7 (vacation.ts). */
  vacationDays?: number;
  /** Turn timeouts in a row after which a bot keeps the seat (0 = never); unset in older matches: 2. */
  timeoutsToBot?: number;
  // -- chat --
  /** Spectators may read the chat; unset (older matches) or false: only the seats and the host. */
  spectatorsReadChat?: boolean;
  // -- replay of finished hands --
  /** Spectators may watch the replays of finished hands; unset (older matches) or false: only the players. */
  spectatorsReplay?: boolean;
  // -- open table --
  /**
   * Listed on the open table for strangers (worker/open/): bots fill the open seats `waitMinutes`
   * after the creation (open-seat.ts `fillsAtMs`), unless strangers filled them first.
   */
  open?: { waitMinutes: number };
  // -- leagues --
  /** The league this match was created in (told of the result at the end: league-tell.ts); unset: none. */
  leagueId?: string;
}

export const MATCH_STATUSES = ['lobby', 'playing', 'finished'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** What `createMatch` was called with, plus the test-only stacked deal; enough to replay the log. */
export interface StoredSetup {
  setup: MatchSetup;
  stack?: TestStack;
}

/** The single `meta` row. */
export interface Meta {
  matchId: string;
  /** ms since the epoch. */
  createdAt: number;
  config: MatchConfig;
  hostHash: string;
  inviteHash: string | null;
  status: MatchStatus;
  setup: StoredSetup | null;
  state: MatchState | null;
  /** ms since the epoch. */
  finishedAt: number | null;
  rematchId: string | null;
  /** The latest rematch offer (rematch-offer.ts); null or unset: none. */
  rematchOffer?: RematchOffer | null;
  turnDeadline: TurnDeadline | null;
  /**
   * The log row the stored `state` includes: the state is a snapshot, written every few changes and
   * whenever the lifecycle changes; the rows after it are replayed when the object wakes up.
   */
  stateSeq: number;
}

/**
 * A rematch offer of a finished match, stored in the meta row: who offered it
 * (a seat, or null for the host without a seat) at `atMs` (ms since the epoch), the seats that
 * accepted (the offerer and the bots at once) or declined, and the first seat of the new match.
 * Whether it is open, dealt, declined or lapsed is read from it and the clock (rematch-offer.ts).
 */
export interface RematchOffer {
  by: number | null;
  atMs: number;
  accepted: number[];
  declined: number[];
  firstSeat: number;
}

/** The rematch chain of a match: its config's chain id, or the match's own id when it has none. */
export function chainIdOf(meta: Pick<Meta, 'matchId' | 'config'>): string {
  return meta.config.chainId ?? meta.matchId;
}

/** One seat. `tokenHash` is the SHA-256 of the seat link's token (null for bots and open seats). */
export interface SeatRow {
  seat: number;
  name: string;
  kind: 'human' | 'bot' | 'open';
  tokenHash: string | null;
  botLevel: BotLevel;
  /** A bot plays this human seat until the player takes it back. */
  standIn: boolean;
  /** The choice made before the match started (afterwards the engine state holds it). */
  responseMode: ResponseMode;
  email: string | null;
  language: string;
  emailNotifications: boolean;
  /** The seat's other settings and away state, stored as one JSON column: `SeatPrefs`. */
  prefs: SeatPrefs;
}

/**
 * A seat's settings and state beyond the columns of `SeatRow`, kept as one JSON column so a new one
 * costs no migration (a seat write is one row either way). Every field is optional: a missing one
 * means its default.
 */
export interface SeatPrefs {
  // -- presence: always e-mail me --
  /**
   * Turn, reminder and seat mails go out even while the player is present (worker/match/presence.ts);
   * a push to a present seat is still dropped. Default false.
   */
  alwaysEmail?: boolean;
  // -- the hand and suggested moves in turn mails (issue 34) --
  /**
   * False: the seat's turn mails leave out its hand, the position and the suggested moves (a shared
   * mailbox). Absent or true: they show them (the default).
   */
  mailHand?: boolean;
  // -- time zone, mail preferences of this seat --
  /** The player's IANA time zone, reported by their browser ("Europe/Oslo"); mails and quiet hours use it. */
  timeZone?: string;
  /**
   * This seat's own mail preferences, set from this match (the address's Durable Object keeps the
   * copy that counts for mail; this one is shown in the settings and serves a seat without address).
   */
  mailPrefs?: MailPrefs;
  // -- away, vacation, timeouts, stand-in reason --
  /** The player said "I'm away until" this time (ms since the epoch); past or unset: not away. */
  awayUntil?: number;
  /** Vacation used in this match (ms): the frozen spans of this seat's turns (worker/decider/vacation.ts). */
  vacationUsedMs?: number;
  /** The seat's turn deadlines that passed in a row (reset by the player's own move or taking the seat back). */
  timeoutsInRow?: number;
  /** Why a stand-in bot plays the seat: the host gave it away, too many timeouts, or the player asked. */
  standInReason?: StandInReason;
  // -- chat muted --
  /** The player muted this match's chat: their mails carry no chat lines (match/chat-mail.ts). Default false. */
  chatMuted?: boolean;
  /**
   * The newest chat message id the seat's chat panel showed (`POST …/chat/read`, written only when
   * the player reads the chat, never per move): their mails carry only the lines after it. Absent: none.
   */
  chatReadId?: number;
  // -- leaving a match --
  /** The player left the match (for good: the seat's links only watch from then on; leave.ts). */
  left?: SeatLeft;
  // -- invited by mail --
  /**
   * A guest invited by address at creation who has not yet confirmed a name through their link
   * (match/lifecycle.ts `confirmName`): the lobby waits for them as for an open seat. `named`: the
   * host typed the seat's name; `unnamed`: the seat holds a default name nobody chose, which no
   * other seat's name collides with, and its mails greet without a name. Not carried to a rematch.
   */
  invited?: InvitedName;
  // -- mailed seat links --
  /**
   * The generation of the seat's mailed links (worker/match/seats.ts `mintSeatLink`): one more at
   * each revocation (a new or removed address), so no later mail carries a revoked link. Default 0.
   */
  linkGeneration?: number;
}

/**
 * What became of a seat whose player left (a platform rule): a bot plays it for good
 * (`bot`), its turns are skipped for good (`skip`: the match allows no computer player), or the
 * leave ended the match (`end`: a 2-player match, or no other human seat left).
 */
export const LEAVE_OUTCOMES = ['bot', 'skip', 'end'] as const;
export type LeaveOutcome = (typeof LEAVE_OUTCOMES)[number];

/** When a seat's player left: `at` ms since the epoch, in hand `hand` (from 1), and what became of the seat. */
export interface SeatLeft {
  at: number;
  hand: number;
  outcome: LeaveOutcome;
}

/** Why a bot stands in for a human seat. */
export const STAND_IN_REASONS = ['host', 'timeouts', 'self'] as const;
export type StandInReason = (typeof STAND_IN_REASONS)[number];

/**
 * A stretch of a turn during which its clock stood still, the player being away on vacation
 * (`fromMs`..`toMs`, ms since the epoch; worker/decider/vacation.ts). Every time of the turn (its
 * deadline, its mail, its reminders) is later by exactly `toMs - fromMs`. A player away again in
 * the same turn extends it: `fromMs` moves back by the earlier stretch, so the span stays the whole.
 */
export interface FrozenSpan {
  fromMs: number;
  toMs: number;
}

/**
 * Kinds of log rows: accepted moves, a coup-fourré setting change, or a player leaving the match
 * (with the moves the server made right after it); all are needed to replay.
 */
export const LOG_KINDS = ['move', 'responseMode', 'leave'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/**
 * One engine move inside a log row: who made it, as whom, and how many of the row's events it
 * emitted (the row's `events` are the steps' events in order).
 */
export interface LogStep {
  seat: number;
  actor: Actor;
  move: Move;
  events: number;
}

/**
 * The payload of a `leave` row: who left and what became of the seat (`end`: the engine's `forfeit`
 * ended the match, its events first in the row), then the moves that followed (a bot playing the
 * seat at once, skipped turns), like a move row's steps.
 */
export interface LeavePayload {
  left: { seat: number; outcome: LeaveOutcome };
  steps: LogStep[];
}

/**
 * One accepted change: a player's (or bot's, or timeout's) move together with the moves the server
 * made right after it (the next player's automatic draw, bots playing inline), or a setting change, or a leave.
 * `payload` is the list of steps, `{ mode }` for a response-mode change, or a `LeavePayload`. `seat`/`actor` are the
 * first step's; `events` are every step's public events in order.
 */
export interface LogRow {
  seq: number;
  /** ms since the epoch. */
  at: number;
  kind: LogKind;
  seat: number;
  actor: Actor;
  moveId: string | null;
  payload: LogStep[] | { mode: ResponseMode } | LeavePayload;
  events: GameEvent[];
  /** State version after the change. */
  version: number;
  /** The turn deadline after the change (the meta row is not written on every change). */
  turnDeadline: TurnDeadline | null;
}

/**
 * The current deadline (kept in the meta row and in every log row, so a new turn costs no extra row;
 * the schedule only holds a wake-up no later than it): a human seat's turn, or, between hands, the
 * time by which someone must start the next hand. `atMs` is ms since the epoch; `frozen`, the
 * vacation that stopped a turn's clock (already counted in `atMs`).
 */
export type TurnDeadline =
  | { kind: 'turn'; seat: number; hand: number; atMs: number; frozen?: FrozenSpan }
  | { kind: 'handOver'; hand: number; atMs: number };

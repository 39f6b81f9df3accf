/**
 * What the match routes send back: the error body, the created match's links, the caller's view
 * of a match (MatchInfo, with its seats and rematch offer), and the logged events. See docs/API.md.
 */
import type { GameEvent, MatchView, ResponseMode, Rules } from '../engine/index';
import type { ChatTally } from './chat';
import type { MailPrefs } from './zones';

/** Every error response: a 4xx status with this body. */
export interface ErrorBody {
  error: { code: string; message: string; issues?: string[] };
}

/** 201 reply to POST /api/matches and /rematch. A seat's `url` is null for bots, open seats or other callers. */
export interface Created {
  matchId: string;
  matchUrl: string;
  hostUrl: string | null;
  inviteUrl: string | null;
  seats: Array<{ seat: number; name: string; kind: string; url: string | null }>;
  /**
   * On creation only: the seats (not 0) given an address whose invitation mail goes out; without a
   * mail sender on this server (no MAIL_SENDER, no dev outbox) none does, and the host shares their
   * seat links instead.
   */
  mailed?: number[];
}

/** An open rematch offer lapses this long after it was made (ms): 7 days. */
export const REMATCH_LAPSE_MS = 7 * 86_400_000;

/** What a rematch offer is now: waiting for answers, dealt (`matchId`), declined by a seat, or lapsed. */
export const REMATCH_STATES = ['open', 'dealt', 'declined', 'lapsed'] as const;
export type RematchState = (typeof REMATCH_STATES)[number];

/**
 * A rematch offer as everybody sees it: the same players and rules, the first seat one to
 * the left. `by`: the offering seat (null: the host without a seat); times ISO; `accepted`, `declined`
 * and `waiting` are seat numbers (bots accept at once; `waiting`: the human seats still to answer
 * while the offer is open); `matchId`: the new match once dealt.
 */
export interface RematchInfo {
  by: number | null;
  at: string;
  lapsesAt: string;
  state: RematchState;
  accepted: number[];
  declined: number[];
  waiting: number[];
  matchId: string | null;
}

/** Whether the host typed the name of a seat invited by mail and not yet confirmed by its guest. */
export type InvitedName = 'named' | 'unnamed';

/** One seat as everybody sees it. */
export interface SeatInfo {
  seat: number;
  name: string;
  kind: 'human' | 'bot' | 'open';
  /** A bot plays this human seat (the host gave it away); the player's link takes it back. */
  botStandIn: boolean;
  /** A WebSocket authenticated as this seat is open. */
  connected: boolean;
  responseMode: ResponseMode;
  // -- away until --
  /** ISO time (always sent; optional for the fixtures of older tests) the player said they are away until, while they are; else null. */
  awayUntil?: string | null;
  // -- invited by mail --
  /**
   * In the lobby: the seat was invited by mail and its guest has not confirmed a name yet (`named`:
   * the host typed the name shown; `unnamed`: the name is a placeholder). Absent otherwise.
   */
  invited?: InvitedName;
}

/** The caller's view of a match. See docs/API.md. */
export interface MatchInfo {
  matchId: string;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  /** `left`: the caller's link is a seat whose player left the match; they watch as a spectator. */
  you: {
    seat: number | null;
    host: boolean;
    left?: number;
    /**
     * Replay of finished hands: hands 1 to this have a replay the caller may open now
     * (absent: none yet, or not allowed). A match dealt before the keyed hand seeds opens them once it is over.
     */
    replayHands?: number;
  };
  seats: SeatInfo[];
  /** ISO times of the current turn's and response window's deadlines. */
  deadlines: { turn: string | null; window: string | null };
  /** The engine view for the caller (null in the lobby). */
  view: MatchView | null;
  /** The match settings chosen at creation. */
  config: {
    turnDeadlineHours: number;
    responseWindowMinutes: number;
    onDeadline: 'bot' | 'skip';
    teamSize: 1 | 2;
    /** Vacation days per player. */
    vacationDays?: number;
    /** Turn timeouts in a row after which a bot keeps the seat, 0 = never. */
    timeoutsToBot?: number;
    /** Every rule option's value (the preset plus the host's changes), shown before the match starts. */
    rules: Rules | null;
    /** Spectators may read the chat. */
    spectatorsReadChat?: boolean;
    // -- replay of finished hands --
    /** Spectators may watch the replays of finished hands. */
    spectatorsReplay?: boolean;
    // -- open table --
    /** An open-table match in its lobby: listed for strangers until `fillsAt` (ISO), when computer players take the free seats. */
    open?: { fillsAt: string };
  };
  /** The rematch's id once it is dealt (the same links work there). */
  rematchId: string | null;
  // -- rematch by consent --
  /** The latest rematch offer of a finished match, or null (none yet, or the match is not over). */
  rematch?: RematchInfo | null;
  /**
   * The players who left the match, seat order: when (ISO), in which hand, and what became
   * of the seat; the finished match's record for league standings. Optional for older fixtures.
   */
  left?: LeftSeat[];
  /** Own seat only. */
  settings?: {
    language: string;
    emailNotifications: boolean;
    hasEmail: boolean;
    // -- the seat's own address --
    /** The seat's own e-mail address (null: none); only ever in the seat's own MatchInfo. */
    email?: string | null;
    // -- presence: always e-mail me --
    /** Mails go out even while the player is looking at the match (pushes still wait): `SeatPrefs.alwaysEmail`. */
    alwaysEmail: boolean;
    // -- the hand and suggested moves in turn mails --
    /** Turn mails show the seat's hand and suggested moves (`SeatPrefs.mailHand`); absent: on, the default. */
    mailHand?: boolean;
    // -- time zone, mail preferences --
    /** The seat's IANA time zone as last reported by a browser (absent: never reported). */
    timeZone?: string;
    /** The mail preferences set for this seat from a match (absent: the address's, or the defaults). */
    mailPrefs?: MailPrefs;
    /**
     * Only in the answer to a change of `mailPrefs`: `sent` a confirmation link for exactly this
     * change is on its way to the seat's address (it makes them the address's, for all its
     * matches); `seat` no link could be mailed now (the day's links went out, or the address
     * blocked mail): the change is this match's only. Absent: nothing more to do.
     */
    prefsLink?: 'sent' | 'seat';
    // -- away, vacation days left, play for me --
    /** ISO time this player said they are away until, while they are; else null. */
    awayUntil?: string | null;
    /** Vacation left (ms): the match's days minus what frozen turns used (a running freeze counts whole). */
    vacationLeftMs?: number;
    /** A bot plays this seat now (the player's choice, the host's, or after timeouts). */
    playForMe?: boolean;
    /** Why a bot plays it, while one does. */
    standInReason?: 'host' | 'timeouts' | 'self' | null;
    /** The seat muted this match's chat: no unread count or live announcement on the page, no chat lines in its mails (`SeatPrefs.chatMuted`). */
    chatMuted?: boolean;
    // -- leaving a match --
    /**
     * While the match is played: what leaving it now would do (`POST /leave`): a bot plays the seat,
     * its turns are skipped, or the match ends and `winners` (teams) win.
     */
    leave?: { outcome: 'bot' | 'skip' | 'end'; winners: number[] };
  };
  /** The chat's tally, only for a caller allowed to read the chat. */
  chat?: ChatTally;
  /** Host only: the mail queue's statuses (filled by the notifications module). */
  mail?: Array<{ seat: number; kind: string; status: 'queued' | 'sent' | 'failed' | 'dropped' }>;
}

/** One public event of the match history, with the log row it belongs to. */
export interface LoggedEvent {
  /** The log row (ascending); `?after=seq` returns later rows. */
  seq: number;
  /** ISO time the change was accepted. */
  at: string;
  /** The state version after the change (a coup-fourré setting keeps the version before it). */
  version: number;
  /** Who caused it: the seat's player, a bot, the server (automatic draw) or a timeout. */
  by: Actor;
  event: GameEvent | { type: 'responseMode'; seat: number; mode: ResponseMode } | LeftEvent;
}

// -- leaving a match --
/**
 * A player left the match (a platform rule, not an engine event): `outcome` says what became of the
 * seat: `bot` a computer plays it for good, `skip` its turns are skipped for good, `end` the match
 * ended and the others won.
 */
export interface LeftEvent {
  type: 'left';
  seat: number;
  outcome: 'bot' | 'skip' | 'end';
}

/** One player who left a match, as MatchInfo and the summaries record it (ISO `at`, `hand` from 1). */
export interface LeftSeat {
  seat: number;
  hand: number;
  at: string;
  outcome: 'bot' | 'skip' | 'end';
}

/** Who made a logged change. */
export type Actor = 'player' | 'bot' | 'server' | 'timeout';

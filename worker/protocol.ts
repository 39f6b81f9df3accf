/**
 * Every message that crosses the wire between the web client and the Worker: valibot schemas for
 * what comes in (validated at the edge, unknown fields refused) and types for what goes out.
 * docs/API.md describes the same contract in prose.
 */
import * as v from 'valibot';
import {
  CARD_IDS,
  type GameEvent,
  type MatchView,
  PRESET_NAMES,
  type ResponseMode,
  SAFETY_CARDS,
} from './engine/index';

/** Largest request body accepted, in bytes; larger bodies get 400 `request.too_large`. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Largest WebSocket frame accepted from a client, in bytes. */
export const MAX_FRAME_BYTES = 2 * 1024;

const Name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40));
const Email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());
const Language = v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/));
const Seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7));
const Card = v.picklist(CARD_IDS);
const Token = v.pipe(v.string(), v.minLength(16), v.maxLength(128), v.regex(/^[A-Za-z0-9_-]+$/));

/** Bot strength. `random` is for tests; the bots issue defines the others. */
export const BOT_LEVELS = ['random', 'basic', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Rules as the host chooses them: a preset name, or a preset plus single option changes. */
export const RulesInputSchema = v.union([
  v.picklist(PRESET_NAMES),
  v.strictObject({
    preset: v.picklist(PRESET_NAMES),
    options: v.optional(
      v.record(v.pipe(v.string(), v.maxLength(40)), v.union([v.boolean(), v.number(), v.string()])),
    ),
  }),
]);

/** One seat of a new match. Seat 0 is the creator. */
export const SeatInputSchema = v.strictObject({
  kind: v.picklist(['human', 'bot', 'open']),
  name: v.optional(Name),
  email: v.optional(Email),
  botLevel: v.optional(v.picklist(BOT_LEVELS)),
  language: v.optional(Language),
  responseMode: v.optional(v.picklist(['auto', 'ask'])),
});

const createFields = {
  title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80))),
  rules: RulesInputSchema,
  teamSize: v.optional(v.picklist([1, 2])),
  seats: v.pipe(v.array(SeatInputSchema), v.minLength(2), v.maxLength(8)),
  firstSeat: v.optional(v.union([Seat, v.literal('random')])),
  /** Hours a player has for a turn; 0 = no deadline. At most 30 days. */
  turnDeadlineHours: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(720))),
  /** Minutes an `ask` seat has to answer a hazard; at most 7 days. */
  responseWindowMinutes: v.optional(v.pipe(v.number(), v.minValue(0.05), v.maxValue(10080))),
  onDeadline: v.optional(v.picklist(['bot', 'skip'])),
};

/** POST /api/matches body. */
export const CreateMatchSchema = v.strictObject(createFields);
export type CreateMatch = v.InferOutput<typeof CreateMatchSchema>;

const Cards = v.pipe(v.array(Card), v.maxLength(106));
const SeatKey = v.pipe(v.string(), v.regex(/^[0-7]$/));

/**
 * Test-only: a stacked first hand (the engine's `Position`, SCENARIOS.md `setup`) and/or a fixed
 * seed. Accepted only when `env.TEST_SEAMS === "1"`; a deployed Worker refuses the field as unknown
 * (400), and the Durable Object ignores it unless the seams are on.
 */
export const TestStackSchema = v.strictObject({
  seed: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  position: v.optional(
    v.strictObject({
      hands: v.optional(v.record(SeatKey, Cards)),
      tableaux: v.optional(
        v.record(
          SeatKey,
          v.strictObject({
            battle: v.optional(Cards),
            speed: v.optional(Cards),
            distance: v.optional(Cards),
            safeties: v.optional(Cards),
            coupFourre: v.optional(Cards),
          }),
        ),
      ),
      deck: v.optional(Cards),
      unplaced: v.optional(v.picklist(['deck', 'box'])),
      discard: v.optional(Cards),
      turn: v.optional(Seat),
      phase: v.optional(v.picklist(['draw', 'play'])),
      scores: v.optional(v.record(SeatKey, v.pipe(v.number(), v.integer(), v.minValue(0)))),
    }),
  ),
});
export type TestStack = v.InferOutput<typeof TestStackSchema>;

/** POST /api/matches body when the test seams are on: CreateMatch plus `testStack`. */
export const CreateMatchWithSeamSchema = v.strictObject({
  ...createFields,
  testStack: v.optional(TestStackSchema),
});

/** A move, exactly the engine's `Move` union (worker/engine/types.ts); the engine judges legality. */
export const MoveSchema = v.variant('type', [
  v.strictObject({ type: v.literal('draw'), from: v.optional(v.picklist(['pile', 'discard'])) }),
  v.strictObject({ type: v.literal('play'), card: Card, target: v.optional(Seat) }),
  v.strictObject({ type: v.literal('discard'), card: Card }),
  v.strictObject({ type: v.literal('coupFourre'), card: v.picklist(SAFETY_CARDS) }),
  v.strictObject({ type: v.literal('pass') }),
  v.strictObject({ type: v.literal('quickRemedy'), card: Card }),
  v.strictObject({
    type: v.literal('mulligan'),
    cards: v.pipe(v.array(Card), v.minLength(1), v.maxLength(7)),
  }),
  v.strictObject({ type: v.literal('extension'), accept: v.boolean() }),
  v.strictObject({ type: v.literal('nextHand') }),
]);

/** POST /api/matches/:id/moves body: the version the client saw, its own move id, the move. */
export const MoveRequestSchema = v.strictObject({
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  moveId: v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_.:-]+$/)),
  move: MoveSchema,
});
export type MoveRequest = v.InferOutput<typeof MoveRequestSchema>;

/** POST /api/matches/:id/claim body. */
export const ClaimSchema = v.strictObject({
  invite: Token,
  name: Name,
  email: v.optional(Email),
  language: v.optional(Language),
});
export type Claim = v.InferOutput<typeof ClaimSchema>;

/** POST /api/matches/:id/settings body (own seat). `email: null` removes the address. */
export const SettingsSchema = v.strictObject({
  responseMode: v.optional(v.picklist(['auto', 'ask'])),
  language: v.optional(Language),
  email: v.optional(v.nullable(Email)),
  emailNotifications: v.optional(v.boolean()),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;

/** Body of the endpoints that take none (`{}` or no body). */
export const EmptySchema = v.strictObject({});

/** GET /api/matches/:id/log query. */
export const LogQuerySchema = v.strictObject({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
});

/** A frame from a WebSocket client. */
export const ClientFrameSchema = v.variant('type', [
  v.strictObject({ type: v.literal('auth'), token: Token }),
  v.strictObject({ type: v.literal('ping') }),
]);
export type ClientFrame = v.InferOutput<typeof ClientFrameSchema>;

/** Match and token ids: 22 base64url characters (128 bits) or more. */
export const MatchIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,43}$/));

// ---------------------------------------------------------------------------------------------
// Outgoing shapes.

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
}

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
}

/** The caller's view of a match. See docs/API.md. */
export interface MatchInfo {
  matchId: string;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  you: { seat: number | null; host: boolean };
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
  };
  /** The rematch's id once someone asked for one (the same links work there). */
  rematchId: string | null;
  /** Own seat only. */
  settings?: { language: string; emailNotifications: boolean; hasEmail: boolean };
  /** Host only: the mail queue's statuses (filled by the notifications module). */
  mail?: Array<{ seat: number; kind: string; status: 'queued' | 'sent' | 'failed' | 'dropped' }>;
}

/** One public event of the match history, with the log row it belongs to. */
export interface LoggedEvent {
  /** The log row (ascending); `?after=seq` returns later rows. */
  seq: number;
  /** ISO time the change was accepted. */
  at: string;
  /** Who caused it: the seat's player, a bot, the server (automatic draw) or a timeout. */
  by: Actor;
  event: GameEvent | { type: 'responseMode'; seat: number; mode: ResponseMode };
}

/** Who made a logged change. */
export type Actor = 'player' | 'bot' | 'server' | 'timeout';

/** A frame the server sends on a WebSocket. */
export type ServerFrame =
  | { type: 'info'; info: MatchInfo }
  | { type: 'error'; error: { code: string; message: string } }
  | { type: 'pong' }
  | { type: 'deleted' };

/** A valibot failure as the list of `path: message` lines returned in `error.issues`. */
export function issueLines(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.slice(0, 10).map((i) => {
    const path = v.getDotPath(i);
    return path ? `${path}: ${i.message}` : i.message;
  });
}

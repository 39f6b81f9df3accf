/**
 * Every message that crosses the wire between the web client and the Worker: valibot schemas for
 * what comes in (validated at the edge, unknown fields refused) and types for what goes out.
 * docs/API.md describes the same contract in prose.
 */
import * as v from 'valibot';
import { AddressSchema } from './address';
import {
  CARD_IDS,
  type GameEvent,
  type MatchView,
  type Move,
  PRESET_NAMES,
  parseMove,
  type ResponseMode,
  type Rules,
} from './engine/index';
import {
  CHAT_MAX_CHARS,
  MAX_SEATS,
  MAX_SUMMARY_ITEMS,
  NAME_MAX_CHARS,
  RESPONSE_WINDOW_MAX_MINUTES,
  TIMEOUTS_TO_BOT_MAX,
  TITLE_MAX_CHARS,
  TURN_DEADLINE_MAX_HOURS,
  VACATION_MAX_DAYS,
} from './shared/limits';
import { resolvedTimeZone } from './words/when';

/** Largest request body accepted, in bytes; larger bodies get 400 `request.too_large`. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Largest WebSocket frame accepted from a client, in bytes (UTF-8 for text frames); larger ones get `frame.too_large`. */
export const MAX_FRAME_BYTES = 2 * 1024;
/**
 * Frames one WebSocket may send per `FRAME_WINDOW_MS` (a burst of this many, then refilled evenly:
 * 3 a second). Past it the socket gets the error frame `socket.rate_limited` and is closed (1008).
 */
export const MAX_FRAMES_PER_WINDOW = 30;
/** The window of `MAX_FRAMES_PER_WINDOW`, in ms. */
export const FRAME_WINDOW_MS = 10_000;
/**
 * Socket `move` frames one seat may send per `MOVE_WINDOW_MS`: the HTTP move limit's numbers
 * (wrangler.toml `MOVE_LIMITER`, 120 per 60 s per client), counted by the match's Durable Object
 * since the Worker's limiter never sees socket frames. Past it: `moveResult` 429 `rate.limited`.
 */
export const MAX_SOCKET_MOVES_PER_WINDOW = 120;
/** The window of `MAX_SOCKET_MOVES_PER_WINDOW`, in ms (the limiter's period). */
export const MOVE_WINDOW_MS = 60_000;

/**
 * Whether a client frame is over `MAX_FRAME_BYTES`, counted in bytes: a text frame's UTF-8 length
 * (an emoji is 2 UTF-16 units but 4 bytes), a binary frame's byte length.
 */
export function frameTooLarge(frame: string | ArrayBuffer): boolean {
  if (typeof frame !== 'string') return frame.byteLength > MAX_FRAME_BYTES;
  // UTF-8 takes one to three bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units), so
  // only text in between needs encoding.
  if (frame.length > MAX_FRAME_BYTES) return true;
  if (frame.length * 3 <= MAX_FRAME_BYTES) return false;
  return new TextEncoder().encode(frame).byteLength > MAX_FRAME_BYTES;
}

/** A JSON object (not an array, not null): what every request body and nested object must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Object keys valibot's object and record schemas skip without a word (prototype-pollution guards),
 * so a strict schema cannot refuse them itself: `reservedKeyPath` finds them before they are lost.
 */
const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The dotted path of the first own key named `__proto__`, `constructor` or `prototype` in a parsed JSON value, or null. */
export function reservedKeyPath(value: unknown, path = ''): string | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const [k, inner] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (!Array.isArray(value) && RESERVED_KEYS.includes(k)) return here;
    const found = reservedKeyPath(inner, here);
    if (found) return found;
  }
  return null;
}

// C0 and C1 controls (NUL, CR, LF, TAB, BEL, NEL, …), DEL, the line and paragraph separators, and
// lone surrogates: refused in names and titles.
const CONTROL = /[\p{Cc}\u2028\u2029]|\p{Cs}/u;
// Invisible format characters (category Cf: bidi embeddings, overrides, isolates and marks, zero-width
// space and joiners, word joiner, BOM, soft hyphen, …) and the blank Hangul fillers: removed, so a
// name can neither reorder the text around it nor pass for another name or for nothing.
// The Khmer inherent vowels draw nothing either (marks with no shape of their own).
// Every default-ignorable code point (variation selectors, tag characters, Mongolian free variation
// selectors, reserved ones…) goes too: renderers draw nothing for them.
const INVISIBLE = /\p{Cf}|\p{Default_Ignorable_Code_Point}|\u034f|[\u115f\u1160\u3164\uffa0\u17b4\u17b5]/gu;
// Characters no version of Unicode known here assigns: no telling what a reader's device shows.
const UNASSIGNED = /\p{Cn}/u;
// Characters Unicode calls symbols that draw a blank (the Braille blank, the musical null notehead,
// the object replacement character): they count as spaces.
const BLANK = /[\u2800\u{1d159}\ufffc]/gu;
// A name or title must show a letter, digit, symbol or punctuation character; marks alone
// (combining accents) or spaces do not count.
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

// Every control character, line separator or lone surrogate, for text whose controls are removed.
const CONTROLS = /[\p{Cc}\u2028\u2029]|\p{Cs}/gu;

/**
 * Text a person types (a name, a title): no control characters or lone surrogates (400; with
 * `controls: 'remove'`, a chat line: line breaks become a space and the other controls are
 * removed); invisible format characters removed, blank-looking symbols and whitespace runs made one
 * space, trimmed; at most `max` code points; empty, or with at least one visible character (`VISIBLE`).
 */
function typedText(max: number, controls: 'refuse' | 'remove' = 'refuse') {
  return v.pipe(
    v.string(),
    v.transform((s) =>
      controls === 'remove' ? s.replace(/[\r\n\t\u2028\u2029]+/g, ' ').replace(CONTROLS, '') : s,
    ),
    v.check((s) => !CONTROL.test(s), 'control characters are not allowed'),
    v.check((s) => !UNASSIGNED.test(s.replace(INVISIBLE, '')), 'unassigned characters are not allowed'),
    v.transform((s) => s.replace(INVISIBLE, '').replace(BLANK, ' ').replace(/\s+/gu, ' ').trim()),
    v.check((s) => Array.from(s).length <= max, `at most ${max} characters`),
    v.check(
      (s) => s === '' || VISIBLE.test(s),
      'needs a visible letter, digit, symbol or punctuation character',
    ),
  );
}

const Name = v.pipe(
  typedText(NAME_MAX_CHARS),
  v.check((s) => s.length > 0, 'a name needs a visible character'),
);
/** A seat's name (also a league member's): the stored-text rules, 1 to 40 characters. */
export const SeatNameSchema = Name;
/** A match title's text rules (also a league's name): at most `max` characters. */
export const titleText = (max: number) => typedText(max);
const Email = AddressSchema;
const Language = v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/));
const Seat = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7));
const Card = v.picklist(CARD_IDS);
const Token = v.pipe(v.string(), v.minLength(16), v.maxLength(128), v.regex(/^[A-Za-z0-9_-]+$/));

/** Bot strength. `random` is for tests; the bots issue defines the others. */
export const BOT_LEVELS = ['random', 'basic', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** An option name valibot's record would drop (see RESERVED_KEYS), or undefined. */
function reservedOption(rules: unknown): string | undefined {
  const options = isJsonObject(rules) ? rules.options : undefined;
  return isJsonObject(options) ? Object.keys(options).find((k) => RESERVED_KEYS.includes(k)) : undefined;
}

/**
 * Rules as the host chooses them: a preset name, or a preset plus single option changes. The engine
 * judges option names (400 `rules.invalid`), except those checked here before valibot drops them.
 */
export const RulesInputSchema = v.pipe(
  v.unknown(),
  v.check(
    (rules) => reservedOption(rules) === undefined,
    (issue) => `unknown option "${reservedOption(issue.input)}"`,
  ),
  v.union([
    v.picklist(PRESET_NAMES),
    v.strictObject({
      preset: v.picklist(PRESET_NAMES),
      options: v.optional(
        v.pipe(
          v.custom<Record<string, unknown>>(isJsonObject, 'options must be an object'),
          v.record(v.pipe(v.string(), v.maxLength(40)), v.union([v.boolean(), v.number(), v.string()])),
        ),
      ),
    }),
  ]),
);

/**
 * One seat of a new match. Seat 0 is the creator and must be `human` (checked by the route, 400
 * `seat.creator_not_human`). Only a human seat may have an e-mail address.
 */
export const SeatInputSchema = v.pipe(
  v.strictObject({
    kind: v.picklist(['human', 'bot', 'open']),
    name: v.optional(Name),
    email: v.optional(Email),
    botLevel: v.optional(v.picklist(BOT_LEVELS)),
    language: v.optional(Language),
    responseMode: v.optional(v.picklist(['auto', 'ask'])),
  }),
  v.check(
    (s) => s.kind === 'human' || s.email === undefined,
    'only a human seat has an e-mail address (an open seat gets one when it is claimed)',
  ),
);

const createFields = {
  /** Empty (after trimming) means the default title. */
  title: v.optional(typedText(TITLE_MAX_CHARS)),
  rules: RulesInputSchema,
  teamSize: v.optional(v.picklist([1, 2])),
  seats: v.pipe(v.array(SeatInputSchema), v.minLength(2), v.maxLength(MAX_SEATS)),
  firstSeat: v.optional(v.union([Seat, v.literal('random')])),
  /** Hours a player has for a turn: 0 = no deadline, else 1 to 720 (30 days). */
  turnDeadlineHours: v.optional(
    v.pipe(
      v.number(),
      v.check(
        (h) => h === 0 || (h >= 1 && h <= TURN_DEADLINE_MAX_HOURS),
        `must be 0 (no deadline) or 1 to ${TURN_DEADLINE_MAX_HOURS} hours`,
      ),
    ),
  ),
  /** Minutes an `ask` seat has to answer a hazard: 1 to 10080 (7 days). */
  responseWindowMinutes: v.optional(
    v.pipe(v.number(), v.minValue(1), v.maxValue(RESPONSE_WINDOW_MAX_MINUTES)),
  ),
  onDeadline: v.optional(v.picklist(['bot', 'skip'])),
  // -- open table --
  /**
   * List the match on the open table (worker/open/): strangers take its open seats with a name; when
   * `waitMinutes` (5 to 1440) pass first, bots fill the seats left and the match starts.
   */
  open: v.optional(
    v.strictObject({ waitMinutes: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(1440)) }),
  ),
  // -- vacation days, timeouts before a bot keeps the seat --
  /** Days each player's turn clock may stand still while they are away: 0 to 30 (default 7). */
  vacationDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(VACATION_MAX_DAYS))),
  /** Turn timeouts in a row after which a bot keeps the seat: 0 (never) to 10 (default 2). */
  timeoutsToBot: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(TIMEOUTS_TO_BOT_MAX))),
  // -- chat --
  /** Spectators may read the chat (they never write); default false. */
  spectatorsReadChat: v.optional(v.boolean()),
  // -- replay of finished hands --
  /** Spectators may watch the replays of finished hands (the players always may); default false. */
  spectatorsReplay: v.optional(v.boolean()),
};

/** POST /api/matches body. */
export const CreateMatchSchema = v.strictObject(createFields);
export type CreateMatch = v.InferOutput<typeof CreateMatchSchema>;

const Cards = v.pipe(v.array(Card), v.maxLength(106));
const SeatKey = v.pipe(v.string(), v.regex(/^[0-7]$/));

/**
 * An arranged first hand: the engine's `Position`, the SCENARIOS.md `setup` (used by the test seam and by
 * the scenario runner).
 */
export const PositionSchema = v.strictObject({
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
});

/**
 * Test-only: a stacked first hand (the engine's `Position`, SCENARIOS.md `setup`) and/or a fixed
 * seed. Accepted only when `env.TEST_SEAMS === "1"`; a deployed Worker refuses the field as unknown
 * (400), and the Durable Object ignores it unless the seams are on.
 */
export const TestStackSchema = v.strictObject({
  seed: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  position: v.optional(PositionSchema),
});
export type TestStack = v.InferOutput<typeof TestStackSchema>;

/** POST /api/matches body when the test seams are on: CreateMatch plus `testStack`. */
export const CreateMatchWithSeamSchema = v.strictObject({
  ...createFields,
  testStack: v.optional(TestStackSchema),
});

/** The most cards a mulligan discards: a whole hand with the card just drawn. */
const MULLIGAN_MAX = 7;

/**
 * A move: the engine's own reading of its `Move` union (`parseMove`, worker/engine/move-shape.ts),
 * so its output is a `Move`; the engine judges legality. The wire also bounds what a body may carry:
 * a hazard's target is a seat 0–7 and a mulligan discards 1–7 cards. Anything else is 400
 * `request.invalid` with an issue such as `move: Malformed move: unknown card.`.
 */
export const MoveSchema = v.pipe(
  v.unknown(),
  v.rawTransform<unknown, Move>(({ dataset, addIssue, NEVER }) => {
    const parsed = parseMove(dataset.value);
    if (parsed.ok) return parsed.move;
    addIssue({ message: parsed.error.message });
    return NEVER;
  }),
  v.check(
    (m) => m.type !== 'play' || m.target === undefined || v.is(Seat, m.target),
    'target must be a seat from 0 to 7',
  ),
  v.check(
    (m) => m.type !== 'mulligan' || (m.cards.length >= 1 && m.cards.length <= MULLIGAN_MAX),
    `a mulligan discards 1 to ${MULLIGAN_MAX} cards`,
  ),
);

/** A move id: 1 to 64 characters of `A-Z a-z 0-9 _ . : -`, chosen by the client, naming one move for the whole match. */
export const MoveIdSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(64),
  v.regex(/^[A-Za-z0-9_.:-]+$/),
);

/** The parts of a move request, shared by `POST /moves` and the socket's `move` frame. */
const moveRequestEntries = {
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  moveId: MoveIdSchema,
  move: MoveSchema,
};

/** POST /api/matches/:id/moves body: the version the client saw, its own move id, the move. */
export const MoveRequestSchema = v.strictObject(moveRequestEntries);
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
  // -- presence: always e-mail me --
  alwaysEmail: v.optional(v.boolean()),
  // -- time zone, mail preferences --
  timeZone: v.optional(timeZoneSchema()),
  mailPrefs: v.optional(mailPrefsSchema()),
  // -- away until, play for me --
  /**
   * "I'm away until": an ISO date or time (`2026-05-04` or `2026-05-04T08:00:00.000Z`), in the
   * future and at most 30 days ahead (else 400 `settings.away_range`); null: "I'm back".
   */
  awayUntil: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(40),
        v.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/),
        v.check((t) => !Number.isNaN(Date.parse(t)), 'must be a date'),
      ),
    ),
  ),
  /** True: the computer plays the seat until the player comes back (409 `seat.last_human`); false: take it back. */
  playForMe: v.optional(v.boolean()),
  // -- chat muted --
  /** True: this seat's mails carry no chat lines of this match (the page mutes it too); false: unmute. */
  chatMuted: v.optional(v.boolean()),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;

/** Body of the endpoints that take none (`{}` or no body). */
export const EmptySchema = v.strictObject({});

// -- rematch by consent --
/** The answers to a rematch offer. */
export const REMATCH_ANSWERS = ['accept', 'decline'] as const;
/**
 * Body of `POST /api/matches/:id/rematch`: no `answer` ("Play again": makes the offer, or accepts
 * the open one), or `accept` / `decline` the open offer (docs/API.md).
 */
export const RematchRequestSchema = v.strictObject({ answer: v.optional(v.picklist(REMATCH_ANSWERS)) });
export type RematchRequest = v.InferOutput<typeof RematchRequestSchema>;

/**
 * `GET /api/matches/:id` query: `present=1` when the polling page is visible and was used within
 * the last minutes (worker/match/presence.ts); any other value is 400.
 */
export const InfoQuerySchema = v.strictObject({
  present: v.optional(v.literal('1')),
});

/** GET /api/matches/:id/log query. */
export const LogQuerySchema = v.strictObject({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
});

/** `GET /api/matches/:id/journal?hand=N`: a hand number from 1 (default: the latest hand). */
export const JournalQuerySchema = v.strictObject({
  hand: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number))),
});

// -- replay of finished hands --
/** `GET /api/matches/:id/replay?hand=N`: a hand number from 1 (required). */
export const ReplayQuerySchema = v.strictObject({
  hand: v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)),
});

// -- chat --
/**
 * The quick phrases of the chat, stored as codes and shown in each reader's language: "Good game",
 * "Well played", "Away until …" (its `until` day), "Back tomorrow", "Your turn!".
 */
export const QUICK_PHRASES = ['goodGame', 'wellPlayed', 'awayUntil', 'backTomorrow', 'yourTurn'] as const;
export type QuickPhrase = (typeof QUICK_PHRASES)[number];

/** A day `YYYY-MM-DD` that exists on the calendar (the "away until" of a quick phrase). */
const Day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD'),
  v.check((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(s);
  }, 'no such day'),
);

/**
 * `POST /api/matches/:id/chat` body: plain `text` (at most `CHAT_MAX_CHARS` code points; controls
 * removed, blank-looking text refused: 400 `request.invalid`), or a quick `phrase` code (`awayUntil`
 * with `params: { until: 'YYYY-MM-DD' }`, the others without params).
 */
export const ChatSendSchema = v.union(
  [
    v.strictObject({
      text: v.pipe(
        typedText(CHAT_MAX_CHARS, 'remove'),
        v.check((s) => s.length > 0, 'a message needs a visible character'),
      ),
    }),
    v.strictObject({ phrase: v.literal('awayUntil'), params: v.strictObject({ until: Day }) }),
    v.strictObject({
      phrase: v.picklist(QUICK_PHRASES.filter((p) => p !== 'awayUntil')),
      params: v.optional(v.strictObject({})),
    }),
  ],
  'a message is {text} or {phrase} (one of the quick phrases; awayUntil with params.until as YYYY-MM-DD)',
);
export type ChatSend = v.InferOutput<typeof ChatSendSchema>;

/** `GET /api/matches/:id/chat?after=id`: the messages after that id (default: from the first). */
export const ChatQuerySchema = v.strictObject({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
});

/** A chat message on the wire. */
export interface ChatMessage {
  /** Ascending within the match; `?after=id` returns later ones. */
  id: number;
  /** The writer's seat. */
  seat: number;
  /** ISO time it was sent. */
  at: string;
  /** What was written; null once it is deleted or hidden. */
  body: { text: string } | { phrase: QuickPhrase; params?: { until: string } } | null;
  /** `deleted` by its writer, `hidden` by the host; null while shown. */
  removed: 'deleted' | 'hidden' | null;
}

/**
 * Where a match's chat stands, for a reader (MatchInfo and "my matches"): the newest message's id
 * (0: none), how many messages are deleted or hidden, and how many messages other seats than the
 * reader's wrote (all of them for the host link or a spectator; removed ones too). The page keeps
 * `others` as last read on the device for its unread count, and fetches `GET …/chat?after=` when
 * `lastId` or `removed` moves.
 */
export interface ChatTally {
  lastId: number;
  removed: number;
  others: number;
}

/**
 * The socket's `move` frame: the body of `POST /moves` with `type: 'move'`, played through
 * the same path (worker/match/socket-moves.ts) and answered with a `moveResult` frame.
 */
export const MoveFrameSchema = v.strictObject({ type: v.literal('move'), ...moveRequestEntries });

/** A frame from a WebSocket client. */
export const ClientFrameSchema = v.variant('type', [
  MoveFrameSchema,
  v.strictObject({ type: v.literal('auth'), token: Token }),
  v.strictObject({ type: v.literal('ping') }),
  // -- presence --
  /** The page is visible and was just used (`true`), or hidden (`false`): worker/match/presence.ts. */
  v.strictObject({ type: v.literal('presence'), visible: v.boolean() }),
]);
export type ClientFrame = v.InferOutput<typeof ClientFrameSchema>;

/** Match and token ids: 22 base64url characters (128 bits) or more. */
export const MatchIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,43}$/));

/**
 * POST /api/matches/summaries: up to MAX_SUMMARY_ITEMS matches, each with the best token this device
 * holds for it (seat, host or invitation). More items: 400 `request.invalid`.
 */
export const SummariesRequestSchema = v.strictObject({
  items: v.pipe(
    v.array(v.strictObject({ matchId: MatchIdSchema, token: Token })),
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
    // -- time zone, mail preferences --
    /** The seat's IANA time zone as last reported by a browser (absent: never reported). */
    timeZone?: string;
    /** The mail preferences set for this seat from a match (absent: the address's, or the defaults). */
    mailPrefs?: MailPrefs;
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

/** A frame the server sends on a WebSocket. */
export type ServerFrame =
  /**
   * The socket's own view after a change. `events`: the change's public events in play order (a
   * human's move and the bots' run after it, as the move reply's `events`; missing when the push
   * only tells who is connected); `botDelayMs`: the pace (ms) at which pages replay other seats' moves.
   */
  | { type: 'info'; info: MatchInfo; events?: GameEvent[]; botDelayMs?: number }
  | { type: 'error'; error: { code: string; message: string } }
  | { type: 'pong' }
  | { type: 'deleted' }
  /** A new chat message, or one deleted or hidden (only to sockets allowed to read the chat). */
  | { type: 'chat'; message: ChatMessage }
  /**
   * The answer to the socket's `move` frame `moveId`: the status and body `POST /moves`
   * would answer (`{info, events, replayed?}`, or `{error, info?}`).
   */
  | { type: 'moveResult'; moveId: string; status: number; body: unknown };

/** The longest `error.issues` line, in characters: a huge unknown key is not echoed back whole. */
const ISSUE_LINE_MAX = 200;

/** A valibot failure as the list of `path: message` lines returned in `error.issues` (each ≤ 200 characters). */
export function issueLines(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.slice(0, 10).map((i) => {
    const path = v.getDotPath(i);
    const line = path ? `${path}: ${i.message}` : i.message;
    return line.length > ISSUE_LINE_MAX ? `${line.slice(0, ISSUE_LINE_MAX - 1)}…` : line;
  });
}

// Time zone and mail preferences. Function declarations, so the settings schema
// above can use them.

/**
 * Current IANA names that the runtime's Intl (ICU, following CLDR) resolves to an older name of the
 * same zone (`Asia/Kolkata` → `Asia/Calcutta`): browsers whose Intl follows IANA (Firefox) report
 * these, so they are accepted as spelled here. Source: the IANA names whose CLDR id is an older
 * IANA name of the same zone (as the TC39 time zone canonicalization proposal lists them); workerd
 * resolves each to that older name.
 */
const CURRENT_IANA_NAMES: ReadonlySet<string> = new Set([
  'Africa/Asmara',
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Catamarca',
  'America/Argentina/Cordoba',
  'America/Argentina/Jujuy',
  'America/Argentina/Mendoza',
  'America/Atikokan',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Nuuk',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Yangon',
  'Atlantic/Faroe',
  'Europe/Kyiv',
  'Pacific/Chuuk',
  'Pacific/Kanton',
  'Pacific/Pohnpei',
]);

/** Names `isTimeZone` accepted already (only accepted ones: the cache stays as small as the zone list). */
const knownZones = new Set<string>();

/**
 * True for a time zone name exactly as IANA spells it and the runtime's Intl knows it: `Europe/Oslo`,
 * `UTC`, `Asia/Kolkata`. Refused: offsets (`+05:30`, `-03:00`: Intl takes them, but they know no
 * summer time), another case (`europe/oslo`, `utc`: Intl folds case, but the name is stored and
 * compared as given), links the runtime renames (`US/Eastern`, `Etc/UTC`, `GMT`) other than the
 * current names of `CURRENT_IANA_NAMES`, and unknown names.
 */
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (!/^[A-Za-z]/.test(name)) return false;
  const resolved = resolvedTimeZone(name);
  if (resolved === null) return false;
  if (resolved !== name && !CURRENT_IANA_NAMES.has(name)) return false;
  knownZones.add(name);
  return true;
}

/**
 * A zone read back from storage: the name when `isTimeZone` accepts it, else null. A zone stored
 * before the check was strict (`+05:30`, `europe/oslo`) counts as unset where it is read.
 */
export function storedZone(name: string | null | undefined): string | null {
  return typeof name === 'string' && isTimeZone(name) ? name : null;
}

/**
 * A time zone in the settings: at most 64 characters, spelled as IANA does (`isTimeZone`), else
 * 400 `request.invalid` with the issue.
 */
function timeZoneSchema() {
  return v.pipe(
    v.string(),
    v.maxLength(64),
    v.check(isTimeZone, 'not an IANA time zone name as spelled there, e.g. "Europe/Oslo" or "UTC"'),
  );
}

/** An hour of the day on the reader's clock, 0..23. */
function hourSchema() {
  return v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23));
}

/**
 * A seat's mail preferences: `digestHour` one mail a day at that hour (null: a mail per turn, as
 * before); `quiet` the quiet hours, from `from`:00 to `to`:00 (null: none; equal hours: none).
 */
function mailPrefsSchema() {
  return v.strictObject({
    digestHour: v.nullable(hourSchema()),
    quiet: v.nullable(v.strictObject({ from: hourSchema(), to: hourSchema() })),
  });
}

/** Mail preferences (see `mailPrefsSchema`): hours are 0..23 in the seat's time zone. */
export interface MailPrefs {
  digestHour: number | null;
  quiet: { from: number; to: number } | null;
}

// -- error codes of the routes --
/**
 * Every error code a route or the match's Durable Object sends back (`{error: {code, message}}`,
 * or a socket's `error` frame), besides the engine's `ERROR_CODES` for a refused move. The page
 * words each in every language (web/src/lib/error-words/); test/web/error-words.test.ts checks
 * that the code of every `error(...)`/`fail(...)` of worker/routes and worker/match is listed here.
 */
export const ROUTE_ERROR_CODES = [
  'auth.bad_invite',
  'auth.bad_token',
  'auth.changed',
  'auth.not_a_seat',
  'auth.not_host',
  'auth.not_your_seat',
  'chat.away_range',
  'chat.closed',
  'chat.not_allowed',
  'chat.not_found',
  'chat.not_yours',
  'chat.rate_limited',
  'frame.invalid',
  'frame.too_large',
  'internal',
  'journal.no_hand',
  'league.archived',
  'league.exists',
  'league.left',
  'league.match_unknown',
  'league.member_unknown',
  'league.not_found',
  'league.not_member',
  'league.not_owner',
  'league.seats',
  'link.expired',
  'mail.bad_link',
  'mail.daily_limit',
  'match.exists',
  'match.finished',
  'match.full',
  'match.not_finished',
  'match.not_found',
  'match.not_playing',
  'match.not_started',
  'match.rules_version',
  'match.started',
  'match.unavailable',
  'method.not_allowed',
  'move.id_reused',
  'mute.bad_link',
  'name.taken',
  'not_found',
  'open.no_free_seat',
  'open.not_found',
  'open.one_seat',
  'open.own_match',
  'open.too_many',
  'push.not_configured',
  'rate.limited',
  'rematch.dealt',
  'rematch.declined',
  'rematch.lapsed',
  'rematch.no_offer',
  'rematch.no_players',
  'replay.hand_not_over',
  'replay.match_not_over',
  'replay.no_hand',
  'replay.not_allowed',
  'request.invalid',
  'request.malformed',
  'request.too_large',
  'request.upgrade_required',
  'rules.invalid',
  'seat.creator_not_human',
  'seat.last_human',
  'seat.left',
  'seat.not_found',
  'seat.not_human',
  'settings.away_range',
  'settings.no_email',
  'socket.limit',
  'socket.rate_limited',
  'token.unknown',
  'version.stale',
] as const;
/** An error code of a route (see `ROUTE_ERROR_CODES`). */
export type RouteErrorCode = (typeof ROUTE_ERROR_CODES)[number];

/**
 * The request bodies and queries of the match routes: creating a match (and its test seam),
 * claiming an invitation, a seat's settings, a rematch answer, and the queries of the info, log,
 * journal and replay reads. Unknown fields are refused (strict objects).
 */
import * as v from 'valibot';
import { AddressSchema } from '../address';
import { PRESET_NAMES } from '../engine/index';
import {
  MAX_SEATS,
  RESPONSE_WINDOW_MAX_MINUTES,
  TIMEOUTS_TO_BOT_MAX,
  TITLE_MAX_CHARS,
  VACATION_MAX_DAYS,
} from '../shared/limits';
import { isJsonObject, RESERVED_KEYS } from './body';
import {
  BOT_LEVELS,
  CardSchema,
  LanguageSchema,
  SeatSchema,
  TokenSchema,
  TurnDeadlineHoursSchema,
} from './fields';
import { SeatNameSchema, typedText } from './text';
import { mailPrefsSchema, timeZoneSchema } from './zones';

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
    name: v.optional(SeatNameSchema),
    email: v.optional(AddressSchema),
    botLevel: v.optional(v.picklist(BOT_LEVELS)),
    language: v.optional(LanguageSchema),
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
  firstSeat: v.optional(v.union([SeatSchema, v.literal('random')])),
  /** Hours a player has for a turn: 0 = no deadline, else 1 to 720 (30 days). */
  turnDeadlineHours: v.optional(TurnDeadlineHoursSchema),
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

const Cards = v.pipe(v.array(CardSchema), v.maxLength(106));
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
  turn: v.optional(SeatSchema),
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

/** POST /api/matches/:id/claim body. */
export const ClaimSchema = v.strictObject({
  invite: TokenSchema,
  name: SeatNameSchema,
  email: v.optional(AddressSchema),
  language: v.optional(LanguageSchema),
});
export type Claim = v.InferOutput<typeof ClaimSchema>;

/** POST /api/matches/:id/confirm body: the name an invited guest plays under, and their language. */
export const ConfirmSchema = v.strictObject({
  name: SeatNameSchema,
  language: v.optional(LanguageSchema),
});
export type Confirm = v.InferOutput<typeof ConfirmSchema>;

/** POST /api/matches/:id/settings body (own seat). `email: null` removes the address. */
export const SettingsSchema = v.strictObject({
  responseMode: v.optional(v.picklist(['auto', 'ask'])),
  language: v.optional(LanguageSchema),
  email: v.optional(v.nullable(AddressSchema)),
  emailNotifications: v.optional(v.boolean()),
  // -- presence: always e-mail me --
  alwaysEmail: v.optional(v.boolean()),
  // -- the hand and suggested moves in turn mails (issue 34) --
  mailHand: v.optional(v.boolean()),
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

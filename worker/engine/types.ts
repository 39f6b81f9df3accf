/**
 * The engine's data shapes: match state (plain JSON), moves (a tagged union), public events,
 * per-seat views and the result of applying a move. Everything here is serialisable as JSON.
 */
import type { CardId, HazardCard, SafetyCard } from './cards';
import type { SeedScheme } from './hand-seed';
import type { Rules } from './rules';
import type { CardReason } from './why-not-reasons';

/** Tag of the rules implementation stored with every match; bump it when rule behaviour changes. */
export const RULES_VERSION = 'mb-rules-1';
/** Version of the state's JSON shape. */
export const STATE_SCHEMA = 1;

/** Turn phases. `respond`: a response window is open; `extension`: the 700 decision is pending. */
export const PHASES = ['draw', 'play', 'respond', 'extension', 'handOver', 'matchOver'] as const;
export type Phase = (typeof PHASES)[number];

/** A seat's coup-fourré choice (RULES.md §7): play automatically, or be asked in a window. */
export type ResponseMode = 'auto' | 'ask';

/** One player's or team's public area on the table. RULES.md §2. Piles are bottom first. */
export interface Tableau {
  battle: CardId[];
  speed: CardId[];
  /** Distance cards played, in order. */
  distance: CardId[];
  /** Every safety played, coup fourré ones included. */
  safeties: SafetyCard[];
  /** The safeties that were played as coup fourré (a subset of `safeties`, shown sideways). */
  coupFourre: SafetyCard[];
  /** Total km of `distance`. */
  km: number;
  /** True after a safety cancelled the hazard on the battle pile: rolling without a Roll. RULES.md §6. */
  cleared: boolean;
  /** True once this player/team has been rolling this hand (for `attackerMustHaveStarted`). */
  started: boolean;
}

/** An open response window for a hazard (RULES.md §7): who attacked, with what, who answers in which order. */
export interface ResponseWindow {
  attacker: number;
  hazard: HazardCard;
  /** Team index of the target. */
  target: number;
  /** Seats still to answer, in turn order after the attacker; the first is asked now. */
  pending: number[];
  /**
   * An `auto` seat that holds the remedy (fast game) and waits in case a later teammate plays the
   * safety as coup fourré; it plays the remedy when nobody does. Hidden: never in a view.
   */
  remedyBy: number | null;
}

/** The finished hand's score of one player/team, item by item. RULES.md §9. */
export interface HandScore {
  distance: number;
  /** 100 × every safety played, coup fourré ones included. */
  safeties: number;
  /** The extra per coup fourré (100 in h16, 300 in classic and dujardin). */
  coupFourre: number;
  allSafeties: number;
  trip: number;
  delayedAction: number;
  safeTrip: number;
  shutout: number;
  extension: number;
  total: number;
}

/** Score items in display order: data in worker/shared/rules-data, re-exported here. */
export { SCORE_ITEMS } from '../shared/rules-data';

/** The result of a finished hand. */
export interface HandResult {
  /** Hand number, from 1. */
  hand: number;
  /** One entry per team. */
  scores: HandScore[];
  /** Teams that won the hand (reached the goal, or the closest in a played-out hand); may be empty. */
  winners: number[];
  /** The team that completed the trip, if any. */
  tripBy: number | null;
  /**
   * The goal in force when the hand ended, km: the rules' goal, or 1000 after an extension (RULES.md
   * §8). Absent in results stored before it was recorded.
   */
  goal?: number;
}

/**
 * The whole state of a match: plain JSON, never mutated by the engine. `version` increases by one
 * with every accepted move. Hidden parts: `hands` (but the seat's own), `deck`, `seed`, `seedScheme`, `rng`.
 */
export interface MatchState {
  schema: typeof STATE_SCHEMA;
  rulesVersion: string;
  version: number;
  rules: Rules;
  /** Number of seats; seat i+1 sits to the left of seat i. */
  seats: number;
  /** Teams as lists of seats (individual play: one seat each). Team of seat s is `s % teams.length`. */
  teams: number[][];
  responses: ResponseMode[];
  seed: string;
  /**
   * How each hand's generator derives from `seed` (hand-seed.ts `handRng`): `keyed-v1` for matches
   * created since the keyed hand seeds; absent in matches stored before them, which keep the legacy deals.
   */
  seedScheme?: SeedScheme;
  /** PRNG state for reshuffles in the current hand. */
  rng: [number, number, number, number];
  /** Hand number, from 1. */
  handNumber: number;
  /** The seat that started the current hand. */
  firstSeat: number;
  /** Draw pile; the top card is the LAST element. */
  deck: CardId[];
  /** Discard pile, bottom first. */
  discard: CardId[];
  /** Cards out of this hand (scenario `unplaced: "box"`). */
  box: CardId[];
  hands: CardId[][];
  /** One tableau per team. */
  tableaux: Tableau[];
  /**
   * The seat whose turn it is; while a response window is open, the asked seat. Means nothing once
   * the hand is over: ask `whoActs` (turn.ts) who acts next.
   */
  turn: number;
  phase: Phase;
  /** Times the discard pile was reshuffled this hand (at most 2). RULES.md §8. */
  reshuffles: number;
  window: ResponseWindow | null;
  /** Team that extended the trip to 1000 this hand. RULES.md §8. */
  extendedBy: number | null;
  /** Goal in force now (the option's goal, or 1000 after an extension). */
  goal: number;
  /** Match totals per team before the current hand is scored. */
  scores: number[];
  /** Results of finished hands, oldest first. */
  results: HandResult[];
  /** Match winners (teams) once the phase is `matchOver`. */
  matchWinners: number[];
}

/** A move, as a readonly tagged union. SCENARIOS.md "Moves". */
export type Move =
  | { readonly type: 'draw'; readonly from?: 'pile' | 'discard' }
  | { readonly type: 'play'; readonly card: CardId; readonly target?: number }
  | { readonly type: 'discard'; readonly card: CardId }
  | { readonly type: 'coupFourre'; readonly card: SafetyCard }
  | { readonly type: 'pass' }
  | { readonly type: 'quickRemedy'; readonly card: CardId }
  | { readonly type: 'mulligan'; readonly cards: readonly CardId[] }
  | { readonly type: 'extension'; readonly accept: boolean }
  | { readonly type: 'nextHand' };

export type MoveType = Move['type'];
export const MOVE_TYPES = [
  'draw',
  'play',
  'discard',
  'coupFourre',
  'pass',
  'quickRemedy',
  'mulligan',
  'extension',
  'nextHand',
] as const satisfies readonly MoveType[];

/**
 * Public events: what every player may know about an accepted move. A draw from the pile names
 * no card; a draw from the discard pile does. The client renders them in words.
 */
export type GameEvent =
  | { type: 'handStarted'; hand: number; firstSeat: number }
  | { type: 'drew'; seat: number; from: 'pile' }
  | { type: 'drew'; seat: number; from: 'discard'; card: CardId }
  | { type: 'reshuffled'; cards: number; count: number }
  | { type: 'played'; seat: number; card: CardId; target?: number }
  | { type: 'hazardCancelled'; team: number; hazard: HazardCard; by: SafetyCard }
  | { type: 'discarded'; seat: number; card: CardId }
  | { type: 'windowOpened'; seat: number; attacker: number; hazard: HazardCard }
  | { type: 'passed'; seat: number }
  | { type: 'coupFourre'; seat: number; card: SafetyCard; hazard: HazardCard; attacker: number }
  | { type: 'quickRemedy'; seat: number; card: CardId; hazard: HazardCard }
  | { type: 'turnsLost'; seats: number[] }
  | { type: 'mulligan'; seat: number; cards: CardId[] }
  | { type: 'extraTurn'; seat: number }
  | { type: 'extensionOffered'; seat: number }
  | { type: 'extended'; seat: number; accept: boolean }
  | { type: 'skipped'; seat: number; reason: 'emptyHand' }
  | { type: 'drawPileExhausted' }
  | { type: 'handOver'; hand: number; winners: number[]; scores: number[] }
  | { type: 'matchOver'; winners: number[]; scores: number[] };

/** A stable error code with a one-line message, returned (never thrown) for a refused move. */
export interface EngineError {
  code: ErrorCode;
  message: string;
}

/** Every error code a refused move can carry, each explained in `errors.ts`. */
export const ERROR_CODES = [
  'move.malformed',
  'seat.invalid',
  'turn.not_yours',
  'phase.wrong',
  'card.not_in_hand',
  'draw.discard_not_allowed',
  'draw.discard_empty',
  'draw.pile_empty',
  'distance.not_rolling',
  'distance.speed_limit',
  'distance.too_many_200',
  'distance.past_goal',
  'hazard.no_target',
  'hazard.target_self',
  'hazard.target_protected',
  'hazard.target_not_rolling',
  'hazard.target_hazarded',
  'hazard.target_limited',
  'hazard.attacker_not_started',
  'remedy.not_needed',
  'safety.already_played',
  'target.not_allowed',
  'window.not_open',
  'window.not_your_answer',
  'coupFourre.wrong_safety',
  'quickRemedy.not_allowed',
  'quickRemedy.wrong_remedy',
  'mulligan.not_allowed',
  'mulligan.bad_cards',
  'extension.not_offered',
  'hand.not_over',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Result of `applyMove`: the new state plus public events, or an error and the state untouched. */
export type MoveResult =
  | { ok: true; state: MatchState; events: GameEvent[] }
  | { ok: false; error: EngineError };

/** A tableau as everybody sees it, plus derived facts. */
export interface TableauView extends Tableau {
  team: number;
  seats: number[];
  battleTop: CardId | null;
  speedTop: CardId | null;
  rolling: boolean;
  limited: boolean;
  twoHundreds: number;
}

/** What one seat (or a spectator, seat `null`) may see: nothing of other hands, the deck order or the seed. */
export interface MatchView {
  rulesVersion: string;
  version: number;
  rules: Rules;
  seats: number;
  teams: number[][];
  /** The viewer's seat, or null for a spectator. */
  seat: number | null;
  /** The viewer's hand (empty for a spectator). */
  hand: CardId[];
  handSizes: number[];
  tableaux: TableauView[];
  deckSize: number;
  discardTop: CardId | null;
  discardSize: number;
  turn: number | null;
  phase: Phase;
  /** The open response window, if any: who is asked, about which hazard (never what they hold). */
  window: { seat: number; attacker: number; hazard: HazardCard; target: number } | null;
  handNumber: number;
  firstSeat: number;
  reshuffles: number;
  goal: number;
  extendedBy: number | null;
  scores: number[];
  results: HandResult[];
  matchWinners: number[];
  responses: ResponseMode[];
  /** The viewer's legal moves now (empty for a spectator or when it is not their move). */
  legalMoves: Move[];
  /**
   * Why each distinct card of the viewer's own hand cannot be played now (`whyNot`, one reason per
   * possible target); a card that can be played has no entry. Empty for a spectator: never another
   * seat's cards.
   */
  reasons: Partial<Record<CardId, CardReason[]>>;
}

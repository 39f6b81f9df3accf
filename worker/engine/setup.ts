/**
 * Creating a match and dealing hands: seats and teams, the seeded deal (RULES.md §2), and an optional
 * arranged position for the first hand (the scenario `setup` of SCENARIOS.md, also the test seam for a
 * stacked deck).
 */

import { teamOf } from '../shared/teams';
import {
  CARD_COUNTS,
  CARD_IDS,
  type CardId,
  fullDeck,
  isCardId,
  isHazard,
  isRemedy,
  isSafety,
  KM,
  type SafetyCard,
} from './cards';
import { Draft } from './draft';
import { startTurn } from './flow';
import { handRng, isSeedScheme, type SeedScheme } from './hand-seed';
import { canDraw } from './legal';
import { shuffleInPlace } from './rng';
import { type RulesInput, type RulesProblem, resolveRules } from './rules';
import { emptyTableau, isRolling } from './tableau';
import {
  type GameEvent,
  type MatchState,
  type ResponseMode,
  RULES_VERSION,
  STATE_SCHEMA,
  type Tableau,
} from './types';

/** Cards dealt to each seat. RULES.md §2. */
export const HAND_SIZE = 6;

/** A tableau in an arranged position: piles bottom first; `safeties` normal, `coupFourre` sideways. */
export interface PositionTableau {
  battle?: CardId[];
  speed?: CardId[];
  distance?: CardId[];
  safeties?: CardId[];
  coupFourre?: CardId[];
}

/** An arranged position for the first hand; the fields of the SCENARIOS.md `setup`. */
export interface Position {
  /** Each seat's hand; a seat left out gets no cards. */
  hands?: Record<string, CardId[]>;
  /** Keyed by one seat of the player/team. */
  tableaux?: Record<string, PositionTableau>;
  /** The draw pile, top card first. */
  deck?: CardId[];
  /** Where the cards the position does not place go: below `deck` in seeded order, or out of the hand. */
  unplaced?: 'deck' | 'box';
  /** Discard pile, bottom first. */
  discard?: CardId[];
  /** The seat to act (default: the first seat). */
  turn?: number;
  /** `draw` (default when a card can be drawn) or `play`. */
  phase?: 'draw' | 'play';
  /** Match totals before this hand, keyed by one seat of each player/team. */
  scores?: Record<string, number>;
}

/** What is needed to create a match. */
export interface MatchSetup {
  rules: RulesInput;
  /** Number of seats, 2–8. */
  seats: number;
  /** 1 (default) for individual play; 2 for partnerships sitting alternately. */
  teamSize?: number;
  /** Determines every shuffle; hidden from every view (with `keyed-v1`, the key of every hand's seed). */
  seed: string;
  /** How each hand's generator derives from `seed` (hand-seed.ts); unset: the legacy scheme. */
  seedScheme?: SeedScheme;
  /** The seat that starts the first hand (default 0); later hands start one seat to the left. */
  firstSeat?: number;
  /** Each seat's coup-fourré choice (default `auto`). */
  responses?: ResponseMode[];
  /** An arranged first hand instead of the seeded deal (scenarios; the server's test-only seam). */
  position?: Position;
}

export type CreateResult =
  | { ok: true; state: MatchState; events: GameEvent[] }
  | { ok: false; problems: RulesProblem[] };

/**
 * Creates a match and deals its first hand. Refuses, listing every problem, an invalid rules/seating
 * combination (RULES.md §10), a bad first seat, or a position that uses a card more often than the
 * deck holds.
 */
export function createMatch(setup: MatchSetup): CreateResult {
  if (typeof setup !== 'object' || setup === null)
    return { ok: false, problems: [{ field: 'setup', message: 'a match setup object is needed' }] };
  const teamSize = setup.teamSize ?? 1;
  const resolved = resolveRules(setup.rules, { seats: setup.seats, teamSize });
  if (!resolved.ok) return resolved;
  const seats = setup.seats;
  const problems: RulesProblem[] = [];
  const firstSeat = setup.firstSeat ?? 0;
  if (!Number.isInteger(firstSeat) || firstSeat < 0 || firstSeat >= seats) {
    problems.push({ field: 'firstSeat', message: `firstSeat must be a seat from 0 to ${seats - 1}` });
  }
  if (
    setup.responses !== undefined &&
    (!Array.isArray(setup.responses) || !setup.responses.every((m) => m === 'auto' || m === 'ask'))
  ) {
    problems.push({ field: 'responses', message: 'responses must be a list of "auto" or "ask"' });
  }
  if (typeof setup.seed !== 'string' || setup.seed.length === 0)
    problems.push({ field: 'seed', message: 'a seed string is needed' });
  if (setup.seedScheme !== undefined && !isSeedScheme(setup.seedScheme))
    problems.push({ field: 'seedScheme', message: 'seedScheme must be "keyed-v1" or unset' });
  if (problems.length) return { ok: false, problems };
  const teamCount = seats / teamSize;
  const teams = listOf(teamCount, (team) => listOf(teamSize, (k) => team + k * teamCount));
  const base: MatchState = {
    schema: STATE_SCHEMA,
    rulesVersion: RULES_VERSION,
    version: 0,
    rules: resolved.rules,
    seats,
    teams,
    responses: listOf(seats, (s): ResponseMode => setup.responses?.[s] ?? 'auto'),
    seed: setup.seed,
    ...(setup.seedScheme ? { seedScheme: setup.seedScheme } : {}),
    rng: [0, 0, 0, 0],
    handNumber: 0,
    firstSeat,
    deck: [],
    discard: [],
    box: [],
    hands: [],
    tableaux: [],
    turn: firstSeat,
    phase: 'draw',
    reshuffles: 0,
    window: null,
    extendedBy: null,
    goal: resolved.rules.options.goal,
    scores: teams.map(() => 0),
    results: [],
    matchWinners: [],
  };
  const d = new Draft(base, 'own');
  d.s.version = 0;
  if (setup.position) {
    const arranged = arrange(d, setup.position);
    if (arranged.length) return { ok: false, problems: arranged };
  } else {
    dealHand(d, 1, firstSeat);
  }
  return { ok: true, state: d.s, events: d.events };
}

/** `[f(0), f(1), …, f(n - 1)]`; a plain loop: `Array.from({ length: n }, …)` costs more than a deal's shuffle. */
function listOf<T>(n: number, f: (i: number) => T): T[] {
  const list: T[] = [];
  for (let i = 0; i < n; i++) list.push(f(i));
  return list;
}

/**
 * Deals hand number `hand`, `firstSeat` to start: a fresh seeded shuffle of the 106 cards, six to each
 * seat, empty tableaux. RULES.md §2 [H16, NO, FR].
 */
export function dealHand(d: Draft, hand: number, firstSeat: number): void {
  const s = d.s;
  s.rng = handRng(s.seed, hand, s.seedScheme);
  s.deck = shuffleInPlace(fullDeck(), s.rng);
  s.hands = listOf(s.seats, (): CardId[] => []);
  for (let round = 0; round < HAND_SIZE; round++) {
    for (let i = 0; i < s.seats; i++) s.hands[(firstSeat + i) % s.seats].push(s.deck.pop()!);
  }
  resetHand(s, hand, firstSeat);
  d.ownAll();
  if (d.recording) d.emit({ type: 'handStarted', hand, firstSeat });
  startTurn(d, firstSeat);
}

function resetHand(s: MatchState, hand: number, firstSeat: number): void {
  s.handNumber = hand;
  s.firstSeat = firstSeat;
  s.discard = [];
  s.box = [];
  s.tableaux = s.teams.map(() => emptyTableau());
  s.reshuffles = 0;
  s.window = null;
  s.extendedBy = null;
  s.goal = s.rules.options.goal;
}

function teamIndex(s: MatchState, key: string, field: string, problems: RulesProblem[]): number | null {
  const seat = Number(key);
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) {
    problems.push({ field, message: `"${key}" is not a seat of this match` });
    return null;
  }
  return teamOf(s, seat);
}

function cardList(value: unknown, field: string, problems: RulesProblem[]): CardId[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isCardId)) {
    problems.push({ field, message: `${field} must be a list of card ids` });
    return [];
  }
  return value.slice();
}

/**
 * Lays out an arranged first hand (SCENARIOS.md `setup`). Returns the problems found: unknown seats or
 * cards, a card used more often than the deck holds, misplaced card kinds.
 */
function arrange(d: Draft, p: Position): RulesProblem[] {
  const s = d.s;
  const problems: RulesProblem[] = [];
  const firstSeat = p.turn ?? s.firstSeat;
  if (!Number.isInteger(firstSeat) || firstSeat < 0 || firstSeat >= s.seats) {
    return [{ field: 'turn', message: `turn must be a seat from 0 to ${s.seats - 1}` }];
  }
  resetHand(s, 1, firstSeat);
  s.rng = handRng(s.seed, 1, s.seedScheme);
  const used = new Map<CardId, number>();
  const use = (cards: CardId[]) => {
    for (const c of cards) used.set(c, (used.get(c) ?? 0) + 1);
    return cards;
  };
  s.hands = listOf(s.seats, (): CardId[] => []);
  for (const [key, cards] of Object.entries(p.hands ?? {})) {
    const seat = Number(key);
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) {
      problems.push({ field: 'hands', message: `"${key}" is not a seat of this match` });
      continue;
    }
    s.hands[seat] = use(cardList(cards, `hands.${key}`, problems));
  }
  for (const [key, tp] of Object.entries(p.tableaux ?? {})) {
    const team = teamIndex(s, key, 'tableaux', problems);
    if (team === null) continue;
    if (typeof tp !== 'object' || tp === null) {
      problems.push({ field: `tableaux.${key}`, message: 'a tableau is an object of piles' });
      continue;
    }
    s.tableaux[team] = arrangeTableau(tp, `tableaux.${key}`, problems, use, s);
  }
  const deckTop = use(cardList(p.deck, 'deck', problems));
  s.discard = use(cardList(p.discard, 'discard', problems));
  for (const id of CARD_IDS) {
    const n = used.get(id) ?? 0;
    if (n > CARD_COUNTS[id])
      problems.push({
        field: 'cards',
        message: `${id} is used ${n} times; the deck holds ${CARD_COUNTS[id]}`,
      });
  }
  if (problems.length) return problems;
  const rest: CardId[] = [];
  for (const id of CARD_IDS) for (let i = used.get(id) ?? 0; i < CARD_COUNTS[id]; i++) rest.push(id);
  shuffleInPlace(rest, s.rng);
  const unplaced = p.unplaced ?? 'deck';
  s.deck = (unplaced === 'deck' ? deckTop.concat(rest) : deckTop).reverse();
  s.box = unplaced === 'box' ? rest : [];
  for (const [key, total] of Object.entries(p.scores ?? {})) {
    const team = teamIndex(s, key, 'scores', problems);
    if (!Number.isInteger(total) || total < 0)
      problems.push({ field: `scores.${key}`, message: 'a score is a whole number' });
    else if (team !== null) s.scores[team] = total;
  }
  if (problems.length) return problems;
  d.emit({ type: 'handStarted', hand: 1, firstSeat });
  if (!canDraw(s)) {
    // Nothing to draw means play-out: phase play whatever the position says, empty hands skipped.
    startTurn(d, firstSeat);
  } else if (p.phase === 'play') {
    s.turn = firstSeat;
    s.phase = 'play';
  } else if (p.phase === 'draw') {
    s.turn = firstSeat;
    s.phase = 'draw';
  } else {
    startTurn(d, firstSeat);
  }
  return problems;
}

function arrangeTableau(
  tp: PositionTableau,
  field: string,
  problems: RulesProblem[],
  use: (cards: CardId[]) => CardId[],
  s: MatchState,
): Tableau {
  const t = emptyTableau();
  t.battle = use(cardList(tp.battle, `${field}.battle`, problems));
  t.speed = use(cardList(tp.speed, `${field}.speed`, problems));
  t.distance = use(cardList(tp.distance, `${field}.distance`, problems));
  const normal = use(cardList(tp.safeties, `${field}.safeties`, problems));
  const sideways = use(cardList(tp.coupFourre, `${field}.coupFourre`, problems));
  if (![...normal, ...sideways].every(isSafety))
    problems.push({ field, message: 'safeties hold only safety cards' });
  if (!t.distance.every((c) => c in KM))
    problems.push({ field, message: 'distance holds only distance cards' });
  const battleCard = (c: CardId) =>
    (isHazard(c) || isRemedy(c)) && c !== 'speed_limit' && c !== 'end_of_limit';
  if (!t.battle.every(battleCard)) {
    problems.push({
      field,
      message: 'the battle pile holds only battle hazards, Stop and their remedies (Roll included)',
    });
  }
  if (!t.speed.every((c) => c === 'speed_limit' || c === 'end_of_limit')) {
    problems.push({ field, message: 'the speed pile holds only Speed Limit and End of Limit' });
  }
  t.safeties = [...normal, ...sideways] as SafetyCard[];
  t.coupFourre = sideways as SafetyCard[];
  t.km = t.distance.reduce((sum, c) => sum + (KM as Record<string, number>)[c], 0);
  t.started = t.distance.length > 0 || isRolling(t, s.rules.options);
  return t;
}

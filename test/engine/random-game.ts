/**
 * Test support: plays random games through the engine's public API only (no rule re-implemented
 * here): the seat to act (`whoActs`) picks a uniformly random move from `legalMoves`.
 */
import fc from 'fast-check';
import {
  applyMove,
  CARD_COUNTS,
  CARD_IDS,
  type CardId,
  createMatch,
  legalMoves,
  type MatchState,
  type Move,
  PRESETS,
  type PresetName,
  type RulesInput,
  type Seating,
  whoActs,
} from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';

/** Every preset with every seating it plays (RULES.md §10). */
export function presetSeatings(): Array<{ preset: PresetName; seating: Seating }> {
  return (Object.keys(PRESETS) as PresetName[]).flatMap((preset) =>
    PRESETS[preset].seatings.map((seating) => ({ preset, seating })),
  );
}

/** A test label for a preset seating: "classic, 4 seats in teams of 2". */
export function seatingLabel(preset: PresetName, seating: Seating): string {
  return `${preset}, ${seating.seats} seats${seating.teamSize > 1 ? ` in teams of ${seating.teamSize}` : ''}`;
}

/** Random coup-fourré choices, one per seat (RULES.md §7). */
export function randomResponses(seats: number): fc.Arbitrary<Array<'auto' | 'ask'>> {
  return fc.array(fc.constantFrom('auto' as const, 'ask' as const), { minLength: seats, maxLength: seats });
}

/** Counts every card in every place of a state: draw pile, discard, box, hands, tableaux. */
export function cardCensus(state: MatchState): Map<CardId, number> {
  const counts = new Map<CardId, number>();
  const add = (cards: readonly CardId[]) => {
    for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  };
  add(state.deck);
  add(state.discard);
  add(state.box);
  for (const h of state.hands) add(h);
  for (const t of state.tableaux) {
    add(t.battle);
    add(t.speed);
    add(t.distance);
    add(t.safeties);
  }
  return counts;
}

/** Null when each of the 106 cards is in exactly one place; else what is wrong. */
export function censusProblem(state: MatchState): string | null {
  const counts = cardCensus(state);
  for (const id of CARD_IDS) {
    if ((counts.get(id) ?? 0) !== CARD_COUNTS[id])
      return `${id}: ${counts.get(id) ?? 0} instead of ${CARD_COUNTS[id]}`;
  }
  return null;
}

export interface RandomGame {
  initial: MatchState;
  final: MatchState;
  log: Array<{ seat: number; move: Move }>;
  states: MatchState[];
}

/**
 * Plays one random game. `onStep(before, seat, legal)` runs before every move. Stops at matchOver or
 * after `maxMoves` (then `final.phase` is not matchOver).
 */
export function playRandomGame(opts: {
  rules: RulesInput;
  seating: Seating;
  seed: string;
  choiceSeed: string;
  responses?: Array<'auto' | 'ask'>;
  maxMoves?: number;
  keepStates?: boolean;
  onStep?: (state: MatchState, seat: number, legal: readonly Move[]) => void;
}): RandomGame {
  const created = createMatch({
    rules: opts.rules,
    seats: opts.seating.seats,
    teamSize: opts.seating.teamSize,
    seed: opts.seed,
    responses: opts.responses,
  });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  const rng = seedRng(opts.choiceSeed);
  let state = created.state;
  const log: RandomGame['log'] = [];
  const states: MatchState[] = [];
  const max = opts.maxMoves ?? 50_000;
  for (let n = 0; n < max; n++) {
    // Between hands any seat may play nextHand: whoActs names the seat that started the last one.
    const who = whoActs(state);
    if (who.kind === 'over') break;
    const seat = who.seat;
    const legal = legalMoves(state, seat);
    opts.onStep?.(state, seat, legal);
    if (legal.length === 0) throw new Error(`seat ${seat} has no legal move in phase ${state.phase}`);
    const move = legal[Math.floor(nextFloat(rng) * legal.length)];
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(`legal move refused: ${JSON.stringify(move)} ${result.error.code}`);
    log.push({ seat, move });
    if (opts.keepStates) states.push(state);
    state = result.state;
  }
  return { initial: created.state, final: state, log, states };
}

/** Freezes an object graph so that any mutation throws (tests run in strict mode). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

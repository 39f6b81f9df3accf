/**
 * One random game as the property tests play it (properties.test.ts, properties-classic.test.ts):
 * at every step the 106 cards are each in exactly one place, every legal move is accepted, other
 * moves are refused with the state unchanged, views hide other hands, the deck and the seed; at the
 * end the match ended, each hand's total is the sum of its items, and replaying the log gives the
 * same state. `gameCases` draws the games of one configuration; `RUNS` games per configuration.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  applyMove,
  CARD_IDS,
  createMatch,
  legalMoves,
  type MatchState,
  type Move,
  type RulesInput,
  SCORE_ITEMS,
  type Seating,
  sameMove,
  viewFor,
} from '../../worker/engine/index';
import { censusProblem, deepFreeze, playRandomGame, randomResponses } from './random-game';

const VIEW_KEYS = [
  'rulesVersion',
  'version',
  'rules',
  'seats',
  'teams',
  'seat',
  'hand',
  'handSizes',
  'tableaux',
  'deckSize',
  'discardTop',
  'discardSize',
  'turn',
  'phase',
  'window',
  'handNumber',
  'firstSeat',
  'reshuffles',
  'goal',
  'extendedBy',
  'scores',
  'results',
  'matchWinners',
  'responses',
  'legalMoves',
  'reasons',
].sort();

/** A random move of any shape, for the "other moves are refused" check. */
const anyMove: fc.Arbitrary<Move> = fc.oneof(
  fc.record({
    type: fc.constant('draw' as const),
    from: fc.constantFrom('pile' as const, 'discard' as const),
  }),
  fc.record({
    type: fc.constant('play' as const),
    card: fc.constantFrom(...CARD_IDS),
    target: fc.integer({ min: -1, max: 8 }),
  }),
  fc.record({ type: fc.constant('play' as const), card: fc.constantFrom(...CARD_IDS) }),
  fc.record({ type: fc.constant('discard' as const), card: fc.constantFrom(...CARD_IDS) }),
  fc.record({
    type: fc.constant('coupFourre' as const),
    card: fc.constantFrom(
      'driving_ace',
      'extra_tank',
      'puncture_proof',
      'right_of_way',
    ) as fc.Arbitrary<'driving_ace'>,
  }),
  fc.record({ type: fc.constantFrom('pass' as const, 'nextHand' as const) }),
  fc.record({ type: fc.constant('quickRemedy' as const), card: fc.constantFrom(...CARD_IDS) }),
  fc.record({
    type: fc.constant('mulligan' as const),
    cards: fc.array(fc.constantFrom(...CARD_IDS), { maxLength: 8 }),
  }),
  fc.record({ type: fc.constant('extension' as const), accept: fc.boolean() }),
) as fc.Arbitrary<Move>;

function checkView(state: MatchState, seat: number | null): void {
  const view = viewFor(state, seat);
  expect(Object.keys(view).sort()).toEqual(VIEW_KEYS);
  const text = JSON.stringify(view);
  expect(text.includes(state.seed)).toBe(false);
  expect(view.hand).toEqual(seat === null ? [] : state.hands[seat]);
  expect(view.handSizes).toEqual(state.hands.map((h) => h.length));
  expect(view.deckSize).toBe(state.deck.length);
  if (view.window) expect(Object.keys(view.window).sort()).toEqual(['attacker', 'hazard', 'seat', 'target']);
  for (const t of view.tableaux) expect(Object.keys(t)).not.toContain('hand');
  // Reasons name only cards of the viewer's own hand (none for a spectator), and a card has one
  // exactly when none of the view's legal moves plays it other than by a discard or mulligan.
  for (const card of Object.keys(view.reasons)) expect(view.hand).toContain(card);
  for (const card of view.hand) {
    const usable = view.legalMoves.some(
      (m) => (m.type === 'play' || m.type === 'coupFourre' || m.type === 'quickRemedy') && m.card === card,
    );
    expect(view.reasons[card] === undefined, card).toBe(usable);
  }
}

export interface GameCase {
  rules: RulesInput;
  seating: Seating;
  seed: string;
  choiceSeed: string;
  responses: Array<'auto' | 'ask'>;
  rejections: Move[];
}

export function runCase(c: GameCase): void {
  let sample = 0;
  const game = playRandomGame({
    ...c,
    seed: `SEED-${c.seed}-secret`,
    maxMoves: 200_000,
    onStep: (state, seat, legal) => {
      deepFreeze(state);
      const census = censusProblem(state);
      if (census) throw new Error(`card census: ${census}`);
      for (const m of legal) {
        const r = applyMove(state, seat, m);
        if (!r.ok) throw new Error(`legal move ${JSON.stringify(m)} refused: ${r.error.code}`);
      }
      const bad = c.rejections[sample++ % c.rejections.length];
      const who = (seat + (sample % 2)) % state.seats;
      if (!legalMoves(state, who).some((m) => sameMove(state, m, bad))) {
        const before = JSON.stringify(state);
        const r = applyMove(state, who, bad);
        expect(r.ok).toBe(false);
        expect(JSON.stringify(state)).toBe(before);
      }
      if (sample % 7 === 0) {
        checkView(state, seat);
        checkView(state, null);
      }
    },
  });
  expect(game.final.phase).toBe('matchOver');
  expect(censusProblem(game.final)).toBeNull();
  for (const r of game.final.results) {
    for (const s of r.scores) expect(s.total).toBe(SCORE_ITEMS.reduce((sum, k) => sum + s[k], 0));
  }
  const replay = createMatch({
    rules: c.rules,
    seats: c.seating.seats,
    teamSize: c.seating.teamSize,
    seed: `SEED-${c.seed}-secret`,
    responses: c.responses,
  });
  if (!replay.ok) throw new Error('replay setup failed');
  let state = replay.state;
  for (const { seat, move } of game.log) {
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error('replay refused a logged move');
    state = r.state;
  }
  expect(state).toEqual(game.final);
}

export function gameCases(rules: RulesInput, seating: Seating): fc.Arbitrary<GameCase> {
  return fc.record({
    rules: fc.constant(rules),
    seating: fc.constant(seating),
    seed: fc.string({ minLength: 1, maxLength: 12 }),
    choiceSeed: fc.string({ maxLength: 12 }),
    responses: randomResponses(seating.seats),
    rejections: fc.array(anyMove, { minLength: 5, maxLength: 20 }),
  });
}

/** Random games per configuration; with 22 preset seatings and the custom sets, thousands in all. */
export const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

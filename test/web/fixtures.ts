/**
 * Hand-made MatchView / MatchInfo objects for the web component tests: representative tables
 * (start of a hand, mid-hand with hazards, limits and a coup fourré, an open response window, the
 * end of a hand and of a match). They follow worker/engine/types.ts; nothing here computes rules.
 */

import type { MatchInfo } from '../../web/src/lib/types';
import type { CardId, SafetyCard } from '../../worker/engine/cards';
import { PRESETS } from '../../worker/engine/rules';
import { emptyTableau } from '../../worker/engine/tableau';
import type { HandResult, MatchView, Move, TableauView } from '../../worker/engine/types';

/** A tableau with sensible empty defaults. */
export function tableau(team: number, seats: number[], patch: Partial<TableauView> = {}): TableauView {
  const base: TableauView = {
    ...emptyTableau(),
    team,
    seats,
    battleTop: null,
    speedTop: null,
    rolling: false,
    limited: false,
    twoHundreds: 0,
  };
  const t = { ...base, ...patch };
  t.battleTop = t.battle.length ? t.battle[t.battle.length - 1] : null;
  t.speedTop = t.speed.length ? t.speed[t.speed.length - 1] : null;
  return t;
}

/** A 2-player classic view for seat 0, mid-hand, with overrides. */
export function view(patch: Partial<MatchView> = {}): MatchView {
  return {
    rulesVersion: 'mb-rules-1',
    version: 12,
    rules: { preset: 'classic', options: { ...PRESETS.classic.options } },
    seats: 2,
    teams: [[0], [1]],
    seat: 0,
    hand: ['d100', 'stop', 'roll', 'd200', 'repairs', 'driving_ace', 'd25'] as CardId[],
    handSizes: [7, 6],
    tableaux: [
      tableau(0, [0], {
        battle: ['roll'],
        speed: ['speed_limit'],
        distance: ['d50', 'd25', 'd200'],
        km: 275,
        rolling: true,
        limited: true,
        started: true,
        twoHundreds: 1,
        safeties: ['extra_tank', 'right_of_way'] as SafetyCard[],
        coupFourre: ['extra_tank'] as SafetyCard[],
      }),
      tableau(1, [1], { battle: ['roll', 'accident'], distance: ['d100'], km: 100, started: true }),
    ],
    deckSize: 61,
    discardTop: 'gasoline',
    discardSize: 9,
    turn: 0,
    phase: 'play',
    window: null,
    handNumber: 1,
    firstSeat: 0,
    reshuffles: 0,
    goal: 1000,
    extendedBy: null,
    scores: [0, 0],
    results: [],
    matchWinners: [],
    responses: ['auto', 'auto'],
    legalMoves: [
      { type: 'play', card: 'd25' },
      { type: 'play', card: 'stop', target: 1 },
      { type: 'play', card: 'driving_ace' },
      { type: 'discard', card: 'd100' },
      { type: 'discard', card: 'stop' },
      { type: 'discard', card: 'roll' },
      { type: 'discard', card: 'd200' },
      { type: 'discard', card: 'repairs' },
      { type: 'discard', card: 'driving_ace' },
      { type: 'discard', card: 'd25' },
    ] as Move[],
    // What the server's `whyNot` gives for this hand: rolling under a Speed Limit.
    reasons: {
      d100: [{ code: 'distance.speed_limit', params: { km: 100, maxKm: 50 } }],
      roll: [{ code: 'remedy.not_needed', params: { pile: 'battle', top: 'roll', rolling: true } }],
      d200: [{ code: 'distance.speed_limit', params: { km: 200, maxKm: 50 } }],
      repairs: [{ code: 'remedy.not_needed', params: { pile: 'battle', top: 'roll', rolling: true } }],
    },
    ...patch,
  };
}

/** The MatchInfo around a view. */
export function info(v: MatchView | null, patch: Partial<MatchInfo> = {}): MatchInfo {
  const n = v?.seats ?? 2;
  const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'];
  return {
    matchId: 'AAAAAAAAAAAAAAAAAAAAAA',
    title: 'Friday game',
    status: v ? (v.phase === 'matchOver' ? 'finished' : 'playing') : 'lobby',
    you: { seat: v?.seat ?? 0, host: true },
    seats: Array.from({ length: n }, (_, seat) => ({
      seat,
      name: names[seat],
      kind: seat === 2 ? ('bot' as const) : ('human' as const),
      botStandIn: false,
      connected: seat === 0,
      responseMode: 'auto' as const,
    })),
    deadlines: { turn: '2030-01-02T10:30:00.000Z', window: null },
    view: v,
    config: {
      turnDeadlineHours: 72,
      responseWindowMinutes: 720,
      onDeadline: 'bot',
      teamSize: 1,
      rules: v?.rules ?? null,
    },
    rematchId: null,
    ...patch,
  };
}

/** A view in the draw phase: both draw sources are legal (hasbro-2016 draws from the discard). */
export function drawView(): MatchView {
  return view({
    rules: { preset: 'hasbro-2016', options: { ...PRESETS['hasbro-2016'].options } },
    phase: 'draw',
    hand: ['d100', 'stop', 'roll', 'd200', 'repairs', 'd25'],
    legalMoves: [{ type: 'draw' }, { type: 'draw', from: 'discard' }],
  });
}

/** Seat 1 is asked about a Stop that seat 0 played: its answers are coup fourré and pass. */
export function windowView(): MatchView {
  return view({
    seat: 1,
    hand: ['d100', 'right_of_way', 'd50', 'roll', 'gasoline', 'd75', 'accident'],
    phase: 'respond',
    turn: 0,
    window: { seat: 1, attacker: 0, hazard: 'stop', target: 1 },
    legalMoves: [{ type: 'coupFourre', card: 'right_of_way' }, { type: 'pass' }],
  });
}

/** One team's hand score: every item 0 but those given. */
export const score = (p: Partial<HandResult['scores'][number]>) => ({
  distance: 0,
  safeties: 0,
  coupFourre: 0,
  allSafeties: 0,
  trip: 0,
  delayedAction: 0,
  safeTrip: 0,
  shutout: 0,
  extension: 0,
  total: 0,
  ...p,
});

/** The end of hand 1 in classic scoring: Ann completed the trip. */
export function handOverView(): MatchView {
  return view({
    phase: 'handOver',
    turn: null,
    results: [
      {
        hand: 1,
        winners: [0],
        tripBy: 0,
        scores: [
          score({ distance: 1000, safeties: 200, coupFourre: 300, trip: 400, safeTrip: 0, total: 1900 }),
          score({ distance: 350, safeties: 100, total: 450 }),
        ],
      },
    ],
    scores: [1900, 450],
    legalMoves: [{ type: 'nextHand' }],
  });
}

/** The end of a one-hand match (hasbro-2016): Bob won. */
export function matchOverView(): MatchView {
  return view({
    rules: { preset: 'hasbro-2016', options: { ...PRESETS['hasbro-2016'].options } },
    phase: 'matchOver',
    turn: null,
    results: [
      {
        hand: 1,
        winners: [1],
        tripBy: 1,
        scores: [score({ distance: 600, total: 600 }), score({ distance: 1025, safeties: 100, total: 1125 })],
      },
    ],
    scores: [600, 1125],
    matchWinners: [1],
    legalMoves: [],
  });
}

/** A 4-seat partnership view (teams [0,2] and [1,3]) for seat 2. */
export function teamView(): MatchView {
  return view({
    rules: { preset: 'partnership', options: { ...PRESETS.partnership.options } },
    seats: 4,
    teams: [
      [0, 2],
      [1, 3],
    ],
    seat: 2,
    handSizes: [6, 6, 7, 6],
    tableaux: [
      tableau(0, [0, 2], {
        battle: ['roll'],
        km: 300,
        distance: ['d100', 'd200'],
        rolling: true,
        twoHundreds: 1,
      }),
      tableau(1, [1, 3], { battle: ['roll'], km: 150, distance: ['d100', 'd50'], rolling: true }),
    ],
    turn: 2,
    legalMoves: [
      { type: 'play', card: 'stop', target: 1 },
      { type: 'discard', card: 'stop' },
    ],
  });
}

/**
 * The `expert` bot: the expert policy (policy.ts: basic's heuristics re-weighted by offline Monte
 * Carlo fitting, with card counting and an exact-finish planner) plus determinized Monte Carlo over the
 * engine near the end of the hand, where one move can decide the trip. For each sample it deals the
 * hidden cards consistently with what the seat knows (determinize.ts), tries candidate moves of
 * `legalMoves` with the engine's `applyMove`, plays on with the policy for every seat to the end of the
 * hand (or `depth` moves), and judges the result for the bot's team (`evaluate`: the real hand scores
 * when the hand ended, else banked points plus the odds of the trip bonuses). The same sample and
 * playout randomness serve every candidate (common random numbers). Candidates race by sequential
 * halving; the policy's own choice stays in the race and is replaced only by a move that beats it on
 * the same samples by `z` standard errors. Earlier in the hand the differences between moves are too
 * small for a few milliseconds of samples to tell apart (measured: searching there adds nothing), so
 * the policy decides alone.
 *
 * Budget: a decision spends work units from the request's shared `BotBudget` (budget.ts: one unit is
 * one playout step of a 2-player game, `stepCost` units a step elsewhere; dealing a sample and judging
 * a playout are charged as steps too), a search at most `SEARCH_UNITS`. It never spends more than
 * `left`: playouts are cut at what is left, and the search ends there. Counting work instead of reading a clock keeps the bot
 * deterministic, and a deployed Worker's clock does not advance during a CPU burst anyway.
 */
import {
  applyMove,
  type GameEvent,
  isLimited,
  isRolling,
  type MatchState,
  type MatchView,
  type Move,
  type MoveChooser,
  playOut,
  type TableauView,
  teamOf,
} from '../engine/index';
import { basicMove, type Situation } from './basic';
import { type BotBudget, expertFixedUnits, SEARCH_UNITS, spend } from './budget';
import { pickCandidates } from './candidates';
import { buildState, readLog } from './determinize';
import { evaluate } from './evaluate';
import { policyMove, policyScores } from './policy';
import { EXPERT, type ExpertProfile, type SearchTuning } from './profiles';
import { makeRand, type Rand } from './rng';

/** What dealing one sample costs, in steps (measured: a short playout must not make samples free). */
export const SAMPLE_COST = 12;
/** What starting a playout (a copy of the state) and judging its end cost, in steps. */
export const EVALUATE_COST = 6;
/** Moves a playout makes at most before the position is judged by `evaluate` (most hands end before). */
export const PLAYOUT_DEPTH = 120;
/** Samples a move needs before it may replace the policy's choice (one lucky deal must not). */
export const MIN_SAMPLES = 3;
/** Candidates kept (best policy scores first); the rest of the legal moves are rarely right. */
export const MAX_CANDIDATES = 6;

/** How the expert decides: its generator, the request's shared budget (units, budget.ts), the public log. */
export interface ExpertOptions {
  rand: Rand;
  budget: BotBudget;
  log?: readonly GameEvent[];
  /** The most this search spends, in units (default `SEARCH_UNITS`). */
  searchUnits?: number;
  /** Which version of the expert decides (default `EXPERT`, profiles.ts). */
  profile?: ExpertProfile;
}

/**
 * The search constants of the expert players meet (profiles.ts `EXPERT.search`); the arena's
 * `BOT_TUNING` (JSON) adjusts them for experiments.
 */
export const tuning: SearchTuning = EXPERT.search;

/**
 * Size of the last decision (for scripts and tests): samples, steps, candidates, the dearest sample in
 * steps, the units charged to the budget (fixed part included), playouts and the moves they made.
 */
export const lastSearch = {
  samples: 0,
  steps: 0,
  candidates: 0,
  sampleCost: 0,
  units: 0,
  playouts: 0,
  playoutMoves: 0,
};

function twoHundreds(distance: readonly string[]): number {
  let n = 0;
  for (const c of distance) if (c === 'd200') n++;
  return n;
}

/** A seat's situation in a full state, built without copying piles (what the heuristics read). */
export function situationOf(state: MatchState, seat: number, moves: readonly Move[]): Situation {
  const o = state.rules.options;
  // The tableau's fields named one by one, not spread: this runs at every step of every playout.
  const tableaux: TableauView[] = state.tableaux.map((t, team) => ({
    battle: t.battle,
    speed: t.speed,
    distance: t.distance,
    safeties: t.safeties,
    coupFourre: t.coupFourre,
    km: t.km,
    cleared: t.cleared,
    started: t.started,
    team,
    seats: state.teams[team],
    battleTop: t.battle.length ? t.battle[t.battle.length - 1] : null,
    speedTop: t.speed.length ? t.speed[t.speed.length - 1] : null,
    rolling: isRolling(t, o),
    limited: isLimited(t),
    twoHundreds: twoHundreds(t.distance),
  }));
  return {
    seat,
    seats: state.seats,
    hand: state.hands[seat],
    teams: state.teams,
    tableaux,
    goal: state.goal,
    rules: state.rules,
    deckSize: state.deck.length,
    discardTop: state.discard.length ? state.discard[state.discard.length - 1] : null,
    discardSize: state.discard.length,
    reshuffles: state.reshuffles,
    phase: state.phase,
    window: null,
    legalMoves: moves as Move[],
  };
}

/**
 * Plays on from `state` with the expert policy for every seat (opponents with `basic` when
 * `tuning.opponentBasic` is set), for at most `depth` moves or to the end of the hand, with the engine's in-place `playOut` (the rules of `applyMove` without a new state per
 * move); returns the final state and the moves made.
 */
function playout(
  start: MatchState,
  rand: Rand,
  depth: number,
  team: number,
  profile: ExpertProfile,
): { state: MatchState; steps: number } {
  const choose: MoveChooser = (state, seat, moves) => {
    if (moves.length === 1) return moves[0];
    const sit = situationOf(state, seat, moves);
    if (profile.search.opponentBasic && teamOf(state, seat) !== team) return basicMove(sit, rand);
    return policyMove(sit, state.discard, rand, profile.weights);
  };
  const out = playOut(start, choose, 'hand', depth);
  return { state: out.state, steps: out.moves };
}

/**
 * What one step costs relative to a 2-player game without reshuffles (measured with the arena): each
 * further seat adds targets and tableaux to every legal-move list and view; reshuffles and draws from
 * the discard pile lengthen hands and samples; the mulligan option adds up to 127 moves to score a turn
 * (`tuning.mulliganStep`: measured 6 to 7 times a plain step with 2 players, 5 to 6 with 4, where
 * expert-v1 charges 4.2 and 5.9 units).
 */
export function stepCost(view: MatchView, tuning: SearchTuning): number {
  const o = view.rules.options;
  const reshuffle = o.emptyDeck === 'reshuffle' || o.drawFromDiscard;
  // A mulligan may throw back any subset of the hand: up to 127 moves to score at each turn.
  return (1 + 0.2 * (view.seats - 2)) * (reshuffle ? 1.4 : 1) * (o.mulligan ? tuning.mulliganStep : 1);
}

/**
 * Whether the expert searches in `view` (near the end of the hand, with a real choice) and so may
 * spend more than its fixed `DECISION_UNITS`: the match server asks before a decision whether the
 * request's budget still holds a search, or the decision should wait for the next request (alarm).
 * Cheap: no move scoring. A sure move (a coup fourré, the exact finish) is still found without search.
 */
export function expertSearches(view: MatchView, profile: ExpertProfile = EXPERT): boolean {
  const tuning = profile.search;
  if (view.legalMoves.length < 2 || view.phase === 'handOver' || view.seat === null) return false;
  const closest = Math.min(...view.tableaux.map((t) => view.goal - t.km));
  return view.deckSize <= tuning.searchDeck || closest <= tuning.searchKm;
}

/**
 * How many candidates a search of `cap` steps in `view` can give `MIN_SAMPLES` samples each, a
 * playout's length guessed from the cards left (below 2: no search, the policy decides alone).
 */
function affordableCandidates(view: MatchView, cap: number, tuning: SearchTuning): number {
  const playoutCost = Math.min(tuning.depth, 2 * (view.deckSize + 7 * view.seats)) + 1 + EVALUATE_COST;
  return Math.floor((cap - MIN_SAMPLES * SAMPLE_COST) / (MIN_SAMPLES * playoutCost));
}

/**
 * Whether a whole search of `searchUnits` units in `view` could race two candidates at all (what
 * `expertMove` checks before it searches). When it cannot, the decision is the policy's whatever the
 * budget holds, so the match server has no reason to hold it for a fresh budget (`mustWait`): with
 * a table's dearer steps (4 seats with reshuffles, or the mulligan, `stepCost`) this is the rule
 * rather than the exception.
 */
export function searchAffordable(
  view: MatchView,
  searchUnits: number,
  profile: ExpertProfile = EXPERT,
): boolean {
  const tuning = profile.search;
  return affordableCandidates(view, Math.floor(searchUnits / stepCost(view, tuning)), tuning) >= 2;
}

/** Mean and standard error of `values[c]`'s gain over `values[0]`, paired by sample. */
function gainOver(values: number[][], c: number): { mean: number; se: number } {
  const v = values[c];
  const base = values[0];
  const n = v.length;
  if (c === 0 || n < MIN_SAMPLES) return { mean: 0, se: 0 };
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    const d = v[i] - base[i];
    sum += d;
    sq += d * d;
  }
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) : 1;
  return { mean, se: Math.sqrt(variance / n) };
}

/**
 * The expert's move in `view`: one of `view.legalMoves`. Charges its fixed part (budget.ts
 * `expertFixedUnits`: `DECISION_UNITS.expert` plus the profile's `unitsPerMove` a legal move beyond
 * `FIXED_PART_MOVES`), then searches with at most what is left of `opts.budget` (subtracting what it
 * spent). With nothing left, or when the view cannot be determinized, it plays the policy's move (it
 * never throws for a view with legal moves).
 */
export function expertMove(view: MatchView, opts: ExpertOptions): Move {
  const moves = view.legalMoves;
  const { rand, budget } = opts;
  lastSearch.samples = 0;
  lastSearch.steps = 0;
  lastSearch.candidates = 0;
  lastSearch.sampleCost = 0;
  lastSearch.playouts = 0;
  lastSearch.playoutMoves = 0;
  const profile = opts.profile ?? EXPERT;
  const tuning = profile.search;
  lastSearch.units = spend(budget, expertFixedUnits(moves.length, tuning.unitsPerMove));
  const knowledge = readLog(view, opts.log);
  const scores = policyScores(view, knowledge.discard, profile.weights);
  const ranked = moves.map((m, i) => ({ m, i, s: scores[i] })).sort((a, b) => b.s - a.s || a.i - b.i);
  // No real choice, or one the heuristic settles for sure (a coup fourré, the exact finish).
  if (ranked[0].s >= 1000 || !expertSearches(view, profile)) return ranked[0].m;
  // The heuristic's choice, every card play, and only the heuristic's best discard or mulligan:
  // which card to throw away is a long-term matter a short playout cannot see (candidates.ts).
  const candidates = pickCandidates(view, ranked, tuning);
  if (candidates.length === 1) return candidates[0];
  const seat = view.seat!;
  const team = teamOf(view, seat);
  const unit = stepCost(view, tuning);
  // The steps this decision may take: a search's share, or what is left of the request's budget.
  const cap = Math.floor(Math.min(budget.left, opts.searchUnits ?? SEARCH_UNITS) / unit);
  // Keep only as many candidates as the budget can give `MIN_SAMPLES` samples each (a playout's length
  // guessed from the cards left), or none: then the policy decides alone.
  const affordable = affordableCandidates(view, cap, tuning);
  if (affordable < 2) return ranked[0].m;
  if (candidates.length > affordable) candidates.length = affordable;
  const handBefore = view.results.length;
  // Sequential halving: every round shares its steps among the moves still in the race, on the
  // same samples; then the worse half drops out. The heuristic's first choice (index 0) stays in to
  // the end, and another move replaces it only when it wins clearly on the same samples (a paired
  // test, `z` standard errors): a few lucky deals must not overturn a sound heuristic.
  const values: number[][] = candidates.map(() => []);
  let alive = candidates.map((_, i) => i);
  const depth = tuning.depth;
  const rounds = Math.max(1, Math.ceil(Math.log2(candidates.length)));
  let samples = 0;
  let steps = 0;
  let lastCost = 0;
  let broke = false;
  search: for (let round = 0; round < rounds && alive.length > 1; round++) {
    const until = Math.floor((cap * (round + 1)) / rounds);
    // Start another sample only when at least half of what the last one cost still fits: one sample
    // plays every candidate to the end of the hand, so running past the cap would be costly.
    while (steps < until && steps + lastCost / 2 <= until && steps + SAMPLE_COST < cap) {
      const before = steps;
      const sample = buildState(view, knowledge, rand);
      steps += SAMPLE_COST;
      if (!sample) {
        broke = true;
        break search;
      }
      const playoutSeed = rand.u32();
      for (const c of alive) {
        // The hard cap: a playout stops at what is left of the budget. A sample cut short keeps the
        // values of the candidates already played out: `gainOver` pairs values by sample index.
        const room = cap - steps - 1 - EVALUATE_COST;
        if (room < 1) break search;
        const r = applyMove(sample, seat, candidates[c]);
        if (!r.ok) {
          broke = true;
          break search;
        }
        const out = playout(r.state, makeRand(playoutSeed), Math.min(depth, room), team, profile);
        steps += out.steps + 1 + EVALUATE_COST;
        lastSearch.playouts++;
        lastSearch.playoutMoves += out.steps;
        if (out.steps >= room && room < depth) break search;
        values[c].push(evaluate(out.state, team, handBefore, tuning));
      }
      lastCost = steps - before;
      lastSearch.sampleCost = Math.max(lastSearch.sampleCost, lastCost);
      samples++;
    }
    if (round < rounds - 1) {
      const others = alive
        .filter((c) => c !== 0)
        .sort((a, b) => gainOver(values, b).mean - gainOver(values, a).mean || a - b)
        .slice(0, Math.max(1, Math.ceil(alive.length / 2) - 1));
      alive = [0, ...others];
    }
  }
  lastSearch.units += spend(budget, steps * unit);
  lastSearch.samples = samples;
  lastSearch.steps = steps;
  lastSearch.candidates = candidates.length;
  if (broke) return ranked[0].m;
  let best = 0;
  let bestGain = 0;
  for (const c of alive) {
    const g = gainOver(values, c);
    if (g.mean > tuning.z * g.se + 1e-9 && g.mean > bestGain) {
      best = c;
      bestGain = g.mean;
    }
  }
  if (tuning.debug && best !== 0) {
    const me = view.tableaux[team];
    console.log(
      `v${view.version} km ${view.tableaux.map((t) => t.km).join('/')} battle ${me.battleTop} hand ${view.hand.join(',')} deck ${view.deckSize} samples ${samples}`,
      candidates
        .map(
          (c, i) =>
            `${JSON.stringify(c)}=${gainOver(values, i).mean.toFixed(3)}±${gainOver(values, i).se.toFixed(3)}(${values[i].length})`,
        )
        .join(' '),
    );
  }
  return samples > 0 ? candidates[best] : ranked[0].m;
}

/**
 * Determinization: from one seat's view (plus the public event log, when given) build full match
 * states that agree with everything the seat knows, with the hidden cards (other hands, the draw
 * pile, an unknown discard pile) dealt at random from the cards it has not seen. Uses only the
 * engine's public types: the states are plain JSON the engine's `applyMove` accepts.
 */
import {
  CARD_COUNTS,
  CARD_IDS,
  type CardId,
  cardIndex,
  copyTableau,
  type GameEvent,
  type HazardCard,
  isSafety,
  type MatchState,
  type MatchView,
  RULES_VERSION,
  SAFETY_FOR,
  type SafetyCard,
  STATE_SCHEMA,
  teamOf,
} from '../engine/index';
import { type Rand, shuffle } from './rng';

/** What the public log tells a seat beyond its view. */
export interface Knowledge {
  /** The whole discard pile, bottom first, when the log accounts for it; else null (sampled). */
  discard: CardId[] | null;
  /** Per seat: cards it is known to hold (taken from the discard pile, not played since). */
  held: CardId[][];
  /**
   * Per seat: safeties it is known not to hold, because an automatic coup fourré (or an `ask` seat's
   * pass) did not happen when a matching hazard hit it, and it has not drawn from the pile since.
   */
  lacks: SafetyCard[][];
}

/** Events that belong to an open response window (they do not settle it). */
const WINDOW_EVENTS = new Set<GameEvent['type']>([
  'coupFourre',
  'hazardCancelled',
  'windowOpened',
  'passed',
  'quickRemedy',
]);

function removeOne(list: CardId[], card: CardId): void {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}

/**
 * Reads the public event log for the current hand of `view` (events after the last `handStarted` of
 * `view.handNumber`). Without a usable log, the discard pile is unknown unless it has at most one card.
 * A log that disagrees with the view (size or top of the pile) is ignored.
 */
export function readLog(view: MatchView, log?: readonly GameEvent[]): Knowledge {
  const held: CardId[][] = Array.from({ length: view.seats }, () => []);
  const lacks: SafetyCard[][] = Array.from({ length: view.seats }, () => []);
  const small: CardId[] | null =
    view.discardSize === 0 ? [] : view.discardSize === 1 && view.discardTop ? [view.discardTop] : null;
  const unknown: Knowledge = { discard: small, held, lacks };
  if (!log) return unknown;
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.type === 'handStarted' && e.hand === view.handNumber) {
      start = i;
      break;
    }
  }
  if (start < 0) return unknown;
  const discard: CardId[] = [];
  const teamCount = view.teams.length;
  const drop = (seat: number, card: CardId) => removeOne(held[seat], card);
  // The last hazard played and the seats of its team that have not answered yet.
  let pendingHazard: { hazard: HazardCard; seats: number[] } | null = null;
  const settleHazard = () => {
    if (!pendingHazard) return;
    const safety = SAFETY_FOR[pendingHazard.hazard];
    for (const s of pendingHazard.seats) {
      if (view.responses[s] === 'auto' && !lacks[s].includes(safety)) lacks[s].push(safety);
    }
    pendingHazard = null;
  };
  for (let i = start + 1; i < log.length; i++) {
    const e = log[i];
    if (!WINDOW_EVENTS.has(e.type)) settleHazard();
    switch (e.type) {
      case 'drew':
        if (e.from === 'discard') {
          discard.pop();
          held[e.seat].push(e.card);
        } else {
          lacks[e.seat] = [];
        }
        break;
      case 'reshuffled':
        discard.length = 0;
        break;
      case 'discarded':
        discard.push(e.card);
        drop(e.seat, e.card);
        break;
      case 'mulligan':
        for (const c of e.cards) {
          discard.push(c);
          drop(e.seat, c);
        }
        break;
      case 'hazardCancelled':
        discard.push(e.hazard);
        break;
      case 'played':
        drop(e.seat, e.card);
        if (e.target !== undefined) {
          const team = e.target % teamCount;
          const seats = view.teams[team].filter((s) => s !== view.seat);
          pendingHazard = { hazard: e.card as HazardCard, seats };
        }
        break;
      case 'coupFourre':
        drop(e.seat, e.card);
        pendingHazard = null;
        break;
      case 'quickRemedy':
        drop(e.seat, e.card);
        pendingHazard = null;
        break;
      case 'passed':
        if (pendingHazard) {
          const safety = SAFETY_FOR[pendingHazard.hazard as HazardCard];
          if (!lacks[e.seat].includes(safety)) lacks[e.seat].push(safety);
          pendingHazard.seats = pendingHazard.seats.filter((s) => s !== e.seat);
        }
        break;
      case 'windowOpened':
        // An `ask` seat is being asked: it may still answer, so it proves nothing yet.
        if (pendingHazard) pendingHazard.seats = pendingHazard.seats.filter((s) => s !== e.seat);
        break;
    }
  }
  // A window still open may yet be answered by the seats after the one asked.
  if (view.phase !== 'respond') settleHazard();
  const consistent =
    discard.length === view.discardSize &&
    (discard.length === 0 || discard[discard.length - 1] === view.discardTop);
  const heldOk = held.every((h, s) => h.length <= view.handSizes[s]);
  return {
    discard: consistent ? discard : small,
    held: heldOk ? held : held.map(() => []),
    lacks,
  };
}

/** Cards not seen by the viewer: the full deck minus its hand, every tableau, the known discard and held cards. */
export function unseenCards(view: MatchView, k: Knowledge): CardId[] | null {
  // Copies left by `cardIndex` (the order of CARD_IDS), a card's count below 0 meaning a contradiction.
  const left = Int16Array.from(CARD_IDS, (id) => CARD_COUNTS[id]);
  const take = (pile: readonly CardId[]) => {
    for (let i = 0; i < pile.length; i++) left[cardIndex(pile[i])]--;
  };
  take(view.hand);
  for (const t of view.tableaux) {
    take(t.battle);
    take(t.speed);
    take(t.distance);
    take(t.safeties);
  }
  if (k.discard) take(k.discard);
  else if (view.discardTop) left[cardIndex(view.discardTop)]--;
  for (let s = 0; s < view.seats; s++) if (s !== view.seat) take(k.held[s]);
  const out: CardId[] = [];
  for (let i = 0; i < CARD_IDS.length; i++) {
    if (left[i] < 0) return null;
    for (let n = 0; n < left[i]; n++) out.push(CARD_IDS[i]);
  }
  return out;
}

/**
 * One full `MatchState` consistent with `view` and `k`: the viewer's hand, every public pile and
 * count as in the view, the hidden cards dealt from `unseenCards` at random (known-held cards stay
 * with their seat; a seat known to lack a safety does not get it while the draw pile can take it).
 * Null when the view and knowledge do not add up (then the expert falls back to its policy's move).
 */
export function buildState(view: MatchView, k: Knowledge, rand: Rand): MatchState | null {
  const me = view.seat;
  if (me === null) return null;
  const pool = unseenCards(view, k);
  if (!pool) return null;
  shuffle(pool, rand);
  let next = 0;
  const take = (n: number): CardId[] | null => {
    if (n < 0 || next + n > pool.length) return null;
    const cards = pool.slice(next, next + n);
    next += n;
    return cards;
  };
  const hands: CardId[][] = [];
  for (let s = 0; s < view.seats; s++) {
    if (s === me) {
      hands.push(view.hand.slice());
      continue;
    }
    const dealt = take(view.handSizes[s] - k.held[s].length);
    if (!dealt) return null;
    hands.push(k.held[s].concat(dealt));
  }
  let discard: CardId[];
  if (k.discard) discard = k.discard.slice();
  else {
    const under = view.discardSize > 0 ? take(view.discardSize - 1) : [];
    if (!under) return null;
    discard = view.discardTop ? under.concat(view.discardTop) : under;
  }
  const deck = take(view.deckSize);
  if (!deck) return null;
  const box = pool.slice(next);
  // Respect "does not hold": swap a lacked safety with a random non-safety of the draw pile.
  for (let s = 0; s < view.seats; s++) {
    if (s === me || k.lacks[s].length === 0) continue;
    const hand = hands[s];
    for (let i = 0; i < hand.length; i++) {
      const c = hand[i];
      if (!isSafety(c) || !k.lacks[s].includes(c)) continue;
      const spots: number[] = [];
      for (let j = 0; j < deck.length; j++) if (!isSafety(deck[j])) spots.push(j);
      if (spots.length === 0) continue;
      const j = spots[rand.int(spots.length)];
      hand[i] = deck[j];
      deck[j] = c;
    }
  }
  const w = view.window;
  let window: MatchState['window'] = null;
  if (w) {
    const pending: number[] = [];
    let asking = false;
    for (let i = 1; i < view.seats; i++) {
      const s = (w.attacker + i) % view.seats;
      if (s === w.seat) asking = true;
      if (asking && teamOf(view, s) === w.target) pending.push(s);
    }
    // Whether an earlier automatic seat holds back a quick remedy is hidden: assume none does.
    window = { attacker: w.attacker, hazard: w.hazard, target: w.target, pending, remedyBy: null };
  }
  return {
    schema: STATE_SCHEMA,
    rulesVersion: view.rulesVersion || RULES_VERSION,
    version: view.version,
    rules: { preset: view.rules.preset, options: { ...view.rules.options } },
    seats: view.seats,
    teams: view.teams.map((t) => t.slice()),
    responses: view.responses.slice(),
    seed: `sample-${rand.u32()}`,
    rng: [rand.u32(), rand.u32(), rand.u32(), rand.u32() | 1],
    handNumber: view.handNumber,
    firstSeat: view.firstSeat,
    deck,
    discard,
    box,
    hands,
    tableaux: view.tableaux.map(copyTableau),
    turn: view.turn ?? view.firstSeat,
    phase: view.phase,
    reshuffles: view.reshuffles,
    window,
    extendedBy: view.extendedBy,
    goal: view.goal,
    scores: view.scores.slice(),
    results: view.results.map((r) => ({
      ...r,
      scores: r.scores.map((x) => ({ ...x })),
      winners: r.winners.slice(),
    })),
    matchWinners: view.matchWinners.slice(),
  };
}

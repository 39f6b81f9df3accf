/**
 * A working copy of a match state. In `copy` mode (what `applyMove` uses) it is copy-on-write: each
 * part (a hand, a tableau, the deck, the discard pile, the generator) is copied the first time it is
 * written, so an accepted move costs only the parts it touches and the base state is never changed.
 * In `inPlace` mode (simulations on a private deep copy, see `playOut`) nothing is copied and no event
 * is recorded.
 */
import type { CardId } from './cards';
import type { RngState } from './rng';
import type { GameEvent, MatchState, Tableau } from './types';

const ALL = -1;

export class Draft {
  /** The new state being built. */
  readonly s: MatchState;
  readonly events: GameEvent[] = [];
  /**
   * False in `inPlace` mode: no events are kept. Move handlers test it before building an event, so a
   * playout allocates no event objects (`if (d.recording) d.emit({ … })`).
   */
  readonly recording: boolean;
  /** Bit i set: hand i (or tableau i) is private to this draft. -1: everything is. */
  private handsOwned: number;
  private tableauxOwned: number;
  private listsOwned: boolean;
  private deckOwned: boolean;
  private discardOwned: boolean;
  private rngOwned: boolean;

  /**
   * `copy`: copy-on-write over `base` (applyMove). `inPlace`: `base` is private; change it directly and
   * record no events (playOut). `own`: `base` is private and fresh; change it directly, record events
   * (createMatch).
   */
  constructor(base: MatchState, mode: 'copy' | 'inPlace' | 'own' = 'copy') {
    const inPlace = mode !== 'copy';
    this.s = inPlace ? base : shallowCopy(base);
    this.s.version = base.version + 1;
    this.recording = mode !== 'inPlace';
    this.handsOwned = inPlace ? ALL : 0;
    this.tableauxOwned = inPlace ? ALL : 0;
    this.listsOwned = inPlace;
    this.deckOwned = inPlace;
    this.discardOwned = inPlace;
    this.rngOwned = inPlace;
  }

  private ownLists(): void {
    if (!this.listsOwned) {
      this.s.hands = this.s.hands.slice();
      this.s.tableaux = this.s.tableaux.slice();
      this.listsOwned = true;
    }
  }

  /** The seat's hand, writable. */
  hand(seat: number): CardId[] {
    const bit = 1 << seat;
    if ((this.handsOwned & bit) === 0) {
      this.ownLists();
      this.s.hands[seat] = this.s.hands[seat].slice();
      this.handsOwned |= bit;
    }
    return this.s.hands[seat];
  }

  /** The team's tableau, writable (its piles are copied too). */
  tableau(team: number): Tableau {
    const bit = 1 << team;
    if ((this.tableauxOwned & bit) === 0) {
      this.ownLists();
      this.s.tableaux[team] = copyTableau(this.s.tableaux[team]);
      this.tableauxOwned |= bit;
    }
    return this.s.tableaux[team];
  }

  /** The draw pile (top = last), writable. */
  deck(): CardId[] {
    if (!this.deckOwned) {
      this.s.deck = this.s.deck.slice();
      this.deckOwned = true;
    }
    return this.s.deck;
  }

  /** Replaces the draw pile with a new private array. */
  setDeck(cards: CardId[]): void {
    this.s.deck = cards;
    this.deckOwned = true;
  }

  /** The discard pile (top = last), writable. */
  discard(): CardId[] {
    if (!this.discardOwned) {
      this.s.discard = this.s.discard.slice();
      this.discardOwned = true;
    }
    return this.s.discard;
  }

  /** The generator state, writable. */
  rng(): RngState {
    if (!this.rngOwned) {
      this.s.rng = this.s.rng.slice() as RngState;
      this.rngOwned = true;
    }
    return this.s.rng;
  }

  /** Starts the next move of an `inPlace` simulation on the same draft. */
  nextMove(): void {
    this.s.version += 1;
  }

  /** Marks every part as private after a new hand was dealt into fresh arrays. */
  ownAll(): void {
    this.handsOwned = ALL;
    this.tableauxOwned = ALL;
    this.listsOwned = true;
    this.deckOwned = true;
    this.discardOwned = true;
    this.rngOwned = true;
  }

  /** Removes one copy of `card` from the seat's hand (the caller checked it is there). */
  takeFromHand(seat: number, card: CardId): void {
    const hand = this.hand(seat);
    // A shifting loop instead of splice: splice allocates an array of the removed cards.
    const last = hand.length - 1;
    for (let i = hand.indexOf(card); i < last; i++) hand[i] = hand[i + 1];
    hand.pop();
  }

  /** Records a public event (not in `inPlace` mode, see `recording`). */
  emit(event: GameEvent): void {
    if (this.recording) this.events.push(event);
  }
}

/** A tableau with its own copies of every pile. */
export function copyTableau(t: Tableau): Tableau {
  return {
    battle: t.battle.slice(),
    speed: t.speed.slice(),
    distance: t.distance.slice(),
    safeties: t.safeties.slice(),
    coupFourre: t.coupFourre.slice(),
    km: t.km,
    cleared: t.cleared,
    started: t.started,
  };
}

/** A new state object with the same parts as `s` (an explicit literal: faster than a spread). */
function shallowCopy(s: MatchState): MatchState {
  const copy: MatchState = {
    schema: s.schema,
    rulesVersion: s.rulesVersion,
    version: s.version,
    rules: s.rules,
    seats: s.seats,
    teams: s.teams,
    responses: s.responses,
    seed: s.seed,
    rng: s.rng,
    handNumber: s.handNumber,
    firstSeat: s.firstSeat,
    deck: s.deck,
    discard: s.discard,
    box: s.box,
    hands: s.hands,
    tableaux: s.tableaux,
    turn: s.turn,
    phase: s.phase,
    reshuffles: s.reshuffles,
    window: s.window,
    extendedBy: s.extendedBy,
    goal: s.goal,
    scores: s.scores,
    results: s.results,
    matchWinners: s.matchWinners,
  };
  // Only when set: a legacy state keeps no `seedScheme` key at all (its JSON stays as stored).
  if (s.seedScheme !== undefined) copy.seedScheme = s.seedScheme;
  return copy;
}

/** A deep copy of a state: every array private, nothing shared with `s`. */
export function cloneState(s: MatchState): MatchState {
  return {
    ...shallowCopy(s),
    rules: { preset: s.rules.preset, options: { ...s.rules.options } },
    teams: s.teams.map((t) => t.slice()),
    responses: s.responses.slice(),
    rng: s.rng.slice() as RngState,
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    box: s.box.slice(),
    hands: s.hands.map((h) => h.slice()),
    tableaux: s.tableaux.map(copyTableau),
    window: s.window ? { ...s.window, pending: s.window.pending.slice() } : null,
    scores: s.scores.slice(),
    results: s.results.map((r) => ({
      ...r,
      scores: r.scores.map((x) => ({ ...x })),
      winners: r.winners.slice(),
    })),
    matchWinners: s.matchWinners.slice(),
  };
}

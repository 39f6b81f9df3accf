/**
 * A copy-on-write working copy of a match state. `applyMove` changes a Draft, never the state it was
 * given: each part (a hand, a tableau, the deck, the discard pile, the generator) is copied the first
 * time it is written, so an accepted move costs only the parts it touches.
 */
import type { CardId } from './cards';
import type { RngState } from './rng';
import type { GameEvent, MatchState, Tableau } from './types';

export class Draft {
  /** The new state being built (shallow copy of the base; parts are replaced as they are written). */
  readonly s: MatchState;
  readonly events: GameEvent[] = [];
  private handsOwned = false;
  private readonly handOwned: boolean[] = [];
  private tableauxOwned = false;
  private readonly tableauOwned: boolean[] = [];
  private deckOwned = false;
  private discardOwned = false;
  private rngOwned = false;

  constructor(base: MatchState) {
    this.s = { ...base, version: base.version + 1 };
  }

  /** The seat's hand, writable. */
  hand(seat: number): CardId[] {
    if (!this.handsOwned) {
      this.s.hands = this.s.hands.slice();
      this.handsOwned = true;
    }
    if (!this.handOwned[seat]) {
      this.s.hands[seat] = this.s.hands[seat].slice();
      this.handOwned[seat] = true;
    }
    return this.s.hands[seat];
  }

  /** The team's tableau, writable (its piles are copied too). */
  tableau(team: number): Tableau {
    if (!this.tableauxOwned) {
      this.s.tableaux = this.s.tableaux.slice();
      this.tableauxOwned = true;
    }
    if (!this.tableauOwned[team]) {
      const t = this.s.tableaux[team];
      this.s.tableaux[team] = {
        ...t,
        battle: t.battle.slice(),
        speed: t.speed.slice(),
        distance: t.distance.slice(),
        safeties: t.safeties.slice(),
        coupFourre: t.coupFourre.slice(),
      };
      this.tableauOwned[team] = true;
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

  /** Removes one copy of `card` from the seat's hand (the caller checked it is there). */
  takeFromHand(seat: number, card: CardId): void {
    const hand = this.hand(seat);
    hand.splice(hand.indexOf(card), 1);
  }

  emit(event: GameEvent): void {
    this.events.push(event);
  }
}

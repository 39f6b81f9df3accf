/**
 * Seat names within one match: no two seats show the same name, so nobody can pass for another
 * player. Names are compared by `nameKey` (case-insensitive, compatibility-folded); open seats and
 * invited seats nobody named hold a placeholder and do not count. Default names (humans without one, bots, open seats that become
 * bots) are picked to avoid the names already taken.
 */

import type { InvitedName } from '../protocol/views';
import { defaultSeatName } from '../words/seat-names';

/** The part of a seat that names it. */
export interface NamedSeat {
  seat: number;
  name: string;
  kind: 'human' | 'bot' | 'open';
  /** An invited seat whose default name nobody chose holds a placeholder, like an open seat. */
  prefs?: { invited?: InvitedName };
}

// Variation selectors change how a character is drawn, never which one it is.
const VARIATION_SELECTORS = /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

/**
 * The comparison key of a name (already cleaned by the protocol's text rules): NFKC-folded (a
 * full-width "Ａｎｎ" is "Ann"), variation selectors removed, case-folded (upper then lower case),
 * trimmed.
 */
export function nameKey(name: string): string {
  // Upper then lower case folds more than lower case alone ("Straße" and "STRASSE" meet at "strasse").
  return name.normalize('NFKC').replace(VARIATION_SELECTORS, '').toUpperCase().toLowerCase().trim();
}

/**
 * The keys of the names taken in `seats` (the placeholders of open seats and of invited seats nobody
 * named do not count), leaving out seat `except`.
 */
export function takenNames(seats: readonly NamedSeat[], except?: number): Set<string> {
  return new Set(
    seats
      .filter((s) => s.kind !== 'open' && s.prefs?.invited !== 'unnamed' && s.seat !== except)
      .map((s) => nameKey(s.name)),
  );
}

/**
 * The first of `base`, `base (2)`, `base (3)`, … whose key is not in `taken`; adds it to `taken`.
 * Used for default names, so a player called "Bot 2" keeps the name and the bot becomes "Bot 2 (2)".
 */
export function freeName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(nameKey(name)); n++) name = `${base} (${n})`;
  taken.add(nameKey(name));
  return name;
}

/** A seat of a new match as the creator describes it (the name is optional). */
export interface SeatNameInput {
  kind: 'human' | 'bot' | 'open';
  name?: string;
}

/**
 * The names of a new match's seats: the given ones, and distinct defaults for the others in the
 * creator's `language` (`defaultSeatName`: "Player 2", "Joueur 2", "Bot 3"…; open seats show
 * `Open seat` until claimed). `{ taken: seat }` when a given name (of a human or bot seat) equals
 * an earlier seat's.
 */
export function seatNames(
  seats: readonly SeatNameInput[],
  language = 'en',
): { names: string[] } | { taken: number } {
  const taken = new Set<string>();
  for (const [seat, s] of seats.entries()) {
    if (s.kind === 'open' || s.name === undefined) continue;
    const key = nameKey(s.name);
    if (taken.has(key)) return { taken: seat };
    taken.add(key);
  }
  const names = seats.map((s, seat) => {
    if (s.kind === 'open') return s.name ?? 'Open seat';
    if (s.name !== undefined) return s.name;
    return freeName(defaultSeatName(s.kind, seat, language), taken);
  });
  return { names };
}

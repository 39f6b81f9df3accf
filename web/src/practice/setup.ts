/**
 * A new practice match's setup from the create form's choices (screens/create/form-state.ts:
 * the preset, the option changes, the seating) and the bots' strengths: the player in seat 0, the
 * bots after, every name in the page's language, a fresh id and seed from this device's random source.
 */
import type { OptionName } from '../../../worker/shared/rules-data';
import { defaultSeatName } from '../../../worker/words/seat-names';
import type { BotLevel } from '../lib/create-memory';
import type { FormChoice } from '../screens/create/form-state';
import { PRACTICE_BOTS, type PracticeSetup } from './protocol';

/** `n` random bytes as base64url (22 characters for 16 bytes, like an online match id). */
function randomText(bytes: number): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The seatings a practice match offers: 2 to 6 seats (1 to 5 bots). */
export function practiceSeats(seats: number): boolean {
  return seats >= PRACTICE_BOTS.min + 1 && seats <= PRACTICE_BOTS.max + 1;
}

/** What the practice form chose. */
export interface PracticeChoice {
  preset: string;
  /** The options changed from the preset's defaults. */
  overrides: Partial<Record<OptionName, unknown>>;
  choice: FormChoice;
  /** Strength of seats 1.. (index 0 is seat 1). */
  levels: BotLevel[];
  /** The player's name ('' for the seat's default name, "Player 1"). */
  you: string;
  language: string;
  responseMode: 'auto' | 'ask';
}

/** A new setup from `c`; `now` in ms since the epoch. */
export function newPracticeSetup(c: PracticeChoice, now: number): PracticeSetup {
  const { choice } = c;
  const changed = Object.fromEntries(
    Object.entries(c.overrides).filter(([k, v]) => choice.defaults[k as OptionName] !== v),
  );
  const seats = choice.seats;
  const first =
    choice.firstSeat === 'random' ? crypto.getRandomValues(new Uint32Array(1))[0] % seats : choice.firstSeat;
  return {
    v: 1,
    id: randomText(16),
    rules: Object.keys(changed).length ? { preset: c.preset, options: changed } : c.preset,
    seats,
    teamSize: choice.teamSize,
    names: Array.from({ length: seats }, (_, s) =>
      s === 0
        ? c.you.trim() || defaultSeatName('human', s, c.language)
        : defaultSeatName('bot', s, c.language),
    ),
    levels: Array.from({ length: seats }, (_, s) => (s === 0 ? 'basic' : (c.levels[s - 1] ?? 'basic'))),
    firstSeat: first,
    responseMode: c.responseMode,
    seed: randomText(16),
    createdAt: now,
  };
}

/** The same match again with a fresh id and seed ("play again"). */
export function againSetup(s: PracticeSetup, now: number): PracticeSetup {
  return { ...s, id: randomText(16), seed: randomText(16), createdAt: now };
}

/**
 * "My matches": the links of this device, kept in localStorage under one key. A token never
 * leaves the device except as the Authorization header of this match's own calls. Only matches the
 * device holds a seat, host or invitation token for are kept (a spectator's visit adds nothing).
 */
import { signal } from '@preact/signals';
import { findMatch, holdsToken, readSaved, SAVED_KEY, type SavedMatch } from './saved-list';

export { findMatch, holdsToken, type SavedMatch } from './saved-list';

/** The saved matches, newest first. */
export const savedMatches = signal<SavedMatch[]>(readSaved());

function write(all: SavedMatch[]): void {
  const list = all.filter(holdsToken);
  list.sort((a, b) => b.savedAt - a.savedAt);
  savedMatches.value = list;
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the list lives for this page only.
  }
}

/**
 * Adds or updates a match; given fields replace the stored ones, others are kept. An entry left
 * without any token (e.g. a refused invitation was its only one) is removed.
 */
export function saveMatch(entry: Partial<SavedMatch> & { matchId: string }): SavedMatch {
  const list = readSaved();
  const old = list.find((m) => m.matchId === entry.matchId);
  const next: SavedMatch = {
    title: '',
    seat: null,
    ...old,
    ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)),
    savedAt: Date.now(),
  } as SavedMatch;
  write([next, ...list.filter((m) => m.matchId !== entry.matchId)]);
  return next;
}

/**
 * A league member's new link replaced their token `from` with `to` in every league match (the
 * server swapped the seat's token, worker/league/actions.ts `newMemberLink`): the saved matches that
 * held `from` for a seat hold `to` instead, so home and the table keep opening those seats. Nothing is
 * written when no saved match holds `from`.
 */
export function replaceSeatToken(from: string, to: string): void {
  const list = readSaved();
  let changed = false;
  const next = list.map((m) => {
    const tokens = seatTokensOf(m);
    if (m.seatToken !== from && !Object.values(tokens).includes(from)) return m;
    changed = true;
    const seatTokens = Object.fromEntries(Object.entries(tokens).map(([k, v]) => [k, v === from ? to : v]));
    return { ...m, seatTokens, ...(m.seatToken === from ? { seatToken: to } : {}) };
  });
  if (changed) write(next);
}

/** Removes a match from this device. */
export function forgetMatch(matchId: string): void {
  write(readSaved().filter((m) => m.matchId !== matchId));
}

/**
 * Keeps a seat token the server has confirmed for `seat` and makes it the seat this device plays.
 * Tokens of other seats stay kept (see `seatTokensOf`); nothing is replaced by an unchecked token.
 */
export function adoptSeat(matchId: string, seat: number, token: string): SavedMatch {
  const seatTokens = { ...seatTokensOf(findMatch(matchId)), [seat]: token };
  return saveMatch({ matchId, seat, seatToken: token, seatTokens });
}

/** The confirmed seat tokens of a saved match by seat number (entries saved before the map: their one seat). */
export function seatTokensOf(saved: SavedMatch | undefined): Record<string, string> {
  if (!saved) return {};
  const out: Record<string, string> = { ...saved.seatTokens };
  if (saved.seatToken && saved.seat !== null && saved.seat !== undefined && !(saved.seat in out)) {
    out[saved.seat] = saved.seatToken;
  }
  return out;
}

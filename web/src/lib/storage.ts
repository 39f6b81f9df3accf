/**
 * "My matches": the links of this device, kept in localStorage under one key. A token never
 * leaves the device except as the Authorization header of this match's own calls. Only matches the
 * device holds a seat, host or invitation token for are kept (a spectator's visit adds nothing).
 */
import { signal } from '@preact/signals';

/** One match known on this device, with the tokens its links carried. */
export interface SavedMatch {
  matchId: string;
  title: string;
  /** The seat this device plays now (its token is `seatToken`). */
  seat: number | null;
  seatToken?: string;
  /** Every seat token the server confirmed on this device, by seat number (a host may hold several). */
  seatTokens?: Record<string, string>;
  hostToken?: string;
  inviteToken?: string;
  /**
   * The host's copy of the other human seats' links, by seat, from the creation reply (shown in the
   * lobby to share another way; this device plays none of them).
   */
  guestUrls?: Record<string, string>;
  /** The seats whose invitation the server mailed (`Created.mailed`), kept with `guestUrls`. */
  mailedSeats?: number[];
  /** Last visit, ms since the epoch. */
  savedAt: number;
}

const KEY = 'mb.matches';

/** Whether a saved entry holds a token (seat, host or invitation): only those are kept. */
export function holdsToken(m: SavedMatch | undefined): boolean {
  if (!m) return false;
  return Boolean(m.seatToken || m.hostToken || m.inviteToken || Object.keys(m.seatTokens ?? {}).length);
}

function read(): SavedMatch[] {
  try {
    const raw = localStorage.getItem(KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    // Entries without a token are spectators' visits saved by earlier versions: dropped.
    return Array.isArray(list)
      ? (list as SavedMatch[]).filter((m) => typeof m?.matchId === 'string' && holdsToken(m))
      : [];
  } catch {
    return [];
  }
}

/** The saved matches, newest first. */
export const savedMatches = signal<SavedMatch[]>(read());

function write(all: SavedMatch[]): void {
  const list = all.filter(holdsToken);
  list.sort((a, b) => b.savedAt - a.savedAt);
  savedMatches.value = list;
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the list lives for this page only.
  }
}

/**
 * Adds or updates a match; given fields replace the stored ones, others are kept. An entry left
 * without any token (e.g. a refused invitation was its only one) is removed.
 */
export function saveMatch(entry: Partial<SavedMatch> & { matchId: string }): SavedMatch {
  const list = read();
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

/** The saved entry of a match, if any. */
export function findMatch(matchId: string): SavedMatch | undefined {
  return read().find((m) => m.matchId === matchId);
}

/**
 * A league member's new link replaced their token `from` with `to` in every league match (the
 * server swapped the seat's token, worker/league/actions.ts `newMemberLink`): the saved matches that
 * held `from` for a seat hold `to` instead, so home and the table keep opening those seats. Nothing is
 * written when no saved match holds `from`.
 */
export function replaceSeatToken(from: string, to: string): void {
  const list = read();
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
  write(read().filter((m) => m.matchId !== matchId));
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

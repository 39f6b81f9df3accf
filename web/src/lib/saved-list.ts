/**
 * The saved matches of this device as stored (localStorage), read without signals or Preact: the early
 * script (lib/first-info-start.ts, its own small entry) reads a match's tokens here before the app's
 * script has arrived. storage.ts keeps the list's signal and writes it.
 */

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

/** The localStorage key of the list. */
export const SAVED_KEY = 'mb.matches';

/** Whether a saved entry holds a token (seat, host or invitation): only those are kept. */
export function holdsToken(m: SavedMatch | undefined): boolean {
  if (!m) return false;
  return Boolean(m.seatToken || m.hostToken || m.inviteToken || Object.keys(m.seatTokens ?? {}).length);
}

/** The saved matches with a token, as stored (any order); empty when storage is unreadable. */
export function readSaved(): SavedMatch[] {
  try {
    const raw = localStorage.getItem(SAVED_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    // Entries without a token are spectators' visits saved by earlier versions: dropped.
    return Array.isArray(list)
      ? (list as SavedMatch[]).filter((m) => typeof m?.matchId === 'string' && holdsToken(m))
      : [];
  } catch {
    return [];
  }
}

/** The saved entry of a match, if any. */
export function findMatch(matchId: string): SavedMatch | undefined {
  return readSaved().find((m) => m.matchId === matchId);
}

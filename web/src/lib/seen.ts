/**
 * The last state version this device has shown of each match, kept on the device only
 * (localStorage, one key; no server row): the journal marks what came after it as new, and the
 * table opens with a "since you left" summary of it. The most recent 200 matches are kept.
 */

const KEY = 'mb.seen';
const MAX_MATCHES = 200;

function read(): Record<string, number> {
  try {
    const raw = localStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as unknown) : {};
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, number>)
      : {};
  } catch {
    return {};
  }
}

/** The last version of match `matchId` shown on this device, or null (never shown here). */
export function seenVersion(matchId: string): number | null {
  const v = read()[matchId];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Records that version `version` of match `matchId` was shown (a lower version never replaces a higher one). */
export function markSeen(matchId: string, version: number): void {
  const all = read();
  const prev = all[matchId];
  if (prev !== undefined && prev >= version) return;
  delete all[matchId];
  all[matchId] = version;
  // Insertion order is recency: the oldest entries go first.
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_MATCHES))) delete all[k];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: nothing is marked new next time.
  }
}

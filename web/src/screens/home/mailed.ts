/**
 * The e-mail magic link landing in the app: `/#mine=<addressKey>.<token>` (mailed since the home
 * lists matches; older links open the server's page). The fragment is cleared at once (it stays out
 * of history), the list is asked with `POST /api/mail/my-matches/list`, and each fresh seat link is
 * kept on the device the way a seat link is (storage.ts): the seat becomes the one this device plays
 * unless it plays another seat of that match already. Finished matches are not in the list (the
 * server lists only open ones).
 */
import { ApiError, api, parseFragment } from '../../lib/api';
import { adoptSeat, findMatch, saveMatch, seatTokensOf } from '../../lib/storage';

/** The key and token of a `#mine=<64 hex>.<43 base64url>` fragment, or null. */
export function mailedLink(hash: string): { key: string; token: string } | null {
  const m = /^#mine=([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/.exec(hash);
  return m ? { key: m[1], token: m[2] } : null;
}

/** What the landing did: matches added, the link expired (403), or a failure to try again later. */
export type Landing = { kind: 'added'; count: number } | { kind: 'expired' } | { kind: 'failed' };

/** Keeps one mailed seat link (`url` ends in `#seat=<token>`) on this device. */
function keepSeat(matchId: string, seat: number, title: string, url: string): void {
  const token = parseFragment(new URL(url, 'https://x.invalid').hash).seat;
  if (!token) return;
  const saved = findMatch(matchId);
  if (seatTokensOf(saved)[seat]) return; // this device holds a working token for the seat already
  if (!saved?.seatToken) adoptSeat(matchId, seat, token);
  else saveMatch({ matchId, seatTokens: { ...seatTokensOf(saved), [seat]: token } });
  if (!saved?.title) saveMatch({ matchId, title });
}

/** Lists the matches of a magic link and keeps their seat links (see the file header). */
export async function landMailedLink(key: string, token: string): Promise<Landing> {
  try {
    const { matches } = await api.mailedMatches(key, token);
    for (const m of matches) keepSeat(m.matchId, m.seat, m.title, m.url);
    return { kind: 'added', count: new Set(matches.map((m) => m.matchId)).size };
  } catch (e) {
    return e instanceof ApiError && e.status === 403 ? { kind: 'expired' } : { kind: 'failed' };
  }
}

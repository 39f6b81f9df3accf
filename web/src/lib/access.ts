/**
 * Which tokens this device uses for a match. A link's fragment (`#seat=`, `#host=`, `#invite=`) is
 * only a candidate: a seat or host token is kept once the server has confirmed it (its MatchInfo says
 * `you.seat` or `you.host`), so a broken or foreign link never replaces a working token saved here.
 * Seat and host tokens are kept apart (a host who plays holds both), and every confirmed seat token is
 * kept by seat (storage.ts `seatTokens`). A token that is not well formed (the server's are base64url;
 * a damaged link may carry an emoji or a line break) is refused without a request. A link whose check
 * got no definite answer (network error, 5xx) stays pending in this tab's sessionStorage, so that a
 * reload checks it again instead of losing it.
 */
import { ApiError, parseFragment } from './api';
import { matchInfoOnce } from './first-info';
import { adoptSeat, findMatch, saveMatch } from './storage';

/** The tokens a match page uses, and the link token the server refused (kept nowhere). */
export interface Access {
  seatToken: string | null;
  hostToken: string | null;
  inviteToken: string | null;
  refused: 'seat' | 'host' | null;
}

import { isWellFormedToken } from './token-shape';

export { isWellFormedToken };

const PENDING_PREFIX = 'mb.link.';

/**
 * The link fragment to check for a match: `hash` from the address bar when it has one (kept in this
 * tab's sessionStorage until `settleLink`), otherwise one an earlier load of this tab left unchecked
 * (its check failed for the network or a server error); `''` when there is none.
 */
export function pendingLink(matchId: string, hash: string): string {
  const key = PENDING_PREFIX + matchId;
  try {
    if (hash) sessionStorage.setItem(key, hash);
    else return sessionStorage.getItem(key) ?? '';
  } catch {
    // sessionStorage disabled: the link lives only as long as this page.
  }
  return hash;
}

/** Forgets the pending link of a match: its check got a definite answer (accepted, refused, no such match). */
export function settleLink(matchId: string): void {
  try {
    sessionStorage.removeItem(PENDING_PREFIX + matchId);
  } catch {
    // sessionStorage disabled: nothing was kept.
  }
}

/** `resolveAccess`'s answer: the tokens, or the failure of the check (404 unknown match, network…). */
export type AccessResult = { ok: true; access: Access } | { ok: false; error: ApiError };

/** The tokens saved on this device for a match (no server call). */
export function savedAccess(matchId: string): Access {
  const saved = findMatch(matchId);
  return {
    seatToken: saved?.seatToken ?? null,
    hostToken: saved?.hostToken ?? null,
    inviteToken: saved?.inviteToken || null,
    refused: null,
  };
}

/**
 * Reads a link fragment for a match: checks each seat or host token that this device does not hold
 * yet with `GET /api/matches/:id` and keeps it in the role the server gives it (a seat token becomes
 * the seat this device plays). A refused token (also one that is not well formed, which is not sent)
 * is reported in `refused` and the saved tokens stay. A well-formed invitation token is kept unless this device holds one already (invitations cannot be checked
 * without taking a seat; see `forgetInvite`). Errors: the `ApiError` of the check (e.g. 404
 * `match.not_found`, 400 for a malformed id, status 0 offline).
 */
export async function resolveAccess(matchId: string, hash: string): Promise<AccessResult> {
  const frag = parseFragment(hash);
  const saved = findMatch(matchId);
  let refused: Access['refused'] = null;
  const candidates = [
    ['seat', frag.seat],
    ['host', frag.host],
  ] as const;
  try {
    for (const [kind, token] of candidates) {
      if (!token || token === saved?.seatToken || token === saved?.hostToken) continue;
      if (!isWellFormedToken(token)) {
        refused = kind;
        continue;
      }
      const { you } = await matchInfoOnce(matchId, token);
      // A seat whose player left the match still opens it, to watch.
      const seat = you.seat ?? you.left ?? null;
      if (seat !== null) adoptSeat(matchId, seat, token);
      else if (you.host) saveMatch({ matchId, hostToken: token });
      else refused = kind;
    }
  } catch (e) {
    return { ok: false, error: e instanceof ApiError ? e : new ApiError(0, 'network', String(e)) };
  }
  if (frag.invite && isWellFormedToken(frag.invite) && !findMatch(matchId)?.inviteToken)
    saveMatch({ matchId, inviteToken: frag.invite });
  return { ok: true, access: { ...savedAccess(matchId), refused } };
}

/** Forgets a saved invitation token that the server refused (so that a working one can be kept). */
export function forgetInvite(matchId: string, token: string): void {
  if (findMatch(matchId)?.inviteToken === token) saveMatch({ matchId, inviteToken: '' });
}

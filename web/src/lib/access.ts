/**
 * Which tokens this device uses for a match. A link's fragment (`#seat=`, `#host=`, `#invite=`) is
 * only a candidate: a seat or host token is kept once the server has confirmed it (its MatchInfo says
 * `you.seat` or `you.host`), so a broken or foreign link never replaces a working token saved here.
 * Seat and host tokens are kept apart (a host who plays holds both), and every confirmed seat token is
 * kept by seat (storage.ts `seatTokens`).
 */
import { ApiError, api, parseFragment } from './api';
import { adoptSeat, findMatch, saveMatch } from './storage';

/** The tokens a match page uses, and the link token the server refused (kept nowhere). */
export interface Access {
  seatToken: string | null;
  hostToken: string | null;
  inviteToken: string | null;
  refused: 'seat' | 'host' | null;
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
 * the seat this device plays). A refused token is reported in `refused` and the saved tokens stay.
 * An invitation token is kept unless this device holds one already (invitations cannot be checked
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
      const { you } = await api.info(matchId, token);
      if (you.seat !== null) adoptSeat(matchId, you.seat, token);
      else if (you.host) saveMatch({ matchId, hostToken: token });
      else refused = kind;
    }
  } catch (e) {
    return { ok: false, error: e instanceof ApiError ? e : new ApiError(0, 'network', String(e)) };
  }
  if (frag.invite && !findMatch(matchId)?.inviteToken) saveMatch({ matchId, inviteToken: frag.invite });
  return { ok: true, access: { ...savedAccess(matchId), refused } };
}

/** Forgets a saved invitation token that the server refused (so that a working one can be kept). */
export function forgetInvite(matchId: string, token: string): void {
  if (findMatch(matchId)?.inviteToken === token) saveMatch({ matchId, inviteToken: '' });
}

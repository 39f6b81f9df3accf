/**
 * Which league links a visit of the league page uses. The page's fragment (`#owner=` or
 * `#member=`) is only a candidate: it is checked once with `GET /api/leagues/:id` and kept on the
 * device in the role the server gives it (lib/leagues.ts), beside the links kept there already. The
 * owner's token serves the owner's actions; the member's token (the fragment's member for this
 * visit, else the member the device plays as) serves reading, playing and the chat.
 */
import type { LeagueInfo } from '../../../../worker/league-protocol';
import { ApiError } from '../../lib/api';
import {
  type DeviceLeague,
  findLeague,
  memberToken,
  nameLeague,
  saveMemberLink,
  saveOwnerLink,
} from '../../lib/leagues';
import { isWellFormedToken } from '../../lib/token-shape';
import { leagueApi } from './league-api';

/** The tokens one visit uses. */
export interface LeagueAccess {
  /** The owner's token, for the owner's actions. */
  owner: string | null;
  /** The member this visit plays as, and their token. */
  member: number | null;
  memberToken: string | null;
  /** The token the league is read with: the member's, else the owner's. */
  view: string | null;
}

/** The tokens of league `leagueId` on this device for a visit playing as `visitMember` (else `me`). */
export function accessOf(l: DeviceLeague | undefined, visitMember: number | null): LeagueAccess {
  const member = visitMember !== null && memberToken(l, visitMember) ? visitMember : (l?.me ?? null);
  const token = memberToken(l, member);
  const owner = l?.owner ?? null;
  return { owner, member: token ? member : null, memberToken: token, view: token ?? owner };
}

/** Takes the league link out of the address bar: its token, or null (none, or not well formed). */
export function takeFragment(): string | null {
  const m = /^#(?:owner|member)=([^&]*)$/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, '', location.pathname);
  return isWellFormedToken(m[1]) ? m[1] : null;
}

/**
 * Checks a candidate token (the fragment's, or one an earlier version saved without its member
 * number) unless the device holds it already, and keeps it by what the server says it is. Returns
 * the member it opens (null: none, or the owner's link) and the refusal, if any (nothing is kept).
 */
export async function checkLink(
  leagueId: string,
  token: string,
): Promise<{ member: number | null; refused: ApiError | null }> {
  const l = findLeague(leagueId);
  const held = Object.entries(l?.members ?? {}).find(([, t]) => t === token);
  if (held) return { member: Number(held[0]), refused: null };
  if (l?.owner === token) return { member: null, refused: null };
  try {
    const info: LeagueInfo = await leagueApi.league(leagueId, token);
    nameLeague(leagueId, info.name);
    if (info.you.owner) saveOwnerLink(leagueId, token);
    if (info.you.member !== null) saveMemberLink(leagueId, info.you.member, token);
    return { member: info.you.member, refused: null };
  } catch (e) {
    return { member: null, refused: e instanceof ApiError ? e : new ApiError(0, 'network', String(e)) };
  }
}

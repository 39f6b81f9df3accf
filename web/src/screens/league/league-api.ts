/**
 * The league's calls (docs/API.md "Leagues"), here and not in lib/api.ts: they load
 * with the league page, keeping the initial script small. The chat's calls are the match chat's
 * (screens/table/chat-model.ts `chatApi`, over the league's path).
 */
import type { CreateLeague, LeagueCreated, LeagueInfo, MemberLink } from '../../../../worker/league-protocol';
import { call } from '../../lib/api';

const l = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;

/** One call per league route. */
export const leagueApi = {
  league: (id: string, token: string | null) => call<LeagueInfo>('GET', l(id), token),
  createLeague: (body: CreateLeague) => call<LeagueCreated>('POST', '/api/leagues', null, body),
  leagueMatch: (id: string, token: string, bots: number) =>
    call<{ matchId: string; matchUrl: string; hostUrl: string }>('POST', `${l(id)}/matches`, token, { bots }),
  /** The owner's new link for `member` (the old one stops working). */
  newLink: (id: string, ownerToken: string, member: number) =>
    call<MemberLink>('POST', `${l(id)}/members/${member}/link`, ownerToken, {}),
  /** `leave`, `archive` (no body), `rename` ({name}), `members/<n>/remove`. */
  leagueAct: (id: string, token: string, act: string, body: object = {}) =>
    call<{ ok: true }>('POST', `${l(id)}/${act}`, token, body),
};

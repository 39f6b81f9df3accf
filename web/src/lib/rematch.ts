/**
 * Going to a rematch (issue 16 part C): the rematch keeps the seats, so this device's tokens of the
 * finished match work there too (docs/API.md); the saved list learns the new match, then the page
 * opens it. Shared by the end screen's "Play again" and its offer panel (screens/RematchOffer.tsx).
 */
import { navigate } from './router';
import { findMatch, saveMatch } from './storage';
import type { MatchInfo, RematchInfo } from './types';

/** Saves the rematch `matchId` of `info`'s match with this device's tokens (`seat`: the caller's) and opens it. */
export function goRematch(
  info: Pick<MatchInfo, 'matchId' | 'title'>,
  seat: number | null,
  matchId: string,
): void {
  const saved = findMatch(info.matchId);
  saveMatch({
    matchId,
    title: info.title,
    seat,
    seatToken: saved?.seatToken,
    seatTokens: saved?.seatTokens,
    hostToken: saved?.hostToken,
  });
  navigate(`/m/${matchId}`);
}

/** True when `seat` must still answer the open offer `r`. */
export function mustAnswer(r: RematchInfo | null | undefined, seat: number | null): boolean {
  return r?.state === 'open' && seat !== null && r.waiting.includes(seat);
}

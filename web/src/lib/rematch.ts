/**
 * Going to a rematch: the rematch keeps the seats, so this device's tokens of the
 * finished match work there too (docs/API.md); the saved list learns the new match, then the page
 * opens it. "Play again" and the answers are sent here, for the end screen and its offer panel
 * (screens/RematchOffer.tsx).
 */
import type { Signal } from '@preact/signals';
import { api } from './api';
import { navigate } from './router';
import type { MatchSession } from './session';
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

/**
 * Sends "Play again" (no `answer`) or an answer to the offer for `session`'s seat (`seat`), `busy`
 * meanwhile; opens the new match when the reply says it is dealt (201/200), else the offer comes
 * with the pushed views. A refusal goes to the session's error line.
 */
export async function sendRematch(
  session: MatchSession,
  info: Pick<MatchInfo, 'matchId' | 'title'>,
  seat: number | null,
  busy: Signal<boolean>,
  answer?: 'accept' | 'decline',
): Promise<void> {
  const token = session.token;
  if (!token) return;
  busy.value = true;
  try {
    const r = await api.rematch(info.matchId, token, answer);
    if ('matchId' in r) goRematch(info, seat, r.matchId);
  } catch (e) {
    session.fail(e);
  } finally {
    busy.value = false;
  }
}

/** True when `seat` must still answer the open offer `r`. */
export function mustAnswer(r: RematchInfo | null | undefined, seat: number | null): boolean {
  return r?.state === 'open' && seat !== null && r.waiting.includes(seat);
}

/**
 * The browser's time zone, reported to the server so that deadlines, the daily
 * digest and quiet hours follow the player's clock: once when a seat is opened whose stored zone
 * differs, and with every mail-preferences save. Tiny: it runs on every table page.
 */
import type { MatchInfo } from '../../../worker/protocol/views';
import { runtimeTimeZone } from '../../../worker/words/when';
import { api } from './api';

/** The browser's IANA time zone ("Europe/Oslo"), or undefined when it does not say. */
export const browserTimeZone = runtimeTimeZone;

/** Matches whose zone was already sent from this page (one request per match and page load). */
const sent = new Set<string>();

/** Sends the browser's zone for the caller's seat when the stored one differs; errors are ignored. */
export function reportTimeZone(info: MatchInfo, token: string | null): void {
  const zone = browserTimeZone();
  if (!token || !zone || !info.settings || info.settings.timeZone === zone || sent.has(info.matchId)) return;
  sent.add(info.matchId);
  api.settings(info.matchId, token, { timeZone: zone }).catch(() => {});
}

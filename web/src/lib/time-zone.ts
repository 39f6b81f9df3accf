/**
 * The browser's time zone, reported to the server so that deadlines, the daily
 * digest and quiet hours follow the player's clock: once when a seat is opened whose stored zone
 * differs, and with every mail-preferences save. Tiny: it runs on every table page.
 */
import type { MatchInfo } from '../../../worker/protocol/views';
import { runtimeTimeZone } from '../../../worker/words/when';
import { api } from './api';
import { whenIdle } from './idle';

/** The browser's IANA time zone ("Europe/Oslo"), or undefined when it does not say. */
export const browserTimeZone = runtimeTimeZone;

/** Matches whose zone was already sent from this page (one request per match and page load). */
const sent = new Set<string>();

/**
 * Sends the browser's zone for the caller's seat when the stored one differs; errors are ignored.
 * Done when the page is idle (lib/idle.ts): the first read of the zone sets up the browser's time
 * zone data, a long task on a phone that must not join the task rendering the table.
 */
export function reportTimeZone(info: MatchInfo, token: string | null): void {
  if (!token || !info.settings || sent.has(info.matchId)) return;
  sent.add(info.matchId);
  whenIdle(() => {
    const zone = browserTimeZone();
    if (!zone || info.settings?.timeZone === zone) return;
    api.settings(info.matchId, token, { timeZone: zone }).catch(() => {});
  });
}

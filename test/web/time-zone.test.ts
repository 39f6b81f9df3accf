// @vitest-environment happy-dom
/**
 * The browser's time zone reported for a seat (web/src/lib/time-zone.ts): sent once per match and page
 * when the stored zone differs, and only in an idle moment after the table's task (its first read sets
 * up the browser's zone data, a long task on a phone), never while the view is being taken.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../web/src/lib/api';
import { browserTimeZone, reportTimeZone } from '../../web/src/lib/time-zone';
import type { MatchInfo } from '../../web/src/lib/types';
import { info, view } from './fixtures';

/** The seat's info with `timeZone` stored (none when undefined), for match `matchId`. */
function seatInfo(matchId: string, timeZone?: string): MatchInfo {
  const settings = { language: 'en', emailNotifications: false, hasEmail: false, alwaysEmail: false };
  return info(view(), { matchId, settings: timeZone ? { ...settings, timeZone } : settings });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('reporting the time zone', () => {
  it('sends a differing zone once, after the current task, never during it', async () => {
    vi.useFakeTimers();
    const sent = vi.spyOn(api, 'settings').mockResolvedValue(seatInfo('TZ1'));
    const zone = browserTimeZone();
    expect(zone).toBeTruthy();
    reportTimeZone(seatInfo('TZ1', 'Pacific/Chatham'), 'token');
    expect(sent).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith('TZ1', 'token', { timeZone: zone });
    reportTimeZone(seatInfo('TZ1', 'Pacific/Chatham'), 'token');
    await vi.runAllTimersAsync();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when the stored zone is the browser’s, or without a token or seat settings', async () => {
    vi.useFakeTimers();
    const sent = vi.spyOn(api, 'settings').mockResolvedValue(seatInfo('TZ2'));
    reportTimeZone(seatInfo('TZ2', browserTimeZone()), 'token');
    reportTimeZone(seatInfo('TZ3', 'Pacific/Chatham'), null);
    reportTimeZone({ ...seatInfo('TZ4'), settings: undefined }, 'token');
    await vi.runAllTimersAsync();
    expect(sent).not.toHaveBeenCalled();
  });
});

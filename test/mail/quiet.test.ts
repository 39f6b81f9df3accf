/**
 * Quiet hours and the digest hour on the reader's clock (worker/notify/quiet.ts): wall-clock hours
 * through Intl in two zones and across daylight-saving changes, the end of the quiet hours, and the
 * decision `mailTiming` takes for a due mail or push.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAIL_PREFS,
  defaultPrefs,
  inQuietHours,
  instantOf,
  mailTiming,
  nextHourAt,
  quietEndAt,
} from '../../worker/notify/quiet';
import type { MailPrefs } from '../../worker/protocol/zones';
import { wallClock } from '../../worker/words/when';

const H = 3_600_000;
/** Tuesday 1 December 2026, 23:30 UTC: 00:30 in Oslo, 18:30 in New York. */
const NIGHT_UTC = Date.UTC(2026, 11, 1, 23, 30);

describe('the wall clock in a zone', () => {
  it('reads the hour in Oslo and New York', () => {
    expect(wallClock(NIGHT_UTC, 'Europe/Oslo')).toEqual({
      year: 2026,
      month: 12,
      day: 2,
      hour: 0,
      minute: 30,
    });
    expect(wallClock(NIGHT_UTC, 'America/New_York').hour).toBe(18);
  });

  it('finds the instant of a wall-clock hour, in winter and in summer time', () => {
    expect(instantOf(2026, 12, 2, 7, 'Europe/Oslo')).toBe(Date.UTC(2026, 11, 2, 6));
    expect(instantOf(2026, 7, 2, 7, 'Europe/Oslo')).toBe(Date.UTC(2026, 6, 2, 5));
    expect(instantOf(2026, 7, 2, 7, 'America/New_York')).toBe(Date.UTC(2026, 6, 2, 11));
    // 02:00 does not exist in Oslo on 29 March 2026 (clocks jump to 03:00): the hour after.
    expect(instantOf(2026, 3, 29, 2, 'Europe/Oslo')).toBe(Date.UTC(2026, 2, 29, 1));
  });

  it('gives the next occurrence of an hour, strictly later, across a DST change', () => {
    expect(nextHourAt(NIGHT_UTC, 7, 'Europe/Oslo')).toBe(Date.UTC(2026, 11, 2, 6));
    expect(nextHourAt(NIGHT_UTC, 18, 'America/New_York')).toBe(Date.UTC(2026, 11, 2, 23));
    const at = Date.UTC(2026, 11, 2, 6);
    expect(nextHourAt(at, 7, 'Europe/Oslo')).toBe(at + 24 * H);
    // The night Oslo's clocks go forward (29 March 2026): from 23:00 on the 28th to 07:00 is 7 h.
    const before = Date.UTC(2026, 2, 28, 22);
    expect(nextHourAt(before, 7, 'Europe/Oslo') - before).toBe(7 * H);
    // New York falls back on 1 November 2026: from 22:00 on 31 October to 07:00 is 10 h.
    const fall = Date.UTC(2026, 10, 1, 2);
    expect(nextHourAt(fall, 7, 'America/New_York') - fall).toBe(10 * H);
  });
});

describe('quiet hours', () => {
  const quiet = DEFAULT_MAIL_PREFS.quiet;

  it('are 22:00 to 07:00 by default, across midnight, in the reader’s zone', () => {
    expect(inQuietHours(NIGHT_UTC, quiet, 'Europe/Oslo')).toBe(true);
    expect(inQuietHours(NIGHT_UTC, quiet, 'America/New_York')).toBe(false);
    expect(quietEndAt(NIGHT_UTC, quiet, 'Europe/Oslo')).toBe(Date.UTC(2026, 11, 2, 6));
    expect(quietEndAt(NIGHT_UTC, quiet, 'America/New_York')).toBeNull();
    // 22:00 sharp is quiet, 07:00 sharp is not.
    expect(inQuietHours(Date.UTC(2026, 11, 2, 3), quiet, 'America/New_York')).toBe(true);
    expect(inQuietHours(Date.UTC(2026, 11, 2, 12), quiet, 'America/New_York')).toBe(false);
  });

  it('work inside one day, and equal hours or none mean no quiet hours', () => {
    const day = { from: 9, to: 17 };
    expect(inQuietHours(Date.UTC(2026, 11, 2, 10), day, 'UTC')).toBe(true);
    expect(inQuietHours(Date.UTC(2026, 11, 2, 17), day, 'UTC')).toBe(false);
    expect(inQuietHours(NIGHT_UTC, { from: 5, to: 5 }, 'Europe/Oslo')).toBe(false);
    expect(inQuietHours(NIGHT_UTC, null, 'Europe/Oslo')).toBe(false);
  });

  it('do not apply by default to a seat whose zone is unknown', () => {
    expect(defaultPrefs(null).prefs.quiet).toBeNull();
    expect(defaultPrefs('Europe/Oslo')).toEqual({ prefs: DEFAULT_MAIL_PREFS, timeZone: 'Europe/Oslo' });
  });
});

describe('mailTiming', () => {
  const base = { nowMs: NIGHT_UTC, timeZone: 'Europe/Oslo', prefs: DEFAULT_MAIL_PREFS };
  const digest: MailPrefs = { digestHour: 8, quiet: null };

  it('holds a mail or a push until the quiet hours end', () => {
    const morning = Date.UTC(2026, 11, 2, 6);
    for (const channel of ['mail', 'push'] as const) {
      expect(mailTiming({ ...base, channel, kind: 'turn', deadlineMs: NIGHT_UTC + 72 * H })).toEqual({
        action: 'hold',
        untilMs: morning,
      });
    }
    expect(mailTiming({ ...base, channel: 'mail', kind: 'other', deadlineMs: null })).toEqual({
      action: 'hold',
      untilMs: morning,
    });
    expect(
      mailTiming({ ...base, timeZone: 'America/New_York', channel: 'mail', kind: 'turn', deadlineMs: null }),
    ).toEqual({ action: 'send' });
  });

  it('sends at once when the deadline falls inside the same quiet period', () => {
    expect(mailTiming({ ...base, channel: 'mail', kind: 'reminder', deadlineMs: NIGHT_UTC + 3 * H })).toEqual(
      {
        action: 'send',
      },
    );
  });

  it('drops turn mails for the digest, keeps reminders due before it, and never touches pushes', () => {
    const p = { ...base, prefs: digest };
    expect(mailTiming({ ...p, channel: 'mail', kind: 'turn', deadlineMs: NIGHT_UTC + 72 * H })).toEqual({
      action: 'drop',
      reason: 'digest',
    });
    // The next digest is 08:00 Oslo = 07:00 UTC, 7.5 h away.
    expect(mailTiming({ ...p, channel: 'mail', kind: 'reminder', deadlineMs: NIGHT_UTC + 5 * H })).toEqual({
      action: 'send',
    });
    expect(mailTiming({ ...p, channel: 'mail', kind: 'window', deadlineMs: NIGHT_UTC + 9 * H })).toEqual({
      action: 'drop',
      reason: 'digest',
    });
    expect(mailTiming({ ...p, channel: 'push', kind: 'turn', deadlineMs: null })).toEqual({ action: 'send' });
    expect(mailTiming({ ...p, channel: 'mail', kind: 'other', deadlineMs: null })).toEqual({
      action: 'send',
    });
  });
});

/**
 * A seat as it starts a rematch (decider/vacation.ts `seatForRematch`): the player's own choices
 * kept, this match's counters not; the chat's read mark is this match's (the rematch's chat ids
 * start again from 1), so it does not come along and hide the rematch's first lines from mails.
 */
import { describe, expect, it } from 'vitest';
import type { SeatRow } from '../../worker/decider/model';
import { seatForRematch } from '../../worker/decider/vacation';

const row: SeatRow = {
  seat: 1,
  name: 'Bob',
  kind: 'human',
  tokenHash: 'h',
  botLevel: 'basic',
  standIn: false,
  responseMode: 'auto',
  email: 'bob@example.org',
  language: 'fr',
  emailNotifications: true,
  prefs: {
    timeZone: 'Europe/Oslo',
    mailPrefs: { digestHour: 8, quiet: null },
    alwaysEmail: true,
    chatMuted: true,
    chatReadId: 12,
    vacationUsedMs: 5,
  },
};

describe('a seat in the rematch', () => {
  it('keeps the player’s choices, not this match’s chat read mark or counters', () => {
    expect(seatForRematch(row).prefs).toEqual({
      timeZone: 'Europe/Oslo',
      mailPrefs: { digestHour: 8, quiet: null },
      alwaysEmail: true,
    });
  });
});

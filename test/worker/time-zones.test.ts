/**
 * A seat's time zone (`POST /api/matches/:id/settings` `timeZone`, docs/API.md): only an IANA name
 * as IANA spells it and the runtime knows it is taken. Offsets (`+05:30`) and other cases
 * (`europe/oslo`) are refused with 400 `request.invalid`, though Intl itself would take them, and
 * a zone stored before that check reads as unset: the seat's settings show none, its mails say
 * times in UTC, and its address's preferences read it as UTC.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MailAddressDurableObject } from '../../worker/notify/address-do';
import { create, info, move, stubOf } from './helpers';
import { addresses, attach, duo, FakeSender, MIN } from './mail-helpers';
import { addressDo, settings } from './prefs-helpers';

/** Wednesday 15 January 2031, 12:00 UTC: daytime in every zone used here. */
const DAY = Date.UTC(2031, 0, 15, 12);

describe('a seat’s time zone', () => {
  it('refuses offsets, other cases and renamed links with 400 request.invalid, and stores nothing', async () => {
    const m = await create(duo(addresses()));
    for (const bad of [
      '+05:30',
      '-03:00',
      'europe/oslo',
      'EUROPE/OSLO',
      'utc',
      'US/Eastern',
      'Mars/Olympus',
    ]) {
      const r = await settings(m, 0, { timeZone: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
      expect(r.body.error.issues[0]).toMatch(/^timeZone: /);
    }
    expect((await info(m, m.seats[0]!)).settings).not.toHaveProperty('timeZone');
  });

  it('takes IANA names as spelled there, also current names the runtime files under an older one', async () => {
    const m = await create(duo(addresses()));
    for (const zone of ['Europe/Oslo', 'UTC', 'Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Etc/GMT+5']) {
      expect((await settings(m, 0, { timeZone: zone })).status, zone).toBe(200);
      expect((await info(m, m.seats[0]!)).settings?.timeZone).toBe(zone);
    }
  });

  it('regression: a zone stored before the check (+05:30) reads as unset: no zone shown, mails in UTC', async () => {
    const a = addresses();
    const body = duo(a, { firstSeat: 1, turnDeadlineHours: 24 });
    const h = await attach(await create(body), new FakeSender(), { now: DAY });
    await h.fire(DAY);
    // Bob's zone as an earlier version stored it, then a wake-up.
    await runInDurableObject(stubOf(h.m), (_i, state) => {
      state.storage.sql.exec(
        `UPDATE seats SET prefs = ? WHERE seat = 1`,
        JSON.stringify({ timeZone: '+05:30' }),
      );
    });
    await evictDurableObject(stubOf(h.m));
    expect((await info(h.m, h.m.seats[1]!)).settings).not.toHaveProperty('timeZone');
    await h.setClock(DAY);
    h.sender.sent.length = 0;
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.fire(DAY + 5 * MIN);
    const turn = h.sender.to(a.bob);
    expect(turn).toHaveLength(1);
    // The deadline (12:00 UTC tomorrow) in UTC, named; in +05:30 it would read 17:30.
    expect(turn[0].text).toMatch(/12:00 UTC/);
    expect(turn[0].text).not.toMatch(/17:30/);
  });

  it('regression: preferences stored at an address with such a zone read as UTC', async () => {
    const { ann } = addresses();
    const stub = await addressDo(ann);
    expect(await stub.isBlocked()).toBe(false); // its tables exist
    await runInDurableObject(stub, (_i: MailAddressDurableObject, state) => {
      state.storage.sql.exec(
        'INSERT INTO seat_prefs (match_id, seat, prefs, time_zone) VALUES (?, ?, ?, ?)',
        'm-zone',
        0,
        JSON.stringify({ digestHour: 8, quiet: null }),
        'europe/oslo',
      );
    });
    expect(await stub.prefsFor({ matchId: 'm-zone', seat: 0 }, null)).toEqual({
      prefs: { digestHour: 8, quiet: null },
      timeZone: 'UTC',
    });
  });
});

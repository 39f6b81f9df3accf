/**
 * The reminder of a turn shows the position and move links of the turn mail (message.ts, compose.ts)
 * in every match: also one with no turn deadline (its only reminder, 24 h into the turn), and with
 * the seats' names defused as in every other mail (names that look like links show none); after the
 * seat's address changed, at the new address with links minted for it (the turn mail's are dead);
 * held by quiet hours, in the morning with links that play, or not at all once the turn moved on.
 */

import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../worker/notify/types';
import { htmlText, linkLike } from '../mail/link-like';
import { api, create, freshIp, info, move, ORIGIN, worker } from './helpers';
import { addresses, attach, duo, FakeSender, HOUR, type MailMatch, MIN, mailMatch } from './mail-helpers';
import { settings } from './prefs-helpers';

/** The move links of a mail's text (each a line of its own after its label). */
function moveLinks(text: string): string[] {
  return [...text.matchAll(/^.+:\n(https:\/\/mb\.test\/turn\/\S+)$/gm)].map((m) => m[1]);
}

/** GETs a move link's page (a fresh client each time: the read limit is per client). */
async function open(url: string): Promise<{ status: number }> {
  const res = await worker().fetch(url, { headers: { 'CF-Connecting-IP': freshIp() } });
  await res.text();
  return { status: res.status };
}

/**
 * A duo of Ann and Bob at addresses `a` (`over`: creation fields) in which Ann's Roll starts Bob's
 * turn and its mail goes; `remind()` moves the clock a day into the turn and runs the alarm (the
 * 24 h reminder).
 */
async function bobsTurn(over: Record<string, unknown>, a = addresses()) {
  const { bob } = a;
  const h: MailMatch = await mailMatch(duo(a, over));
  const t0 = h.clock.now;
  await h.fire(t0);
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
  await h.fire(t0 + 3 * MIN);
  const turn: OutgoingMail = h.sender.to(bob).at(-1)!;
  expect(moveLinks(turn.text).length).toBeGreaterThan(0);
  return { h, bob, turn, remind: () => h.fire(t0 + 24 * HOUR + MIN) };
}

describe('a reminder', () => {
  it('shows the position and the moves in a match with no turn deadline', async () => {
    const { h, bob, turn, remind } = await bobsTurn({ turnDeadlineHours: 0 });
    await remind();
    const reminder = h.sender.to(bob).at(-1)!;
    expect(reminder).not.toBe(turn);
    expect(reminder.text).toContain('Où en est la partie :');
    expect(moveLinks(reminder.text)).toEqual(moveLinks(turn.text));
  });

  it('shows no name that looks like a link (its position and moves name the seats)', async () => {
    const a = addresses();
    const { h, bob, turn, remind } = await bobsTurn(
      {
        turnDeadlineHours: 72,
        seats: [
          { kind: 'human', name: 'Support team www.evil.example', email: a.ann },
          { kind: 'human', name: 'Bob help@evil.example', email: a.bob, language: 'de' },
        ],
      },
      a,
    );
    await remind();
    const reminder = h.sender.to(bob).at(-1)!;
    expect(turn.subject).toBe('Mille Bornes: du bist dran');
    expect(reminder.subject).toMatch(/^Mille Bornes: /);
    expect(reminder.subject).not.toBe(turn.subject);
    expect(moveLinks(reminder.text).length).toBeGreaterThan(0);
    expect(reminder.text).toContain('Support team www[.]evil[.]example');
    for (const m of [turn, reminder]) {
      for (const part of [m.subject, m.text, htmlText(m.html)]) expect(linkLike(part, ORIGIN)).toEqual([]);
    }
  });

  it('after the seat’s address changed goes there, with links that play; the turn mail’s are dead', async () => {
    const { h, bob, turn, remind } = await bobsTurn({ turnDeadlineHours: 72 });
    const moved = `moved.${bob}`;
    const set = await api(`/api/matches/${h.m.id}/settings`, { token: h.m.seats[1], body: { email: moved } });
    expect(set.status).toBe(200);
    await remind();
    const reminder = h.sender.to(moved).at(-1)!;
    expect(reminder.subject).toMatch(/^Mille Bornes : votre tour vous attend/);
    const links = moveLinks(reminder.text);
    expect(links).toHaveLength(moveLinks(turn.text).length);
    for (const [i, url] of moveLinks(turn.text).entries()) {
      expect(links[i]).not.toBe(url);
      expect((await open(url)).status).toBe(409);
      expect((await open(links[i])).status).toBe(200);
    }
  });
});

describe('a reminder held by quiet hours', () => {
  it('goes in the morning with links that play; not at all once the turn moved on in the night', async () => {
    for (const played of [false, true]) {
      const a = addresses();
      // Bob sleeps in Oslo (quiet 22:00 to 07:00); Ann's Roll starts his 72-hour turn at 00:30 there.
      // (His first turn, started when the match was made, timed out at `day`: a bot played it.)
      const day = Date.UTC(2031, 0, 15, 12);
      const body = duo(a, { turnDeadlineHours: 72, firstSeat: 1 });
      const h = await attach(await create(body), new FakeSender(), { now: day });
      await h.fire(day);
      expect((await settings(h.m, 1, { timeZone: 'Europe/Oslo' })).status).toBe(200);
      const start = Date.UTC(2031, 0, 15, 23, 30);
      await h.setClock(start);
      expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
      await h.fire(Date.UTC(2031, 0, 16, 6));
      const turn = h.sender.to(a.bob).at(-1)!;
      expect(moveLinks(turn.text).length).toBeGreaterThan(0);
      // The 24 h reminder falls in the next night: held to 07:00.
      await h.fire(start + 24 * HOUR);
      expect(h.sender.to(a.bob).at(-1)).toBe(turn);
      if (played) {
        await h.setClock(start + 24 * HOUR + 30 * MIN);
        const legal = (await info(h.m, h.m.seats[1])).view!.legalMoves;
        expect((await move(h.m, h.m.seats[1]!, legal[0])).status).toBe(200);
      }
      await h.fire(Date.UTC(2031, 0, 17, 6));
      const rows = await h.rows();
      const reminder = rows.find((r) => r.seat === 1 && r.kind === 'reminder')!;
      if (played) {
        expect([reminder.status, reminder.error]).toEqual(['dropped', 'acted']);
        expect(h.sender.to(a.bob).at(-1)).toBe(turn);
        continue;
      }
      expect(reminder.status).toBe('sent');
      const mail = h.sender.to(a.bob).at(-1)!;
      expect(mail.subject).toMatch(/^Mille Bornes : votre tour vous attend/);
      expect(moveLinks(mail.text)).toEqual(moveLinks(turn.text));
      expect((await open(moveLinks(mail.text)[0])).status).toBe(200);
    }
  });
});

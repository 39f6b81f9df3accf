/**
 * The reminder of a turn shows the position and move links of the turn mail (message.ts, compose.ts)
 * in every match: also one with no turn deadline (its only reminder, 24 h into the turn), and with
 * the seats' names defused as in every other mail (names that look like links show none); after the
 * seat's address changed, at the new address with links minted for it (the turn mail's are dead).
 */

import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../worker/notify/types';
import { htmlText, linkLike } from '../mail/link-like';
import { api, freshIp, move, ORIGIN, worker } from './helpers';
import { addresses, duo, HOUR, type MailMatch, MIN, mailMatch } from './mail-helpers';

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

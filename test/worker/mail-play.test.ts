/**
 * Issue 34 items 1 and 2 in the match: Bob's turn mail shows his position (his hand in his language
 * and the page's order, the areas, the discard pile, the draw pile) and up to four suggested moves as
 * move links, then the mail's own button to the table (and its reminder again); a link from the mail plays through its confirmation page; a
 * response window's mail offers the coup fourré and "Let it go"; minting the links writes no row.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MatchContext } from '../../worker/match/context';
import { mailPlay } from '../../worker/match/mail-move';
import { catalogFor } from '../../worker/notify/i18n';
import type { OutgoingMail } from '../../worker/notify/types';
import { cardName } from '../../worker/words/cards/catalog';
import { api, freshIp, info, move, stubOf, worker } from './helpers';
import { addresses, duo, MIN, mailMatch, stopOnAskSeat } from './mail-helpers';

/** The move links of a mail's text (each a line of its own after its label). */
function moveLinks(mail: OutgoingMail): Array<{ label: string; url: string }> {
  return [...mail.text.matchAll(/^(.+):\n(https:\/\/mb\.test\/turn\/\S+)$/gm)].map((m) => ({
    label: m[1],
    url: m[2],
  }));
}

async function open(url: string) {
  const res = await worker().fetch(url, { headers: { 'CF-Connecting-IP': freshIp() } });
  return { status: res.status, text: await res.text() };
}

async function post(url: string, page: string) {
  const res = await worker().fetch(url, {
    method: 'POST',
    headers: {
      'CF-Connecting-IP': freshIp(),
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
    },
    body: `page=${page}`,
  });
  return { status: res.status, text: await res.text() };
}

/** Rows written by the match's storage so far (test seams' counters). */
async function rowsWritten(id: string): Promise<number> {
  return runInDurableObject(stubOf(id), (instance) => {
    return (instance as unknown as { match: MatchContext }).match.store.rowsWritten;
  });
}

describe('the turn mail', () => {
  it('shows Bob his position and suggests moves he can play from the mail', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.fire(t0 + 3 * MIN);
    const turn = h.sender.to(bob).at(-1)!;
    expect(turn.subject).toBe("Mille Bornes : c'est à vous de jouer");
    const view = (await info(h.m, h.m.seats[1])).view!;
    // His hand in French, in the page's order; both areas; the piles.
    expect(turn.text).toContain('Où en est la partie :');
    const fr = catalogFor('fr');
    expect(turn.text).toContain(`- Votre main : ${view.hand.map((c) => cardName(fr.cards, c)).join(', ')}\n`);
    expect(turn.text).toContain('- Ann : 0 km, Feu vert');
    expect(turn.text).toContain('- Votre zone : 0 km, pas encore en route');
    expect(turn.text).toContain(`- Pioche : ${view.deckSize} cartes`);
    expect(turn.html).toContain('<li>Ann : 0 km, Feu vert</li>');
    // Up to four moves.
    const links = moveLinks(turn);
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(links.length).toBeLessThanOrEqual(4);
    const roll = links.find((l) => l.label === 'Feu vert sur votre zone')!;
    expect(roll).toBeDefined();
    // The table is linked once, by the mail's button ("Jouer votre tour"), not again after the moves.
    expect(turn.text).not.toContain('Ouvrir la table');
    expect(turn.text).toMatch(/Jouer votre tour: https:\/\/mb\.test\/m\/[^#\s]+#seat=/);
    expect(turn.text.match(/https:\/\/mb\.test\/m\/[^#\s]+#seat=/g)).toHaveLength(1);
    for (const l of links) expect(turn.html).toContain(`href="${l.url}"`);
    // Small: far from the 102 KB at which a web mail client clips a mail (about 4 KB and 2 KB here).
    expect(new TextEncoder().encode(turn.html).length).toBeLessThan(8_000);
    expect(new TextEncoder().encode(turn.text).length).toBeLessThan(4_000);
    // Nothing of Ann's hand: her Stop (Feu rouge) is in her hand, not on the table.
    if (!view.hand.includes('stop')) expect(turn.text).not.toContain('Feu rouge');

    // Bob plays his Roll from the mail.
    const page = await open(roll.url);
    expect(page.status).toBe(200);
    const token = /name="page" value="([^"]+)"/.exec(page.text)![1];
    const done = await post(roll.url, token);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Joué : Feu vert sur votre zone.');
    expect(done.text).toContain('À Ann de jouer.');
    const after = (await info(h.m, h.m.seats[1])).view!;
    expect(after.tableaux[1].battleTop).toBe('roll');
    // The other links died with the version.
    expect((await open(links.find((l) => l !== roll)!.url)).status).toBe(409);
  });

  it('leaves the hand and the moves out for a seat that turned them off, and says so in its settings', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    expect((await info(h.m, h.m.seats[1])).settings!.mailHand).toBe(true);
    const off = await api(`/api/matches/${h.m.id}/settings`, {
      token: h.m.seats[1],
      body: { mailHand: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.settings.mailHand).toBe(false);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    const turn = h.sender.to(bob).at(-1)!;
    expect(turn.subject).toBe("Mille Bornes : c'est à vous de jouer");
    expect(turn.text).not.toContain('Votre main');
    expect(turn.text).not.toContain('/turn/');
    expect(turn.html).not.toContain('/turn/');
  });

  it('offers no position and no move link in the mail between hands (the table starts the next one)', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }, { rules: { preset: 'classic', options: { goal: 100 } } }));
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    expect((await info(h.m)).view!.phase).toBe('handOver');
    await h.fire(t0 + 3 * MIN);
    const mail = h.sender.to(bob).find((m) => m.subject.includes('manche 1'))!;
    expect(mail.text).not.toContain('Où en est la partie');
    expect(mail.text).not.toContain('/turn/');
  });

  it('shows the position and the moves again in a reminder, whose link plays; not with the hand turned off', async () => {
    for (const mailHand of [true, false]) {
      const { ann, bob } = addresses();
      const h = await mailMatch(duo({ ann, bob }, { turnDeadlineHours: 72 }));
      const t0 = h.clock.now;
      await h.fire(t0);
      if (!mailHand) {
        const off = await api(`/api/matches/${h.m.id}/settings`, { token: h.m.seats[1], body: { mailHand } });
        expect(off.status).toBe(200);
      }
      expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
      await h.fire(t0 + 3 * MIN);
      const turn = h.sender.to(bob).at(-1)!;
      // A day into the turn (72 h long) the 24 h reminder goes.
      await h.fire(t0 + 24 * 60 * MIN + MIN);
      const reminder = h.sender.to(bob).at(-1)!;
      expect(reminder.subject).toMatch(/^Mille Bornes : votre tour vous attend/);
      expect(reminder).not.toBe(turn);
      if (!mailHand) {
        expect(reminder.text).not.toContain('Votre main');
        expect(reminder.text).not.toContain('/turn/');
        continue;
      }
      const view = (await info(h.m, h.m.seats[1])).view!;
      const fr = catalogFor('fr');
      expect(reminder.text).toContain('Où en est la partie :');
      expect(reminder.text).toContain(
        `- Votre main : ${view.hand.map((c) => cardName(fr.cards, c)).join(', ')}\n`,
      );
      // The same turn, the same version: the same links as the turn mail.
      const links = moveLinks(reminder);
      expect(links.map((l) => l.url)).toEqual(moveLinks(turn).map((l) => l.url));
      // The position and the moves, then the one button to the table.
      expect(reminder.text.indexOf('Où en est la partie')).toBeLessThan(reminder.text.indexOf('#seat='));
      expect(reminder.text.match(/https:\/\/mb\.test\/m\/[^#\s]+#seat=/g)).toHaveLength(1);
      const roll = links.find((l) => l.label === 'Feu vert sur votre zone')!;
      const page = await open(roll.url);
      expect(page.status).toBe(200);
      const token = /name="page" value="([^"]+)"/.exec(page.text)![1];
      expect((await post(roll.url, token)).status).toBe(200);
      expect((await info(h.m, h.m.seats[1])).view!.tableaux[1].battleTop).toBe('roll');
    }
  });

  it('writes no row to mint a mail’s move links', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    const first = h.sender.to(bob).at(-1)!;
    expect(moveLinks(first).length).toBeGreaterThan(0);
    // Composing the same mail again (a retry) mints the same links and writes nothing for them.
    const before = await rowsWritten(h.m.id);
    const again = await runInDurableObject(stubOf(h.m), (instance) =>
      mailPlay((instance as unknown as { match: MatchContext }).match, 1, 'https://mb.test'),
    );
    expect(await rowsWritten(h.m.id)).toBe(before);
    expect(again!.moves.map((m) => m.url)).toEqual(moveLinks(first).map((l) => l.url));
  });

  it('offers the coup fourré and letting it go in a response window’s mail', async () => {
    const { ann, bob } = addresses();
    const over = {
      testStack: {
        seed: 'mail',
        position: {
          hands: {
            0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
            1: ['roll', 'right_of_way', 'd50', 'd75', 'd100', 'accident'],
          },
        },
      },
    };
    const { h, stop } = await stopOnAskSeat({ ann, bob }, over);
    expect(stop.status).toBe(200);
    // Nobody looks at the match: the window's mail goes at once.
    await h.settled();
    const mail = h.sender.to(bob).at(-1)!;
    expect(mail.subject).toBe('Mille Bornes : Ann vous a joué Feu rouge, répondre ?');
    const labels = moveLinks(mail).map((l) => l.label);
    expect(labels).toEqual(['Jouer Véhicule prioritaire en coup fourré', 'Laisser passer']);
  });
});

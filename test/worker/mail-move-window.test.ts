/**
 * Move links from the mails themselves (issue 34, review): a response window's links die with the
 * window (answered, or its deadline passed a day ago) and never play after; a turn mail and its
 * confirmation page speak the reader's language only (no English words in FR, DE, SV, NB); a
 * player's name full of HTML stays text in the mail and on the page.
 */
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../worker/notify/types';
import { moveWordsFor } from '../../worker/words/moves';
import { info, move } from './helpers';
import { addresses, duo, MIN, mailMatch, stopOnAskSeat } from './mail-helpers';
import { fetchPage, pageTokenIn, postFrom, versionOf } from './move-link-helpers';

/** The move links of a mail's text (each a line of its own after its label). */
function moveLinks(mail: OutgoingMail): Array<{ label: string; url: string }> {
  return [...mail.text.matchAll(/^(.+):\n(https:\/\/mb\.test\/turn\/\S+)$/gm)].map((m) => ({
    label: m[1],
    url: m[2],
  }));
}

const DAY = 86_400_000;

/** The match of `body` (a duo) once Ann rolled: Bob's turn mail, sent to `bob`. */
async function bobsTurnMail(body: Record<string, unknown>, bob: string): Promise<OutgoingMail> {
  const h = await mailMatch(body);
  const t0 = h.clock.now;
  await h.fire(t0);
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
  await h.fire(t0 + 3 * MIN);
  return h.sender.to(bob).at(-1)!;
}

/** The fixed parts (5 letters or more) of the English move words that `language`'s words do not share. */
function englishOnly(language: string): string[] {
  const own = Object.values(moveWordsFor(language)).join('\n');
  return Object.values(moveWordsFor('en'))
    .flatMap((w) => w.split(/\{[^}]*\}/))
    .map((w) => w.trim())
    .filter((w) => w.length >= 5 && !own.includes(w));
}

describe('move links from the mails', () => {
  it('a response window’s links die with the window: past its deadline, and once answered', async () => {
    const { ann, bob } = addresses();
    const over = {
      responseWindowMinutes: 30,
      testStack: {
        seed: 'window-links',
        position: {
          hands: {
            0: ['roll', 'd25', 'd100', 'd50', 'd75', 'stop'],
            1: ['roll', 'd200', 'right_of_way', 'd50', 'd75', 'd25'],
          },
        },
      },
    };
    const { h, stop } = await stopOnAskSeat({ ann, bob }, over);
    expect(stop.status).toBe(200);
    await h.settled();
    const [coup, letGo] = moveLinks(h.sender.to(bob).at(-1)!);
    expect(coup.label).toContain('coup fourré');
    const coupPage = await fetchPage(coup.url);
    expect(coupPage.status).toBe(200);
    const v0 = await versionOf(h.m);
    // A day later, the window's timeout not yet run: both links are stale and play nothing.
    await h.setClock(h.clock.now + DAY);
    expect((await fetchPage(coup.url)).status).toBe(409);
    expect((await postFrom(coup.url, pageTokenIn(coupPage.text))).status).toBe(409);
    expect(await versionOf(h.m)).toBe(v0);
    // Back inside the window: "let it go" from the mail plays; the coup fourré's link is dead after.
    await h.setClock(h.clock.now - DAY);
    const letPage = await fetchPage(letGo.url);
    expect((await postFrom(letGo.url, pageTokenIn(letPage.text))).status).toBe(200);
    const v1 = await versionOf(h.m);
    expect(v1).toBeGreaterThan(v0);
    expect((await postFrom(coup.url, pageTokenIn(coupPage.text))).status).toBe(409);
    expect(await versionOf(h.m)).toBe(v1);
  });

  for (const language of ['fr', 'de', 'sv', 'nb']) {
    it(`a turn mail and its page in ${language} hold no English move words`, async () => {
      const { ann, bob } = addresses();
      const body = duo({ ann, bob });
      (body.seats as Array<Record<string, unknown>>)[1].language = language;
      const mail = await bobsTurnMail(body, bob);
      const links = moveLinks(mail);
      expect(links.length).toBeGreaterThan(0);
      // The page, opened with an English browser, speaks the seat's language.
      const page = await fetchPage(links[0].url);
      expect(page.text).toContain(`lang="${language}`);
      const played = await postFrom(links[0].url, pageTokenIn(page.text));
      expect(played.status).toBe(200);
      for (const text of [mail.text, mail.html, page.text, played.text])
        for (const english of englishOnly(language)) expect(text).not.toContain(english);
    });
  }

  it('keeps a player’s name full of HTML as text in the mail and on the page', async () => {
    const evil = `<img src=x onerror=alert(1)>"Ann'&`;
    const { ann, bob } = addresses();
    const body = duo({ ann, bob });
    (body.seats as Array<Record<string, unknown>>)[0].name = evil;
    const mail = await bobsTurnMail(body, bob);
    expect(mail.html).not.toContain('<img');
    const links = moveLinks(mail);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const page = await fetchPage(link.url);
      expect(page.text).not.toContain('<img');
      expect(page.text).toContain('&lt;img');
    }
  });

  it('after a draw from the mail, the page offers the rest of the turn as links, played the same way', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(
      duo({ ann, bob }, { rules: { preset: 'classic', options: { drawFromDiscard: true } } }),
    );
    await h.fire(h.clock.now);
    // Ann discards: Bob's turn starts with a choice of pile, so his mail offers the draws first.
    expect((await move(h.m, h.m.seats[0]!, { type: 'discard', card: 'd25' })).status).toBe(200);
    await h.fire(h.clock.now + 3 * MIN);
    const [draw] = moveLinks(h.sender.to(bob).at(-1)!);
    expect(draw.label).toBe('Piocher une carte');
    const drawn = await postFrom(draw.url, pageTokenIn((await fetchPage(draw.url)).text));
    expect(drawn.text).toContain('À vous de jouer encore.');
    const next = [
      ...drawn.text.matchAll(/<li><a href="(https:\/\/mb\.test\/turn\/[^"]+)">([^<]+)<\/a><\/li>/g),
    ];
    expect(next.length).toBeGreaterThan(0);
    expect(next.length).toBeLessThanOrEqual(4);
    const url = next[0][1].replaceAll('&amp;', '&');
    const page = await fetchPage(url);
    expect(page.status).toBe(200);
    const played = await postFrom(url, pageTokenIn(page.text));
    expect(played.status).toBe(200);
    expect(played.text).toContain('À Ann de jouer.');
    expect(played.text).not.toMatch(/href="https:\/\/mb\.test\/turn\//);
    // Ann plays: Bob's turn again. His old draw link, seen again, opens no door to this new turn.
    for (let view = (await info(h.m, h.m.seats[0]!)).view!; view.turn === 0; ) {
      // Ann draws, then discards (her first legal move each time).
      const next = view.legalMoves.find((x) => x.type === 'draw' || x.type === 'discard')!;
      expect((await move(h.m, h.m.seats[0]!, next)).status).toBe(200);
      view = (await info(h.m, h.m.seats[0]!)).view!;
    }
    const reopened = await fetchPage(draw.url);
    expect(reopened.text).toContain('Joué : Piocher une carte.');
    expect(reopened.text).not.toMatch(/href="https:\/\/mb\.test\/turn\//);
  });
});

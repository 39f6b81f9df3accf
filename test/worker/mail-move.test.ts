/**
 * Mailed move links (issue 34 item 3): opening a link (GET, HEAD, many at once, as a mail scanner
 * would) changes nothing; its page's button plays the move once, for the link's seat only; the link
 * dies with the version, the seat's credentials and the turn's deadline; a cross-origin post or a
 * wrong page token is refused; a wrong or forged link gets the stale link's answer; the page is
 * never cached and sends no referrer.
 */
import { describe, expect, it } from 'vitest';
import { api, logRows, ORIGIN, pinClock } from './helpers';
import {
  allLinks,
  annAndBob,
  discardLink,
  fetchPage,
  linkFor,
  pageTokenIn,
  postFrom,
  versionOf,
} from './move-link-helpers';

describe('move links', () => {
  it('open with GET and HEAD, many at once, and change nothing; the page is small, uncached, without referrer', async () => {
    const m = await annAndBob();
    const links = await allLinks(m, 0);
    expect(links.length).toBeGreaterThan(0);
    const before = { version: await versionOf(m), rows: await logRows(m) };
    // A scanner opens every link, twice, and asks HEAD too, all at once.
    const opened = await Promise.all(
      [...links, ...links].flatMap((l) => [fetchPage(l.url), fetchPage(l.url, { method: 'HEAD' })]),
    );
    for (const page of opened) {
      expect(page.status).toBe(200);
      expect(page.headers.get('Cache-Control')).toBe('no-store');
      expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
    }
    const get = opened[0];
    expect(get.text).toContain('Play this move?');
    expect(get.text).toMatch(
      /<strong>([^<]+ on your area|[^<]+ against Bob|Discard [^<]+|Play [^<]+)<\/strong>/,
    );
    expect(get.text).toContain('Your hand: ');
    expect(get.text).toContain('<form method="post">');
    expect(get.text).not.toContain('<script');
    expect(new TextEncoder().encode(get.text).length).toBeLessThan(15_000);
    expect({ version: await versionOf(m), rows: await logRows(m) }).toEqual(before);
  });

  it('plays once from its page, then shows the result; a second post replays; the version kills the other links', async () => {
    const m = await annAndBob();
    const links = await allLinks(m, 0);
    const discard = links.find((l) => l.move.type === 'discard')!;
    const other = links.find((l) => l !== discard)!;
    const v0 = await versionOf(m);
    const page = await fetchPage(discard.url);
    const token = pageTokenIn(page.text);
    const played = await postFrom(discard.url, token);
    expect(played.status).toBe(200);
    expect(played.text).toMatch(/Played: Discard [^<]+\./);
    expect(played.text).toContain('Bob to play.');
    expect(played.text).toContain('Open the table');
    const v1 = await versionOf(m);
    expect(v1).toBeGreaterThan(v0);
    // The same post again (a double tap): the same answer, nothing more played.
    const again = await postFrom(discard.url, token);
    expect(again.status).toBe(200);
    expect(again.text).toMatch(/Played: Discard [^<]+\./);
    expect(await versionOf(m)).toBe(v1);
    // Opening it now shows what it did, and offers no button.
    const reopened = await fetchPage(discard.url);
    expect(reopened.text).toMatch(/Played: Discard [^<]+\./);
    expect(reopened.text).not.toContain('<form');
    // Every other link of that version is stale now, and its post plays nothing.
    const stale = await fetchPage(other.url);
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('no longer plays a move');
    expect((await postFrom(other.url, pageTokenIn(page.text))).status).toBe(409);
    expect(await versionOf(m)).toBe(v1);
    // Bob answers from his own link, in his language: Ann plays next.
    const bob = await discardLink(m, 1);
    const bobPage = await fetchPage(bob.url);
    expect(bobPage.text).toContain('lang="fr');
    const bobPlayed = await postFrom(bob.url, pageTokenIn(bobPage.text));
    expect(bobPlayed.text).toContain('À Ann de jouer.');
  });

  it('never plays for another seat; a wrong or forged link gets the stale answer', async () => {
    const m = await annAndBob();
    const draw = await discardLink(m, 0);
    const staleAnswer = async (url: string) => {
      const r = await fetchPage(url);
      return { status: r.status, text: r.text };
    };
    // The same secret for Bob's seat, another move, another version, a forged secret, another match.
    const path = new URL(draw.url).pathname;
    const [, , id, last] = path.split('/');
    const [seat, version, code, secret] = last.split('.');
    const forged = secret.slice(0, -2) + (secret.endsWith('AA') ? 'BB' : 'AA');
    const variants = [
      `${ORIGIN}/turn/${id}/1.${version}.${code}.${secret}`,
      `${ORIGIN}/turn/${id}/${seat}.${Number(version) + 1}.${code}.${secret}`,
      `${ORIGIN}/turn/${id}/${seat}.${version}.${code}.${forged}`,
      `${ORIGIN}/turn/${id}/${seat}.${version}.${code}`,
    ];
    // A link of a version gone: the reference answer.
    const used = await postFrom(draw.url, pageTokenIn((await fetchPage(draw.url)).text));
    expect(used.status).toBe(200);
    const reference = await staleAnswer(draw.url.replace(/\/0\.(\d+)\./, (_, v) => `/0.${Number(v) - 1}.`));
    expect(reference.status).toBe(409);
    for (const url of variants) expect(await staleAnswer(url)).toEqual(reference);
    // Ann's link while Bob plays: no longer a legal move of hers, stale too.
    const anns = await linkFor(m, 0, draw.move);
    expect(await staleAnswer(anns)).toEqual(reference);
    const v = await versionOf(m);
    for (const url of variants) expect((await postFrom(url, 'x'.repeat(43))).status).toBe(409);
    expect(await versionOf(m)).toBe(v);
  });

  it('refuses a post from another origin or without the page token', async () => {
    const m = await annAndBob();
    const draw = await discardLink(m, 0);
    const token = pageTokenIn((await fetchPage(draw.url)).text);
    const v0 = await versionOf(m);
    for (const headers of <Array<Record<string, string>>>[
      { Origin: 'https://evil.test' },
      { Origin: 'https://evil.test', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: '', 'Sec-Fetch-Site': '' },
      // Review of issue 34: every other form a browser or a script sends.
      { Origin: 'null', 'Sec-Fetch-Site': '' },
      { Origin: 'null', 'Sec-Fetch-Site': 'none' },
      { Origin: 'null', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://mb.test.evil.test', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: 'http://mb.test', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: 'https://mb.test:8443', 'Sec-Fetch-Site': '' },
      { Origin: 'https://mb.test, https://evil.test', 'Sec-Fetch-Site': '' },
    ]) {
      const r = await postFrom(draw.url, token, headers);
      expect(r.status).toBe(403);
      expect(r.text).toContain('the form must be sent from this page');
    }
    const wrong = await postFrom(draw.url, 'x'.repeat(43));
    expect(wrong.status).toBe(403);
    // A scanner that follows the form without its token (no Origin header at all).
    const bare = await fetchPage(draw.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(bare.status).toBe(403);
    expect(await versionOf(m)).toBe(v0);
    // From the site's own origin it plays.
    const ok = await postFrom(draw.url, token, { Origin: ORIGIN, 'Sec-Fetch-Site': '' });
    expect(ok.status).toBe(200);
    expect(await versionOf(m)).toBeGreaterThan(v0);
  });

  it('dies when the seat’s address changes and when the turn’s deadline has passed', async () => {
    const m = await annAndBob({ turnDeadlineHours: 1 });
    const draw = await discardLink(m, 0);
    expect((await fetchPage(draw.url)).status).toBe(200);
    // Past the deadline (the timeout not yet run): stale.
    await pinClock(m, Date.now() + 2 * 3_600_000);
    expect((await fetchPage(draw.url)).status).toBe(409);
    await pinClock(m, null);
    expect((await fetchPage(draw.url)).status).toBe(200);
    // A new address for Ann: her credentials changed.
    const set = await api(`/api/matches/${m.id}/settings`, {
      token: m.seats[0],
      body: { email: 'ann.moved@example.com' },
    });
    expect(set.status).toBe(200);
    expect((await fetchPage(draw.url)).status).toBe(409);
    const fresh = await linkFor(m, 0, draw.move);
    expect(fresh).not.toBe(draw.url);
    expect((await fetchPage(fresh)).status).toBe(200);
  });

  it('answers a link to an unknown match as a stale one, in the reader’s language', async () => {
    const unknown = await fetchPage(`${ORIGIN}/turn/AAAAAAAAAAAAAAAAAAAAAA/0.1.abc.${'A'.repeat(43)}`, {
      headers: { 'Accept-Language': 'fr' },
    });
    expect(unknown.status).toBe(409);
    expect(unknown.text).toContain('Ce lien ne joue plus de coup');
    const bad = await fetchPage(`${ORIGIN}/turn/not-an-id/zzz`, { headers: { 'Accept-Language': 'de' } });
    expect(bad.status).toBe(409);
    expect(bad.text).toContain('Dieser Link spielt keinen Zug mehr');
  });
});

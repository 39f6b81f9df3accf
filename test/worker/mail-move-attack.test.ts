/**
 * Move links under attack (issue 34, review): every method but the form's POST, malformed and
 * tampered paths, huge bodies, page tokens of other links, cross-origin posts, and links whose seat
 * changed hands (a bot, a leave, the host deleting the match, the hand in mails turned off): each
 * answer is a clean page or a JSON error (never a 500, never a stack trace), carries no seat token,
 * and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../worker/tokens';
import { api, logRows, ORIGIN, stubOf } from './helpers';
import {
  allLinks,
  annAndBob,
  created,
  discardLink,
  fetchPage,
  linkFor,
  pageTokenIn,
  postFrom,
  versionOf,
} from './move-link-helpers';

/** What must hold of any answer to a bad request: no server error, no stack, no seat credential. */
function clean(r: { status: number; text: string; headers?: Headers }, what: string): void {
  if (r.headers) {
    expect(r.headers.get('Cache-Control'), what).toBe('no-store');
    expect(r.headers.get('Referrer-Policy'), what).toBe('no-referrer');
  }
  expect(r.status, what).toBeGreaterThanOrEqual(200);
  expect(r.status, what).toBeLessThan(500);
  expect(r.text, what).not.toMatch(/\bat [\w.]+ \(|Error:|internal/);
  expect(r.text, what).not.toContain('#seat=');
}

/** The four dot-separated parts of a link's last segment, and its match id. */
function partsOf(url: string) {
  const [, , id, last] = new URL(url).pathname.split('/');
  const [seat, version, code, secret] = last.split('.');
  return { id, seat, version, code, secret };
}

describe('move links under attack', () => {
  it('plays nothing for any method but the form’s POST, nor for a method override', async () => {
    const m = await annAndBob();
    const link = await discardLink(m, 0);
    const token = pageTokenIn((await fetchPage(link.url)).text);
    const before = { version: await versionOf(m), rows: await logRows(m) };
    for (const method of ['OPTIONS', 'PUT', 'DELETE', 'PATCH']) {
      const r = await fetchPage(link.url, {
        method,
        body: method === 'OPTIONS' ? undefined : `page=${token}`,
      });
      clean(r, method);
      expect(r.status, method).not.toBe(200);
    }
    // A GET that claims to be a POST, by header or by field.
    for (const headers of <Array<Record<string, string>>>[
      { 'X-HTTP-Method-Override': 'POST' },
      { 'X-HTTP-Method': 'POST' },
    ]) {
      const r = await fetchPage(`${link.url}?_method=POST&page=${token}`, { headers });
      clean(r, JSON.stringify(headers));
      expect(r.text).toContain('<form method="post">');
    }
    expect({ version: await versionOf(m), rows: await logRows(m) }).toEqual(before);
  });

  it('answers malformed and tampered paths with a clean page, never a 500, changing nothing', async () => {
    const m = await annAndBob();
    const link = await discardLink(m, 0);
    const { id, seat, version, code, secret } = partsOf(link.url);
    const before = { version: await versionOf(m), rows: await logRows(m) };
    const paths = [
      `/turn/${id}/${seat}.${version}.%ZZ.${secret}`,
      `/turn/${id}/${seat}.${version}.${code}.${secret}%`,
      `/turn/${id}/${seat}.${version}.${code}.${secret.slice(0, -1)}=`,
      `/turn/${id}/${seat}.${version}.${'A'.repeat(401)}.${secret}`,
      `/turn/${id}/${seat}.${version}.${'A'.repeat(5000)}.${secret}`,
      `/turn/${id}/${seat}.${version}.!!!!.${secret}`,
      `/turn/${id}/${seat}.${version}.eyJ0eXBlIjoiZGlzY2FyZCJ9.${secret}`,
      `/turn/${id}/${seat}.${version}.${code}.${secret}.x`,
      `/turn/${id}/${seat}.${version}.${code}.${secret}/`,
      `/turn/${id}/${seat}.${version}.${code}.${secret}/x`,
      `/turn/${id}/-1.${version}.${code}.${secret}`,
      `/turn/${id}/9.${version}.${code}.${secret}`,
      `/turn/${id}/99999999999.${version}.${code}.${secret}`,
      `/turn/${id}/${seat}.-1.${code}.${secret}`,
      `/turn/${id}/${seat}.99999999999999999999.${code}.${secret}`,
      `/turn/${id}/${seat}.1e3.${code}.${secret}`,
      `/turn/${id}/${seat}.${version}.${code}.${encodeURIComponent('ééé')}${secret.slice(3)}`,
      `/turn/${id}/${encodeURIComponent('٠')}.${version}.${code}.${secret}`,
      `/turn/${id}/..`,
      `/turn/${id}/%2e%2e%2f%2e%2e%2fapi`,
      `/turn//${seat}.${version}.${code}.${secret}`,
      `/turn/${id}//${seat}.${version}.${code}.${secret}`,
      `/turn/${id}`,
      '/turn/',
      '/turn',
      `/turn/${id.toLowerCase()}/${seat}.${version}.${code}.${secret}`,
      `/TURN/${id}/${seat}.${version}.${code}.${secret}`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const r = await fetchPage(`${ORIGIN}${path}`, {
          method,
          ...(method === 'POST'
            ? {
                headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
                body: 'page=x',
              }
            : {}),
        });
        clean(r, `${method} ${path}`);
        expect(r.status, `${method} ${path}`).not.toBe(200);
      }
    }
    expect({ version: await versionOf(m), rows: await logRows(m) }).toEqual(before);
    // The link itself still works.
    expect((await fetchPage(link.url)).status).toBe(200);
  });

  it('refuses a huge body, and a post carrying another link’s page token', async () => {
    const m = await annAndBob();
    const links = await allLinks(m, 0);
    const [a, b] = links;
    const tokenA = pageTokenIn((await fetchPage(a.url)).text);
    const v0 = await versionOf(m);
    const huge = await postFrom(b.url, `${tokenA}&pad=${'x'.repeat(2_000_000)}`);
    clean(huge, 'huge');
    expect(huge.status).toBeGreaterThanOrEqual(400);
    // Link b posted with a's page token; a's token on a link of the same move for another version or seat.
    expect((await postFrom(b.url, tokenA)).status).toBe(403);
    const { id, version, code, secret } = partsOf(a.url);
    const bobs = `${ORIGIN}/turn/${id}/1.${version}.${code}.${secret}`;
    expect((await postFrom(bobs, tokenA)).status).toBe(409);
    // The token of a link in another match, on this one.
    const other = await annAndBob();
    const otherLink = await discardLink(other, 0);
    const otherToken = pageTokenIn((await fetchPage(otherLink.url)).text);
    expect((await postFrom(b.url, otherToken)).status).toBe(403);
    expect(await versionOf(m)).toBe(v0);
  });

  it('dies when a bot plays the seat, when its player left, when the match is deleted', async () => {
    // Three humans, so the host can give a seat away and a player can leave.
    for (const step of ['bot', 'leave', 'delete'] as const) {
      const m = await created({
        seats: [
          { kind: 'human', name: 'Ann', language: 'en' },
          { kind: 'human', name: 'Bob', language: 'fr' },
          { kind: 'human', name: 'Cy', language: 'de' },
        ],
        firstSeat: 0,
        testStack: {
          seed: `attack-${step}`,
          position: {
            hands: {
              0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
              1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
              2: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
            },
          },
        },
      });
      const link = await discardLink(m, 0);
      expect((await fetchPage(link.url)).status).toBe(200);
      const token = pageTokenIn((await fetchPage(link.url)).text);
      const r =
        step === 'bot'
          ? await api(`/api/matches/${m.id}/seats/0/bot`, { token: m.host, body: {} })
          : step === 'leave'
            ? await api(`/api/matches/${m.id}/leave`, { token: m.seats[0], body: {} })
            : await api(`/api/matches/${m.id}`, { method: 'DELETE', token: m.host });
      expect(r.status, `${step}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
      const opened = await fetchPage(link.url);
      clean(opened, step);
      expect(opened.status, step).toBe(409);
      const posted = await postFrom(link.url, token);
      expect(posted.status, step).toBe(409);
      expect(posted.text).not.toContain('#seat=');
    }
  });

  it('dies when the seat turns the hand in mails off, and shows no hand to a shared mailbox after', async () => {
    const m = await annAndBob();
    const link = await discardLink(m, 0);
    const token = pageTokenIn((await fetchPage(link.url)).text);
    const set = await api(`/api/matches/${m.id}/settings`, { token: m.seats[0], body: { mailHand: false } });
    expect(set.status).toBe(200);
    const opened = await fetchPage(link.url);
    expect(opened.status).toBe(409);
    expect(opened.text).not.toContain('Your hand');
    expect((await postFrom(link.url, token)).status).toBe(409);
    // On again: a used link no longer shows the hand either once it is off.
    await api(`/api/matches/${m.id}/settings`, { token: m.seats[0], body: { mailHand: true } });
    const played = await postFrom(link.url, token);
    expect(played.status).toBe(200);
    await api(`/api/matches/${m.id}/settings`, { token: m.seats[0], body: { mailHand: false } });
    const later = await fetchPage(link.url);
    expect(later.text).not.toContain('Your hand');
    expect(later.text).not.toContain('#seat=');
  });

  it('escapes player names on the page', async () => {
    const evil = `<script>alert(1)</script>"Bob'&`;
    const m = await created({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann', language: 'en' },
        { kind: 'human', name: evil, language: 'en' },
      ],
      firstSeat: 0,
      testStack: {
        seed: 'attack-names',
        position: {
          hands: {
            0: ['stop', 'd100', 'd100', 'd50', 'd25', 'roll'],
            1: ['roll', 'd25', 'd50', 'd75', 'd100', 'd200'],
          },
        },
      },
    });
    const view = (await api(`/api/matches/${m.id}`, { token: m.seats[0] })).body.view;
    const stop = view.legalMoves.find((mv: { type: string; card?: string }) => mv.card === 'stop');
    const url = await linkFor(m, 0, stop ?? view.legalMoves[0]);
    for (const page of [
      await fetchPage(url),
      await postFrom(url, pageTokenIn((await fetchPage(url)).text)),
    ]) {
      expect(page.text).not.toContain('<script');
      expect(page.text).not.toContain(evil);
    }
  });

  it('words a discard draw with the card it took, also when its page is seen again later', async () => {
    const m = await created({
      rules: { preset: 'classic', options: { drawFromDiscard: true } },
      seats: [
        { kind: 'human', name: 'Ann', language: 'en' },
        { kind: 'human', name: 'Bob', language: 'en' },
      ],
      firstSeat: 0,
      testStack: {
        seed: 'attack-discard',
        position: {
          hands: {
            0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
            1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
          },
          discard: ['d200', 'd75'],
          phase: 'draw',
        },
      },
    });
    const take = (await allLinks(m, 0)).find((l) => l.move.type === 'draw' && l.move.from === 'discard');
    expect(take).toBeDefined();
    const page = await fetchPage(take!.url);
    expect(page.text).toContain('Take 75 km from the discard pile');
    const token = pageTokenIn(page.text);
    for (const r of [
      await postFrom(take!.url, token),
      await postFrom(take!.url, token),
      await fetchPage(take!.url),
    ])
      expect(r.text).toContain('Played: Take 75 km from the discard pile.');
  });

  it('never echoes a tampered match id into the table link of a refused or stale page', async () => {
    for (const id of ['..%2F..%2Fevil.test', '%2F%2Fevil.test', 'x%22%3E%3Cb%3E']) {
      const url = `${ORIGIN}/turn/${id}/0.1.abc.${'A'.repeat(43)}`;
      for (const r of [
        await postFrom(url, 'x', { Origin: 'https://evil.test' }),
        await postFrom(url, 'x'),
        await fetchPage(url),
      ]) {
        clean(r, id);
        const href = /<a href="([^"]*)">Open the table/.exec(r.text)?.[1];
        expect(href, id).toBe(`${ORIGIN}/m/`);
      }
    }
  });

  it('plays one move when several links of a version are posted at once (double taps included)', async () => {
    const m = await annAndBob();
    const links = (await allLinks(m, 0)).slice(0, 4);
    expect(links.length).toBeGreaterThan(1);
    const tokens = await Promise.all(links.map(async (l) => pageTokenIn((await fetchPage(l.url)).text)));
    const rows = await logRows(m);
    const posts = await Promise.all(
      [...links, ...links].map((l, i) => postFrom(l.url, tokens[i % links.length])),
    );
    const won = posts.filter((r) => r.status === 200);
    for (const r of posts) clean(r, 'concurrent');
    // One link played (its double tap shows the same result); every other one is stale.
    expect(new Set(won.map((r) => r.text.match(/Played: [^<]+/)?.[0])).size).toBe(1);
    expect(won.length).toBeLessThanOrEqual(2);
    expect(posts.filter((r) => r.status === 409).length).toBe(posts.length - won.length);
    expect(await logRows(m)).toBe(rows + 1);
  });

  it('says the server is at its daily limit (503, nothing changed) rather than calling a good link dead', async () => {
    const faults = (body: Record<string, unknown>) => api('/dev/faults', { body });
    const m = await annAndBob();
    const link = await discardLink(m, 0);
    const token = pageTokenIn((await fetchPage(link.url)).text);
    const v0 = await versionOf(m);
    for (const fault of [{ writes: 'daily_limit', afterWrites: 0 }, { calls: 'daily_limit' }]) {
      await faults(fault);
      const answers = [await fetchPage(link.url), await postFrom(link.url, token)];
      await faults({ writes: null, calls: null });
      for (const r of answers) {
        if (r.status === 200) continue; // a read the fault does not touch
        clean({ ...r, status: 400 }, JSON.stringify(fault)); // all but the status
        expect(r.status, `${JSON.stringify(fault)}: ${r.text.slice(0, 200)}`).toBe(503);
        expect(JSON.parse(r.text).error.code).toBe('server.daily_limit');
      }
      expect(await versionOf(m)).toBe(v0);
    }
    // The link still plays once the limit is behind.
    expect((await postFrom(link.url, token)).status).toBe(200);
  });

  it('dies when the seat’s own link is replaced (a league owner’s new link for the member)', async () => {
    const m = await annAndBob();
    const link = await discardLink(m, 0);
    const token = pageTokenIn((await fetchPage(link.url)).text);
    const stub = stubOf(m) as unknown as { relinkSeat(o: string, n: string): Promise<{ status: number }> };
    const relinked = await stub.relinkSeat(await hashToken(m.seats[0]!), await hashToken('a-new-seat-token'));
    expect(relinked.status).toBe(200);
    const v0 = await versionOf(m);
    expect((await fetchPage(link.url)).status).toBe(409);
    expect((await postFrom(link.url, token)).status).toBe(409);
    expect(await versionOf(m)).toBe(v0);
  });
});

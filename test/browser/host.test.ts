/**
 * End-to-end in Debian chromium against the real Worker (`wrangler dev`), for the match page's links
 * and the host's controls:
 * 1. a broken or foreign seat link never replaces the seat token saved on the device, says so, and a
 *    link pasted into an open tab switches to it (and leaves the address bar);
 * 2. the host panel: let the computer play a seat (the player takes it back), a server refusal shown
 *    in words, delete the match after a confirmation (every open page then says so and stops);
 * 3. unknown and malformed match ids: "does not exist", no polling, no WebSocket;
 * 4. "Lost your links?" reaches the server's my-matches route;
 * 5. long names and titles at 360 px: the create form with every rule shown, the lobby and the table
 *    never get wider than the screen;
 * 6. damaged seat links (an emoji, a wrapped line) are refused without a request; a link whose check
 *    failed for the network is checked again after a reload; a spectator's visit is not saved;
 * 7. a fifth tab of one seat (the server allows four sockets) polls and says so, instead of
 *    reconnecting its WebSocket every second.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { e2eHooks, waitText, watchPage } from './browser';

const h = e2eHooks();

/** A new device: its own browser context (own storage), English. */
async function device(label: string, width = 1280): Promise<BrowserContext> {
  const context = await h.browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US' });
  context.on('page', (page) => watch(label, page));
  return context;
}

function watch(label: string, page: Page): Page {
  return watchPage(h, label, page);
}

/** Creates a match through the API (no h.browser), e.g. two human seats that start at once. */
async function create(body: Record<string, unknown>): Promise<Created> {
  const res = await fetch(`${h.server.url}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

/** The match this device keeps in localStorage (lib/storage.ts). */
function saved(page: Page, matchId: string) {
  return page.evaluate((id) => {
    const list = JSON.parse(localStorage.getItem('mb.matches') ?? '[]') as Array<Record<string, unknown>>;
    return list.find((m) => m.matchId === id) as
      | { seat: number | null; seatToken?: string; hostToken?: string; seatTokens?: Record<string, string> }
      | undefined;
  }, matchId);
}

const tokenOf = (url: string | null | undefined, key: string) =>
  new URLSearchParams(new URL(url ?? '', 'http://x').hash.slice(1)).get(key) ?? '';
const hashOf = (page: Page) => page.evaluate(() => location.hash);
const twoPlayers = (title: string) => ({
  title,
  rules: 'classic',
  seats: [
    { kind: 'human', name: 'Ann' },
    { kind: 'human', name: 'Bob' },
  ],
});

describe('seat links', () => {
  it('a broken link never replaces the saved seat token; a pasted link of the same match switches to it', async () => {
    const m = await create(twoPlayers('Links'));
    const annUrl = m.seats[0].url!;
    const bobUrl = m.seats[1].url!;
    const broken = annUrl.slice(0, -10);
    const ann = await device('ann');
    const tab1 = await ann.newPage();
    await tab1.goto(annUrl);
    await waitText(tab1, 'section.tableau.mine', 'Your area');
    await waitText(tab1, 'section.tableau[data-team="1"]', "Bob's area");
    expect(await hashOf(tab1)).toBe('');
    expect((await saved(tab1, m.matchId))?.seatToken).toBe(tokenOf(annUrl, 'seat'));

    // The same link with its last 10 characters cut off, in a new tab: refused, and said so.
    const tab2 = await ann.newPage();
    await tab2.goto(broken);
    await waitText(tab2, '.notice', 'This seat link is not valid — this device keeps its own seat.');
    await waitText(tab2, 'section.tableau.mine', 'Your area');
    expect(await hashOf(tab2)).toBe('');
    const tab3 = await ann.newPage();
    await tab3.goto(`${h.server.url}/m/${m.matchId}`);
    await waitText(tab3, 'section.tableau.mine', 'Your area');
    expect((await saved(tab3, m.matchId))?.seatToken).toBe(tokenOf(annUrl, 'seat'));
    await tab2.close();
    await tab3.close();

    // A device with no seat: the broken link makes a spectator and says why; nothing is kept.
    const other = await device('stranger', 360);
    const stranger = await other.newPage();
    await stranger.goto(broken);
    await waitText(stranger, '.notice', 'This seat link is not valid — you are watching.');
    await waitText(stranger, '.table-screen', 'You are watching this match.');
    expect(await saved(stranger, m.matchId)).toBeUndefined();
    await h.shots.screen(stranger, 'bad-link');
    await other.close();

    // Bob's link pasted into Ann's open tab (same page, only the fragment changes): now Bob plays here.
    await tab1.evaluate((hash) => (location.hash = hash), new URL(bobUrl).hash);
    await waitText(tab1, 'section.tableau[data-team="0"]', "Ann's area");
    await waitText(tab1, 'section.tableau.mine', 'Your area');
    expect(await hashOf(tab1)).toBe('');
    const both = await saved(tab1, m.matchId);
    expect(both?.seatToken).toBe(tokenOf(bobUrl, 'seat'));
    expect(both?.seatTokens).toEqual({ 0: tokenOf(annUrl, 'seat'), 1: tokenOf(bobUrl, 'seat') });
    // Ann's seat stays reachable on this device.
    await tab1.getByLabel('Play as').selectOption({ label: 'Ann (seat 1)' });
    await waitText(tab1, 'section.tableau[data-team="1"]', "Bob's area");
    expect((await saved(tab1, m.matchId))?.seatToken).toBe(tokenOf(annUrl, 'seat'));

    // The host link pasted in: the host token is kept beside the seat token, Ann still plays.
    await tab1.evaluate((hash) => (location.hash = hash), new URL(m.hostUrl!).hash);
    await waitText(tab1, '.host-panel', 'Delete match');
    expect(await hashOf(tab1)).toBe('');
    const host = await saved(tab1, m.matchId);
    expect(host?.hostToken).toBe(tokenOf(m.hostUrl, 'host'));
    expect(host?.seatToken).toBe(tokenOf(annUrl, 'seat'));
    await waitText(tab1, 'section.tableau[data-team="1"]', "Bob's area");
    expect(h.problems).toEqual([]);
    await ann.close();
  });
});

describe('the host panel', () => {
  it('lets the computer play a seat, shows refusals, and deletes the match after a confirmation', async () => {
    const m = await create(twoPlayers('Hosted'));
    const annCtx = await device('ann-host');
    const ann = await annCtx.newPage();
    await ann.goto(m.seats[0].url!);
    await waitText(ann, 'section.tableau.mine', 'Your area');
    await ann.goto(m.hostUrl!);
    await waitText(ann, '.host-panel', 'Host');
    await waitText(ann, 'section.tableau.mine', 'Your area'); // the host link does not take Ann's seat
    const bobCtx = await device('bob', 360);
    const bob = await bobCtx.newPage();
    await bob.goto(m.seats[1].url!);
    await waitText(bob, 'section.tableau.mine', 'Your area');
    expect(await bob.locator('.host-panel').count()).toBe(0);

    await ann.getByRole('button', { name: 'Let the computer play for Bob' }).click();
    await waitText(ann, '.host-panel [role="status"]', 'The computer now plays for Bob.');
    await waitText(ann, '.host-seats', 'computer plays for now');
    await waitText(bob, '.prompt', 'computer plays for now');
    await h.shots.screen(ann, 'host-panel');
    await bob.getByRole('button', { name: 'Take my seat back' }).click();
    await ann.getByRole('button', { name: 'Let the computer play for Bob' }).waitFor();
    await bob.waitForFunction(() => !document.querySelector('.prompt button'));

    // A refusal comes in the player's words, never the server's message (here: a host token the
    // server does not know: 403 auth.not_host).
    const fakeCtx = await device('fake-host', 360);
    const fake = await fakeCtx.newPage();
    await fake.goto(`${h.server.url}/`);
    await fake.evaluate((id) => {
      const entry = { matchId: id, title: '', seat: null, hostToken: 'x'.repeat(43), savedAt: Date.now() };
      localStorage.setItem('mb.matches', JSON.stringify([entry]));
    }, m.matchId);
    await fake.goto(`${h.server.url}/m/${m.matchId}`);
    await fake.getByRole('button', { name: 'Let the computer play for Ann' }).click();
    await waitText(fake, '.host-panel .error', 'Only the host of the match can do this.');
    await fakeCtx.close();

    // Delete, after a confirmation; every open page says so and stops asking the h.server.
    await ann.getByRole('button', { name: 'Delete match' }).click();
    await waitText(ann, '.host-panel', 'Delete this match for everyone? This cannot be undone.');
    const bobCalls: string[] = [];
    bob.on('request', (r) => {
      if (r.url().includes('/api/')) bobCalls.push(r.url());
    });
    bob.on('websocket', (ws) => bobCalls.push(ws.url()));
    await ann.getByRole('button', { name: 'Yes, delete the match' }).click();
    await waitText(ann, '.error', 'This match was deleted by its host.');
    await waitText(bob, '.error', 'This match was deleted by its host.');
    expect(await bob.locator('.conn').count()).toBe(0);
    expect(await bob.locator('.table-screen').count()).toBe(0);
    await bob.waitForTimeout(7_000); // longer than the 5 s poll and the first reconnect
    expect(bobCalls).toEqual([]);
    const gone = await fetch(`${h.server.url}/api/matches/${m.matchId}`);
    expect(gone.status).toBe(404);
    await ann.goto(`${h.server.url}/`);
    await waitText(ann, 'h2', 'My matches on this device');
    expect(await ann.locator('.my-matches', { hasText: 'Hosted' }).count()).toBe(0);
    expect(h.problems).toEqual([]);
    await annCtx.close();
    await bobCtx.close();
  });
});

describe('unknown matches', () => {
  it('a malformed or unknown id says the match does not exist, without polling or a WebSocket', async () => {
    const ctx = await device('visitor', 360);
    const page = await ctx.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(r.url());
    });
    page.on('websocket', (ws) => calls.push(ws.url()));
    for (const id of ['abc', 'AAAAAAAAAAAAAAAAAAAAAA']) {
      calls.length = 0;
      await page.goto(`${h.server.url}/m/${id}`);
      await waitText(page, '.error', 'This match does not exist');
      expect(await page.locator('.conn').count()).toBe(0);
      await page.waitForTimeout(6_000);
      expect(calls).toEqual([`${h.server.url}/api/matches/${id}`]);
    }
    // A seat link of an unknown match: the same words, nothing kept.
    await page.goto(`${h.server.url}/m/AAAAAAAAAAAAAAAAAAAAAA#seat=${'y'.repeat(43)}`);
    await waitText(page, '.error', 'This match does not exist');
    expect(await hashOf(page)).toBe('');
    expect(await saved(page, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});

describe('lost links', () => {
  it('the home page form asks the server for the links by mail (POST /api/mail/my-matches)', async () => {
    const ctx = await device('lost', 360);
    const page = await ctx.newPage();
    await page.goto(`${h.server.url}/`);
    await page.getByLabel('E-mail address').fill('ann@example.org');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/mail/my-matches'));
    await page.getByRole('button', { name: 'Send my links' }).click();
    expect((await answer).status()).toBe(202);
    await waitText(
      page,
      '[role="status"]',
      'If this address belongs to a match, the links are on their way.',
    );
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});

describe('long names at 360 px', () => {
  const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it('the create form with every rule, the lobby and the table stay within the screen', async () => {
    const ctx = await device('narrow', 360);
    const page = await ctx.newPage();
    await page.goto(`${h.server.url}/`);
    await page.getByLabel('Your name').fill('W'.repeat(40));
    await page.getByLabel('Name of the match (optional)').fill('W'.repeat(80));
    await page.getByText('Change single rules').click();
    await page.locator('.options label').first().waitFor();
    await page.getByLabel('Players', { exact: true }).selectOption('4');
    await page.getByLabel('Seat 2: Who sits here').selectOption('bot');
    await page.getByLabel('Seat 2: Name').fill('M'.repeat(40));
    expect(await width(page)).toBeLessThanOrEqual(360);
    await h.shots.screen(page, 'create-rules');

    await page.getByRole('button', { name: 'Create match' }).click();
    await waitText(page, 'h2', 'Waiting for players');
    await waitText(page, 'ol.seats', 'M'.repeat(40));
    expect(await width(page)).toBeLessThanOrEqual(360);
    await h.shots.screen(page, 'lobby-long');

    const m = await create({
      title: 'W'.repeat(80),
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'W'.repeat(40) },
        { kind: 'bot', name: 'M'.repeat(40) },
        { kind: 'human', name: 'Ж'.repeat(40) },
      ],
    });
    await page.goto(m.seats[0].url!);
    await page.waitForSelector('.statusbar');
    await page.goto(m.hostUrl!);
    await waitText(page, '.host-panel', `Let the computer play for ${'Ж'.repeat(40)}`);
    await page.waitForSelector('section.tableau.mine');
    expect(await width(page)).toBeLessThanOrEqual(360);
    await h.shots.screen(page, 'table-long');

    await page.goto(`${h.server.url}/`);
    await waitText(page, '.my-matches', 'W'.repeat(80));
    expect(await width(page)).toBeLessThanOrEqual(360);
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});

describe('damaged and interrupted links', () => {
  it('an emoji or a wrapped line in a seat link is refused at once; the device keeps its seat', async () => {
    const m = await create(twoPlayers('Damaged'));
    const ctx = await device('damaged');
    const page = await ctx.newPage();
    await page.goto(m.seats[0].url!);
    await waitText(page, 'section.tableau.mine', 'Your area');
    const mine = tokenOf(m.seats[0].url, 'seat');
    for (const hash of ['#seat=%F0%9F%98%80', `#seat=${mine.slice(0, 30)}%0A${mine.slice(30)}`]) {
      const tab = await ctx.newPage();
      const authorized: string[] = [];
      tab.on('request', (r) => {
        const auth = r.headers().authorization;
        if (auth && !auth.endsWith(mine)) authorized.push(auth);
      });
      await tab.goto(`${h.server.url}/m/${m.matchId}${hash}`);
      await waitText(tab, '.notice', 'This seat link is not valid — this device keeps its own seat.');
      await waitText(tab, 'section.tableau.mine', 'Your area');
      expect(await tab.locator('.error').count()).toBe(0);
      expect(await hashOf(tab)).toBe('');
      expect(authorized).toEqual([]);
      expect((await saved(tab, m.matchId))?.seatToken).toBe(mine);
      await tab.close();
    }
    // A device without a seat: the same link makes a spectator, and the match is not saved there.
    const other = await device('damaged-stranger', 360);
    const stranger = await other.newPage();
    await stranger.goto(`${h.server.url}/m/${m.matchId}#seat=%F0%9F%98%80`);
    await waitText(stranger, '.notice', 'This seat link is not valid — you are watching.');
    await waitText(stranger, '.table-screen', 'You are watching this match.');
    expect(await saved(stranger, m.matchId)).toBeUndefined();
    expect(h.problems).toEqual([]);
    await ctx.close();
    await other.close();
  });

  it('a link whose check failed for the network is checked again after a reload', async () => {
    const m = await create(twoPlayers('Interrupted'));
    const ctx = await device('interrupted', 360);
    const page = await ctx.newPage();
    const info = `${h.server.url}/api/matches/${m.matchId}`;
    await page.route(info, (route) =>
      route.request().headers().authorization ? route.abort('failed') : route.continue(),
    );
    await page.goto(m.seats[1].url!);
    await waitText(page, '.error', 'The server cannot be reached.');
    expect(await hashOf(page)).toBe('');
    expect(await saved(page, m.matchId)).toBeUndefined();
    await page.unroute(info);
    await page.reload();
    await waitText(page, 'section.tableau.mine', 'Your area');
    await waitText(page, 'section.tableau[data-team="0"]', "Ann's area");
    expect((await saved(page, m.matchId))?.seatToken).toBe(tokenOf(m.seats[1].url, 'seat'));
    // Once answered, the link is no longer pending: a second reload goes without it.
    await page.reload();
    await waitText(page, 'section.tableau.mine', 'Your area');
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    expect(h.problems).toEqual([]);
    await ctx.close();
  });

  it("a spectator's visit does not add the match to My matches", async () => {
    const m = await create(twoPlayers('Only watched'));
    const ctx = await device('watcher', 360);
    const page = await ctx.newPage();
    await page.goto(`${h.server.url}/m/${m.matchId}`);
    await waitText(page, '.table-screen', 'You are watching this match.');
    await page.goto(`${h.server.url}/`);
    await waitText(page, 'h2', 'My matches on this device');
    await waitText(page, '.card-box', 'No matches on this device yet.');
    expect(await saved(page, m.matchId)).toBeUndefined();
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});

describe('the host panel and the last human seat', () => {
  it('never offers the last seat a person plays to the computer, and says why', async () => {
    const m = await create(twoPlayers('Last human'));
    const ctx = await device('last-human', 360);
    const page = await ctx.newPage();
    await page.goto(m.seats[0].url!);
    await waitText(page, 'section.tableau.mine', 'Your area');
    await page.goto(m.hostUrl!);
    await page.getByRole('button', { name: 'Let the computer play for Bob' }).click();
    await waitText(page, '.host-seats', 'computer plays for now');
    // The server would refuse it (409 seat.last_human), so it is not offered.
    await waitText(page, '.host-seats', 'plays in person: the computer does not play alone');
    expect(await page.getByRole('button', { name: 'Let the computer play for Ann' }).count()).toBe(0);
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});

describe('too many tabs of one seat', () => {
  it('the fifth tab polls and says so instead of reconnecting its WebSocket every second', async () => {
    const m = await create({ ...twoPlayers('Many tabs'), firstSeat: 1 });
    const ctx = await device('tabs');
    const sockets: number[] = [];
    const tabs: Page[] = [];
    const open = async (url: string) => {
      const i = tabs.length;
      const page = await ctx.newPage();
      sockets[i] = 0;
      page.on('websocket', () => sockets[i]++);
      tabs.push(page);
      await page.goto(url);
      return page;
    };
    for (let i = 0; i < 4; i++) {
      const tab = await open(i === 0 ? m.seats[0].url! : `${h.server.url}/m/${m.matchId}`);
      await waitText(tab, 'section.tableau.mine', 'Your area');
      await tab.waitForSelector('.conn-live');
      await tab.waitForTimeout(500); // its auth frame has been answered
    }
    const info = `${h.server.url}/api/matches/${m.matchId}`;
    const polls: number[] = [];
    const t0 = Date.now();
    const fifth = await open(`${h.server.url}/m/${m.matchId}`);
    fifth.on('request', (r) => {
      // A poll of a page in use carries `?present=1` (lib/presence.ts).
      if (r.url().split('?')[0] === info) polls.push(Date.now() - t0);
    });
    await waitText(fifth, 'section.tableau.mine', 'Your area');
    await fifth.waitForTimeout(20_000 - (Date.now() - t0));
    expect(sockets[4]).toBeGreaterThanOrEqual(1);
    expect(sockets[4]).toBeLessThanOrEqual(3);
    await waitText(
      fifth,
      '.notice',
      'This match is open in too many tabs or windows; this one updates every few seconds.',
      1_000,
    );
    await h.shots.screen(fifth, 'too-many-tabs');
    // Polling goes on, every few seconds (5 s), not faster.
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThanOrEqual(7);
    expect(sockets.slice(0, 4)).toEqual([1, 1, 1, 1]);
    await waitText(fifth, '.conn', 'Updating every few seconds');

    // The fifth tab still follows the match by polling: Bob's move reaches it.
    await waitText(fifth, '.statusbar', "Bob's turn");
    const bob = tokenOf(m.seats[1].url, 'seat');
    const bobInfo = (await (await fetch(info, { headers: { authorization: `Bearer ${bob}` } })).json()) as {
      view: { version: number; legalMoves: Array<{ type: string }> };
    };
    const discard = bobInfo.view.legalMoves.find((mv) => mv.type === 'discard');
    const moved = await fetch(`${info}/moves`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: bobInfo.view.version, moveId: 'many-tabs-1', move: discard }),
    });
    expect(moved.status).toBe(200);
    await waitText(fifth, '.statusbar', 'Your turn', 12_000);
    expect(sockets[4]).toBeLessThanOrEqual(3);
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});

/**
 * End-to-end in Debian chromium against the real Worker with the local outbox: the create form makes
 * a Partnership match (four players in two teams) with an invitee's address and a chosen first seat;
 * the creator's seat is "Ann (you)" on its line and in "Who starts"; after creating, on a phone's
 * screen without scrolling, the page says the invitation was mailed, the invitation arrives in the outbox (/dev/mail) with the
 * invitee's own seat link, which opens the lobby where the invitee confirms the name the host typed
 * and the match starts; a guest invited by address alone types a name, which the host sees in the
 * lobby with the guest's seat link and that it was mailed; the next form starts from the
 * creator's remembered choices (never the invitee's address); the source tags are explained on the
 * rules page the form links to. Screens at 360 px and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { capture, e2eHooks, player, waitText } from './browser';

const h = e2eHooks({ mail: true });

/** The dev outbox's page, waited for until it holds `text` (mail goes out on the match's alarm). */
async function outboxWith(text: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const page = await (await fetch(`${h.server.url}/dev/mail`)).text();
    if (page.includes(text)) return page;
    if (Date.now() > deadline) throw new Error(`no mail with ${text} in the outbox:\n${page.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const width = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth);

describe('the create form', () => {
  it('creates a Partnership match with an invitation mailed to a seat, and remembers the creator’s choices', async () => {
    const ann = await player(h, 'ann', 360);
    await ann.goto(`${h.server.url}/`);
    await ann.getByLabel('Your name').fill('Ann');
    await ann.locator('input[value="partnership"]').check();
    expect(await ann.getByLabel('Players', { exact: true }).inputValue()).toBe('4x2');
    await ann.getByLabel('Seat 2: Name').fill('Bob');
    await ann.getByLabel('Seat 2: E-mail for the invitation (optional)').fill('bob@example.org');
    for (const seat of [3, 4]) await ann.getByLabel(`Seat ${seat}: Who sits here`).selectOption('bot');
    // The creator's own seat has one name on its line and in "Who starts".
    expect(await ann.locator('.seat-list li').first().textContent()).toBe('Seat 1: Ann (you)');
    expect(await ann.getByLabel('Who starts').locator('option').allTextContents()).toContain('Ann (you)');
    await ann.getByLabel('Who starts').selectOption({ label: 'Bob' });
    expect(await ann.locator('a[href="/rules#rp-sources"]').textContent()).toBe('What the source tags mean');
    expect(await width(ann)).toBeLessThanOrEqual(360);
    await h.shots.screen(ann, 'create-partnership');

    // A phone's screen: the form's button is far down the page.
    await ann.setViewportSize({ width: 360, height: 740 });
    const answer = ann.waitForResponse((r) => r.url().endsWith('/api/matches'));
    await ann.getByRole('button', { name: 'Create match' }).click();
    const sent = JSON.parse((await answer).request().postData() ?? '{}');
    expect(sent).toMatchObject({ rules: 'partnership', teamSize: 2, firstSeat: 1 });
    expect((await (await answer).json()).mailed).toEqual([1]);
    await waitText(ann, '[role="status"]', 'Invitation mailed to: Bob (bob@example.org).');
    // The confirmation is on the screen without scrolling: its title, what was mailed, the way on (focused).
    const openMatch = ann.getByRole('button', { name: 'Open the match' });
    await ann.waitForFunction(() => document.activeElement?.textContent === 'Open the match');
    for (const part of [
      ann.locator('#create-title'),
      ann.locator('section.create [role="status"]'),
      openMatch,
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(740);
    }
    await capture(h.shots, ann, 'create-mailed', { height: 740, fullPage: false });

    const mail = await outboxWith('To: bob@example.org');
    expect(mail).toContain('Ann invites you to play Mille Bornes');
    const link = /href="([^"]+#seat=[^"]+)"/.exec(mail.slice(mail.indexOf('To: bob@example.org')))?.[1];
    expect(link).toBeTruthy();

    // No seat is open, but Bob's is invited, not taken: the lobby waits for him to confirm his name.
    await ann.getByRole('button', { name: 'Open the match' }).click();
    await waitText(ann, '.seats', 'invited — waiting for their name');
    const bob = await player(h, 'bob', 360);
    await bob.goto(link!.replaceAll('&amp;', '&'));
    const name = bob.getByLabel('The name you play under');
    expect(await name.inputValue()).toBe('Bob');
    await bob.getByRole('button', { name: 'Join with this name' }).click();
    // His confirmation fills the table: the match starts, Bob first.
    await bob.waitForSelector('section.tableau.mine');
    await waitText(bob, '.statusbar', 'Your turn');
    await ann.waitForSelector('section.tableau.mine');

    // The next form starts from Ann's choices, without Bob's address.
    await ann.goto(`${h.server.url}/`);
    await ann.locator('input[value="partnership"]:checked').waitFor();
    expect(await ann.getByLabel('Your name').inputValue()).toBe('Ann');
    expect(await ann.getByLabel('Players', { exact: true }).inputValue()).toBe('4x2');
    expect(await ann.getByLabel('Seat 3: Who sits here').inputValue()).toBe('bot');
    expect(await ann.getByLabel('Seat 2: E-mail for the invitation (optional)').inputValue()).toBe('');
    expect(await ann.evaluate(() => localStorage.getItem('mb.create'))).not.toContain('bob@example.org');

    // The source tags are explained once, on the rules page the form links to.
    await ann.goto(`${h.server.url}/rules#rp-sources`);
    await waitText(ann, '#rp-sources', 'What the source tags mean');
    expect(await ann.locator('.src-legend dd').count()).toBeGreaterThan(3);
    expect(await ann.locator('#rp-sources').isVisible()).toBe(true);
    expect(h.problems).toEqual([]);
  });
});

describe('a guest invited by address alone', () => {
  it('opens the mailed link, types a name; the host sees it in the lobby, then starts the match', async () => {
    const ann = await player(h, 'ann2', 360);
    await ann.goto(`${h.server.url}/`);
    await ann.getByLabel('Your name').fill('Ann');
    await ann.getByLabel('Players', { exact: true }).selectOption('3');
    await ann.getByLabel('Seat 2: E-mail for the invitation (optional)').fill('bea@example.org');
    await ann.getByLabel('Seat 3: Who sits here').selectOption('open');
    await ann.getByRole('button', { name: 'Create match' }).click();
    await ann.getByRole('button', { name: 'Open the match' }).click();
    // The host sees the invited seat (its number, no "Player 2"), that it was mailed, and its link.
    await waitText(ann, '.seats', 'invited — waiting for their name');
    await waitText(ann, '.seats', 'invitation mailed');
    const seatLink = ann.getByLabel('Link to the seat of Seat 2', { exact: true });
    expect(await seatLink.inputValue()).toContain('#seat=');
    expect(await ann.locator('.seats').textContent()).not.toContain('Player 2');
    expect(await width(ann)).toBeLessThanOrEqual(360);
    await h.shots.screen(ann, 'lobby-host-invited');

    // The invitation greets nobody by a placeholder name.
    const page = await outboxWith('To: bea@example.org');
    const mail = page.slice(page.indexOf('To: bea@example.org'));
    expect(mail).toContain('Hello,');
    expect(mail.slice(0, 3000)).not.toContain('Player 2');
    const link = /href="([^"]+#seat=[^"]+)"/.exec(mail)?.[1];
    const bea = await player(h, 'bea', 360);
    await bea.goto(link!.replaceAll('&amp;', '&'));
    const name = bea.getByLabel('The name you play under');
    expect(await name.inputValue()).toBe('');
    await h.shots.screen(bea, 'lobby-guest-confirm');
    await name.fill('Bea');
    await bea.getByRole('button', { name: 'Join with this name' }).click();
    await bea.getByRole('button', { name: 'Join with this name' }).waitFor({ state: 'detached' });
    await waitText(bea, '.seats', 'Bea (you)');

    // The host sees the seat taken under that name; the open seat still waits, so the host starts.
    await waitText(ann, '.seats', 'Bea');
    await waitText(ann, '.seats li:nth-child(2)', 'joined');
    await h.shots.screen(ann, 'lobby-host-joined');
    await ann.getByRole('button', { name: /Start now/ }).click();
    await ann.waitForSelector('section.tableau.mine');
    await bea.waitForSelector('section.tableau.mine');
    expect(h.problems).toEqual([]);
  });
});

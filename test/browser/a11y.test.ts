/**
 * Accessibility checked by a machine: axe-core (every rule, none turned off) on every
 * main screen at 360 px and 1280 px wide, expecting no serious or critical violation: home, rules, my
 * matches, the lobby, the table on the player’s turn, its settings, the chat panel, the table during a coup-fourré
 * window, and the end of a hand. One server and one browser for all of them. A first test shows that
 * the check can fail: a scratch page with known violations is caught.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall, linkToken, playAs } from './api';
import { axeAtBothWidths, axeViolations } from './axe';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();

/** Creates a two-seat classic match through the API (Ann is seat 0, to play); `bob` is seat 1's input. */
async function twoSeats(title: string, bob: Record<string, unknown>, position?: unknown): Promise<Created> {
  const r = await apiCall(h, '/api/matches', {
    body: {
      title,
      rules: 'classic',
      firstSeat: 0,
      seats: [{ kind: 'human', name: 'Ann' }, bob],
      ...(position ? { testStack: { seed: title, position } } : {}),
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Created;
}

describe('the axe check', () => {
  it('catches known violations on a scratch page, and passes a clean one', async () => {
    const page = await player(h, 'scratch', 360);
    await page.setContent(
      '<main><h1>Scratch</h1><button type="button"></button><img src="data:,"><input type="text"></main>',
    );
    const found = await axeViolations(page, 'scratch');
    expect(found.some((v) => v.includes('button-name (critical)'))).toBe(true);
    expect(found.some((v) => v.includes('image-alt (critical)'))).toBe(true);
    expect(found.some((v) => v.includes('label (critical)'))).toBe(true);
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><button type="button">OK</button></main></body></html>',
    );
    expect(await axeViolations(page, 'clean')).toEqual([]);
    await page.context().close();
  });
});

describe('every main screen', () => {
  it('has no serious or critical axe violation at 360 px and 1280 px', async () => {
    const found: string[] = [];
    const check = async (page: Page, screen: string) => {
      found.push(...(await axeAtBothWidths(page, screen)));
      await h.shots.screen(page, screen);
    };
    const ann = await player(h, 'ann', 1280);
    const bob = await player(h, 'bob', 360);

    await ann.goto(`${h.server.url}/`);
    await waitText(ann, 'h2', 'New match');
    await check(ann, 'home');

    await ann.goto(`${h.server.url}/rules`);
    await waitText(ann, 'h1', 'How to play');
    await check(ann, 'rules');

    // The lobby: seat 2 is open, waiting for a player.
    const lobby = await twoSeats('Lobby', { kind: 'open' });
    await ann.goto(lobby.seats[0].url!);
    await waitText(ann, 'h2', 'Waiting for players');
    await check(ann, 'lobby');

    // The table on Ann's turn, with playable cards; then its settings.
    const m = await twoSeats(
      'Window',
      { kind: 'human', name: 'Bob', responseMode: 'ask' },
      {
        hands: {
          0: ['accident', 'd100', 'd100', 'd50', 'd25', 'roll'],
          1: ['driving_ace', 'd25', 'd50', 'd75', 'd100', 'roll'],
        },
        tableaux: { 0: { battle: ['roll'] }, 1: { battle: ['roll'] } },
        deck: ['d25', 'd50', 'd75', 'd75', 'd50'],
        turn: 0,
      },
    );
    await ann.goto(m.seats[0].url!);
    await waitText(ann, '.statusbar', 'Your turn');
    await ann.waitForSelector('ul.hand button.legal');
    await check(ann, 'table-turn');
    await ann.getByRole('button', { name: /Settings/ }).click();
    await ann.waitForSelector('.settings');
    await check(ann, 'settings');
    await ann.locator('.dialog-settings .dialog-head button').click();
    // The chat panel, with a message in it.
    await ann.getByRole('button', { name: 'Chat', exact: true }).click();
    await ann.locator('.chat-field').fill('Hello Bob');
    await ann.locator('.chat-form button[type="submit"]').click();
    await waitText(ann, '.chat-log', 'Hello Bob');
    await check(ann, 'chat');
    await ann.locator('.dialog-chat .dialog-head button').click();

    // Ann's Accident on Bob opens his coup-fourré window (he asked to be asked).
    await bob.goto(m.seats[1].url!);
    await waitText(bob, '.statusbar', 'Ann');
    await playAs(
      h,
      m.matchId,
      linkToken(m.seats[0].url),
      { type: 'play', card: 'accident', target: 1 },
      'acc',
    );
    await waitText(bob, '.prompt', 'Answer?');
    await check(bob, 'table-window');

    // The end of a hand: Ann at 900 km plays her last 100 km.
    const end = await twoSeats(
      'End',
      { kind: 'human', name: 'Bob' },
      {
        hands: {
          0: ['d100', 'd25', 'd50', 'd75', 'd100', 'roll'],
          1: ['d25', 'd50', 'd75', 'd100', 'roll', 'stop'],
        },
        tableaux: {
          0: { battle: ['roll'], distance: ['d200', 'd200', 'd100', 'd100', 'd100', 'd100', 'd100'] },
          1: { battle: ['roll'], distance: ['d100'] },
        },
        deck: ['d25', 'd50', 'd75', 'd75', 'd50'],
        turn: 0,
      },
    );
    await playAs(h, end.matchId, linkToken(end.seats[0].url), { type: 'play', card: 'd100' }, 'last');
    await ann.goto(end.seats[0].url!);
    await waitText(ann, '#end-title', 'Hand 1 is over');
    await check(ann, 'end-of-hand');

    // My matches: the three matches this device opened.
    await ann.goto(`${h.server.url}/`);
    await waitText(ann, '.my-matches', 'Window');
    await check(ann, 'my-matches');

    expect(found).toEqual([]);
    expect(h.problems).toEqual([]);
  });
});

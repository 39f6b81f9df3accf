// @vitest-environment happy-dom
/** The create form sends what the host chose: preset, changed options only, seats, deadlines, coup fourré. */

import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { Home } from '../../web/src/screens/Home';
import { PRESETS } from '../../worker/engine/rules';
import { click, mountLoaded } from './render';

beforeEach(() => {
  useCatalogForTests('en', en);
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

function set(el: HTMLInputElement | HTMLSelectElement, value: string | boolean, event = 'input') {
  act(() => {
    if (typeof value === 'boolean') (el as HTMLInputElement).checked = value;
    else el.value = value;
    el.dispatchEvent(new Event(event, { bubbles: true }));
  });
}

describe('home', () => {
  it('shows every preset with its source tag and one-line summary', async () => {
    const root = await mountLoaded(<Home />, '.preset');
    const presets = [...root.querySelectorAll('.preset')].map((l) => l.textContent ?? '');
    expect(presets).toHaveLength(4);
    expect(presets[0]).toContain('[H16]');
    expect(presets[0]).toContain(PRESETS['hasbro-2016'].summary);
    expect(presets[3]).toContain('[FR]');
  });

  it('creates a match with the chosen seats, changed options and the coup-fourré choice', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify({
            matchId: 'BBBBBBBBBBBBBBBBBBBBBB',
            matchUrl: 'http://x/m/BBBBBBBBBBBBBBBBBBBBBB',
            hostUrl: 'http://x/m/BBBBBBBBBBBBBBBBBBBBBB#host=hosttokenhosttokenhosttoken',
            inviteUrl: 'http://x/m/BBBBBBBBBBBBBBBBBBBBBB#invite=invitetokeninvitetoken',
            seats: [
              {
                seat: 0,
                name: 'Ann',
                kind: 'human',
                url: 'http://x/m/BBBBBBBBBBBBBBBBBBBBBB#seat=seattokenseattokenseat',
              },
            ],
          }),
          { status: 201 },
        );
      }),
    );
    const root = await mountLoaded(<Home />, '.preset');
    set(root.querySelector<HTMLInputElement>('input[autocomplete="nickname"]')!, 'Ann');
    click(root.querySelector('input[value="classic"]'));
    set(root.querySelector('select[aria-label="Players"]') as unknown as HTMLSelectElement, '3', 'change');
    set(
      root.querySelector('select[aria-label="Seat 3: Who sits here"]') as unknown as HTMLSelectElement,
      'bot',
      'change',
    );
    // One option changed from the preset, one set back to its preset value (not sent).
    const draw = [...root.querySelectorAll('label.option')].find((l) =>
      l.textContent?.includes('discard pile instead'),
    )!;
    set(draw.querySelector('input')!, true, 'change');
    click([...root.querySelectorAll<HTMLInputElement>('input[name="cf"]')][1]);
    await act(async () => {
      root
        .querySelector('form.create')!
        .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      rules: { preset: 'classic', options: { drawFromDiscard: true } },
      teamSize: 1,
      seats: [
        { kind: 'human', name: 'Ann', language: 'en', responseMode: 'ask' },
        { kind: 'open' },
        { kind: 'bot', botLevel: 'basic' },
      ],
      firstSeat: 'random',
      turnDeadlineHours: 72,
      responseWindowMinutes: 720,
      onDeadline: 'bot',
      vacationDays: 7,
      timeoutsToBot: 2,
    });
    await vi.waitFor(() => expect(location.pathname).toBe('/m/BBBBBBBBBBBBBBBBBBBBBB'));
    const saved = JSON.parse(localStorage.getItem('mb.matches')!);
    expect(saved[0]).toMatchObject({
      matchId: 'BBBBBBBBBBBBBBBBBBBBBB',
      seat: 0,
      seatToken: 'seattokenseattokenseat',
      hostToken: 'hosttokenhosttokenhosttoken',
      inviteToken: 'invitetokeninvitetoken',
    });
    expect(location.pathname).toBe('/m/BBBBBBBBBBBBBBBBBBBBBB');
  });
});

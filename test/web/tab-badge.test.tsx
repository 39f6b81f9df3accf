// @vitest-environment happy-dom
/**
 * "Your turn" in the tab: the title and the badged favicon while the viewer's move is due (their turn
 * or their answer to a hazard), from the server's view only; the plain title and icon otherwise and
 * when the table goes away. The turn sound is off by default and kept per device. A countdown is a
 * timer screen readers do not announce every second.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, countdownAnnouncement } from '../../web/src/components/Countdown';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr, cards as frCards, events as frEvents } from '../../web/src/i18n/fr';
import { isMyMove } from '../../web/src/lib/tab-badge';
import { BADGE_ICON, showInTab, tabTitle } from '../../web/src/lib/tab-show';
import { setTurnSound, turnSound } from '../../web/src/lib/turn-sound';
import { Settings } from '../../web/src/screens/Settings';
import { Table } from '../../web/src/screens/Table';
import { handOverView, info, view, windowView } from './fixtures';
import { fakeSession, mount } from './render';

function icon(): HTMLLinkElement {
  return document.head.querySelector<HTMLLinkElement>('link[rel="icon"]')!;
}

beforeEach(() => {
  useCatalogForTests('en', en);
  document.head.innerHTML = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
  document.title = 'Mille Bornes';
});
afterEach(() => vi.unstubAllGlobals());

describe('whose move it is, from the view', () => {
  it('is mine on my turn and when my answer to a hazard is asked, not otherwise', () => {
    expect(isMyMove(view())).toBe(true);
    expect(isMyMove(view({ turn: 1 }))).toBe(false);
    expect(isMyMove(windowView())).toBe(true); // seat 1 asked about a Stop while it is seat 0's turn
    expect(isMyMove({ ...windowView(), seat: 0 })).toBe(false); // the attacker waits for the answer
    expect(isMyMove(handOverView())).toBe(false);
    expect(isMyMove(view({ seat: null, turn: null }))).toBe(false); // a spectator between hands
  });
});

describe('the tab', () => {
  it('reads "(1) Your turn · <match> — Mille Bornes" in the page language', () => {
    expect(tabTitle('Friday game', true)).toBe('(1) Your turn · Friday game — Mille Bornes');
    expect(tabTitle('Friday game', false)).toBe('Friday game — Mille Bornes');
    expect(tabTitle('  ', false)).toBe('Mille Bornes');
    expect(tabTitle('Mille Bornes', true)).toBe('(1) Your turn — Mille Bornes'); // the default name, not twice
    useCatalogForTests('fr', fr, frEvents, frCards);
    expect(tabTitle('Vendredi', true)).toBe('(1) À vous de jouer · Vendredi — Mille Bornes');
  });

  it('swaps the favicon for the badged one and back', () => {
    showInTab('x', true);
    expect(icon().getAttribute('href')).toBe(BADGE_ICON);
    expect(BADGE_ICON.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(BADGE_ICON)).toContain('<circle');
    showInTab('y', false);
    expect(icon().getAttribute('href')).toBe('/favicon.svg');
    expect(document.title).toBe('y');
  });

  it('follows the table: badged on my turn, plain on theirs, restored when the table goes away', async () => {
    const { session, raw } = fakeSession(info(view({ turn: 1 })));
    const root = mount(<Table session={session} />);
    await vi.waitFor(() => expect(document.title).toBe('Friday game — Mille Bornes'));
    expect(icon().getAttribute('href')).toBe('/favicon.svg');
    act(() => {
      raw.info.value = info(view());
    });
    await vi.waitFor(() => expect(document.title).toBe('(1) Your turn · Friday game — Mille Bornes'));
    expect(icon().getAttribute('href')).toBe(BADGE_ICON);
    act(() => {
      raw.info.value = info(windowView(), { title: 'Rematch' });
    });
    await vi.waitFor(() => expect(document.title).toBe('(1) Your turn · Rematch — Mille Bornes'));
    act(() => render(null, root));
    await vi.waitFor(() => expect(document.title).toBe('Mille Bornes'));
    expect(icon().getAttribute('href')).toBe('/favicon.svg');
  });

  it('plays the turn sound once when my turn comes, only when this device turned it on', async () => {
    const made: number[] = [];
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const osc = { frequency: { value: 0 }, connect: (g: unknown) => g, start: () => {}, stop: () => {} };
        made.push(1);
        return osc;
      }
      createGain() {
        const gain = {
          gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
          connect: (d: unknown) => d,
        };
        return gain;
      }
    }
    vi.stubGlobal('AudioContext', FakeAudio);
    setTurnSound(false);
    const { session, raw } = fakeSession(info(view({ turn: 1 })));
    mount(<Table session={session} />);
    act(() => {
      raw.info.value = info(view());
    });
    await vi.waitFor(() => expect(document.title).toContain('Your turn'));
    expect(made).toHaveLength(0); // off by default
    setTurnSound(true);
    expect(localStorage.getItem('mb.turnSound')).toBe('on');
    act(() => {
      raw.info.value = info(view({ turn: 1 }));
    });
    await vi.waitFor(() => expect(document.title).not.toContain('Your turn'));
    act(() => {
      raw.info.value = info(view());
    });
    await vi.waitFor(() => expect(made).toHaveLength(2)); // two notes, once
    act(() => {
      raw.info.value = info(view({ version: 13 })); // still my turn: no second chime
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(made).toHaveLength(2);
    setTurnSound(false);
    expect(localStorage.getItem('mb.turnSound')).toBeNull();
  });

  it('the sound is a per-device setting in the settings panel, off by default', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    localStorage.removeItem('mb.turnSound');
    setTurnSound(false);
    const { session } = fakeSession(
      info(view(), {
        settings: { language: 'en', emailNotifications: false, hasEmail: false, alwaysEmail: false },
      }),
    );
    const root = mount(<Settings session={session} />);
    const box = [...root.querySelectorAll('label')].find((l) => l.textContent?.includes('short sound'))!;
    const input = box.querySelector('input')!;
    expect(input.checked).toBe(false);
    act(() => {
      input.checked = true;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(turnSound.value).toBe(true);
    expect(localStorage.getItem('mb.turnSound')).toBe('on');
    setTurnSound(false);
  });
});

describe('a countdown', () => {
  it('is a timer screen readers do not read every second; a polite line speaks at thresholds only', () => {
    const until = new Date(Date.now() + 4 * 60_000 + 9_000).toISOString();
    const root = mount(<Countdown until={until} />);
    const timer = root.querySelector('[role="timer"]')!;
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.textContent).toMatch(/^0:04:0\d left$/);
    const polite = root.querySelector('[aria-live="polite"]')!;
    expect(polite.textContent).toBe('5 min 00 s left');
    expect(countdownAnnouncement(2 * 3600_000)).toBe('');
    expect(countdownAnnouncement(59 * 60_000)).toBe('1 h 00 min left');
    expect(countdownAnnouncement(299_000)).toBe('5 min 00 s left');
    expect(countdownAnnouncement(298_000)).toBe('5 min 00 s left'); // unchanged a second later: not spoken again
    expect(countdownAnnouncement(9_000)).toBe('10 s left');
  });
});

// @vitest-environment happy-dom
/**
 * An untitled match is named by its players on the home list, in the reader's language, so two
 * untitled matches no longer read alike ("Mille Bornes", "Mille Bornes").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import type { MatchSummary } from '../../web/src/lib/types';
import { playersTitle } from '../../web/src/screens/home/MatchRow';

const player = (seat: number, name: string, kind: 'human' | 'bot' | 'open' = 'human') => ({
  seat,
  name,
  kind,
  standIn: false,
  team: null,
});

const summary = (players: ReturnType<typeof player>[]) => ({ players }) as unknown as MatchSummary;

describe('an untitled match on the home list', () => {
  afterEach(() => useCatalogForTests('en', en));

  it('is named by its players, open seats left out, in the reader’s language', () => {
    const s = summary([player(0, 'Ann'), player(1, 'Bob'), player(2, 'Robo', 'bot'), player(3, '', 'open')]);
    useCatalogForTests('en', en);
    expect(playersTitle(s)).toBe('Ann, Bob, and Robo');
    useCatalogForTests('fr', fr);
    expect(playersTitle(s)).toBe('Ann, Bob et Robo');
  });

  it('has no name before its summary arrives', () => {
    expect(playersTitle(null)).toBeNull();
  });
});

describe('new chat messages on a home row', () => {
  it('say their count once: the badge, then what it counts', async () => {
    const { mount } = await import('./render');
    const { MatchRow } = await import('../../web/src/screens/home/MatchRow');
    const { h } = await import('preact');
    const s = {
      ...summary([player(0, 'Ann'), player(1, 'Bob')]),
      matchId: 'AAAAAAAAAAAAAAAAAAAAAA',
      title: 'Sunday',
      status: 'playing',
      role: 'seat',
      seat: 0,
      createdAt: new Date(0).toISOString(),
      acts: null,
      yourTurn: false,
      deadline: null,
      last: null,
      hand: 1,
      scores: [0, 0],
      place: 1,
      result: null,
      rematchId: null,
      chat: { lastId: 3, removed: 0, others: 3 },
    } as unknown as MatchSummary;
    const row = {
      saved: { matchId: s.matchId, title: 'Sunday', seat: 0, seatToken: 'x'.repeat(43) },
      summary: s,
      problem: null,
    };
    const root = mount(h(MatchRow, { row: row as never, now: Date.now() }));
    const line = root.querySelector('.mine-chat')?.textContent ?? '';
    expect(line).toBe('3 new chat messages');
  });
});

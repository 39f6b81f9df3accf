// @vitest-environment happy-dom
/**
 * A player who left a match, on the home list: the last change says "Bob left the match …" (not
 * "Bob moved …"), a move made for the seat afterwards is the computer's, and the players' line marks
 * the seat as left; in the reader's language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { de } from '../../web/src/i18n/de';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { nb } from '../../web/src/i18n/nb';
import { sv } from '../../web/src/i18n/sv';
import type { MatchSummary } from '../../web/src/lib/types';
import { lastText } from '../../web/src/screens/home/MatchRow';

const NOW = Date.UTC(2031, 0, 14, 12);
const MIN = 60_000;

function summary(last: MatchSummary['last'], bobLeft: boolean): MatchSummary {
  return {
    matchId: 'AAAAAAAAAAAAAAAAAAAAAA',
    title: 'Sunday',
    status: 'playing',
    role: 'seat',
    seat: 0,
    createdAt: new Date(NOW - 60 * MIN).toISOString(),
    players: [
      { seat: 0, name: 'Ann', kind: 'human', standIn: false, team: 0 },
      { seat: 1, name: 'Bob', kind: 'human', standIn: bobLeft, team: 1, ...(bobLeft ? { left: true } : {}) },
    ],
    acts: { kind: 'turn', seat: 0 },
    yourTurn: true,
    deadline: null,
    last,
    hand: 1,
    scores: [0, 0],
    place: 1,
    result: null,
    rematchId: null,
  } as MatchSummary;
}

const at = new Date(NOW - 8 * MIN).toISOString();

describe('the home list after a player left', () => {
  afterEach(() => useCatalogForTests('en', en));

  it('says that Bob left, in each language, not that he moved', () => {
    const s = summary({ seat: 1, actor: 'player', kind: 'leave', at }, true);
    const said: Record<string, string | null> = {};
    for (const [code, cat] of [
      ['en', en],
      ['fr', fr],
      ['de', de],
      ['sv', sv],
      ['nb', nb],
    ] as const) {
      useCatalogForTests(code, cat);
      said[code] = lastText(s, NOW);
    }
    expect(said.en).toBe('Bob left the match 8 minutes ago');
    expect(said.fr).toMatch(/^Bob a quitté la partie .*8 minutes/);
    expect(said.de).toMatch(/^Bob hat die Partie .*8 Minuten.* verlassen$/);
    expect(said.sv).toMatch(/^Bob lämnade matchen .*8 minuter/);
    expect(said.nb).toMatch(/^Bob forlot kampen .*8 minutter/);
    for (const line of Object.values(said)) expect(line).not.toMatch(/moved|a joué|bewegt/);
  });

  it('names a later move on the seat as the computer’s', () => {
    const s = summary({ seat: 1, actor: 'bot', kind: 'play', at }, true);
    useCatalogForTests('en', en);
    expect(lastText(s, NOW)).toBe('Bob (computer) played 8 minutes ago');
    // Bob still playing: his own name.
    expect(lastText(summary({ seat: 1, actor: 'player', kind: 'play', at }, false), NOW)).toBe(
      'Bob played 8 minutes ago',
    );
  });

  it('marks the seat as left in the players’ line', async () => {
    const { mount } = await import('./render');
    const { MatchRow } = await import('../../web/src/screens/home/MatchRow');
    const { h } = await import('preact');
    useCatalogForTests('en', en);
    const s = summary({ seat: 1, actor: 'player', kind: 'leave', at }, true);
    const row = { saved: { matchId: s.matchId, title: 'Sunday', seat: 0 }, summary: s, problem: null };
    const root = mount(h(MatchRow, { row: row as never, now: NOW }));
    expect(root.querySelector('.mine-players')?.textContent).toContain('Bob (left)');
    expect(root.querySelector('.mine-last')?.textContent).toBe('Bob left the match 8 minutes ago');
  });
});

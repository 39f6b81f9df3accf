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

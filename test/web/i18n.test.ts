/**
 * Message catalogs: same keys and placeholders in every language; language choice; log sentences.
 * Card names are shared with the mail: test/words/cards.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  loadLaterWords,
  pickLanguage,
  setLanguage,
  t,
  useCatalogForTests,
} from '../../web/src/i18n';
import { de, events as deEvents } from '../../web/src/i18n/de';
import { en, events as enEvents } from '../../web/src/i18n/en';
import { enFirst } from '../../web/src/i18n/en-first';
import { enLater } from '../../web/src/i18n/en-later';
import { fr, events as frEvents } from '../../web/src/i18n/fr';
import { nb, events as nbEvents } from '../../web/src/i18n/nb';
import { sv, events as svEvents } from '../../web/src/i18n/sv';
import { logEntry } from '../../web/src/lib/session';
import { eventText, timeLeft } from '../../web/src/lib/words';
import type { GameEvent } from '../../worker/engine/types';

const catalogs = { en, fr, de, sv, nb } as const;
const eventCatalogs = { en: enEvents, fr: frEvents, de: deEvents, sv: svEvents, nb: nbEvents } as const;
const seats = ['Ann', 'Bob', 'Cy', 'Dee'].map((name, seat) => ({
  seat,
  name,
  kind: 'human' as const,
  botStandIn: false,
  connected: false,
  responseMode: 'auto' as const,
}));
const teams = { teams: [[0], [1], [2], [3]] };
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('plural words', () => {
  it("pick the singular for one and the plural otherwise, by each language's rules", () => {
    useCatalogForTests('en', en);
    expect(t('table.drawPile', { n: 1 })).toBe('Draw pile, 1 card');
    expect(t('table.drawPile', { n: 0 })).toBe('Draw pile, 0 cards');
    expect(t('table.drawPile', { n: 93 })).toBe('Draw pile, 93 cards');
    useCatalogForTests('fr', fr);
    expect(t('table.cards', { n: 0 })).toBe('0 carte en main');
    expect(t('table.cards', { n: 2 })).toBe('2 cartes en main');
    useCatalogForTests('de', de, deEvents);
    expect(eventText({ type: 'mulligan', seat: 0, cards: ['d25'] }, { seats }, teams)).toBe(
      'Ann hat 1 Karte getauscht.',
    );
    useCatalogForTests('en', en);
  });

  // The audit's "1 timeouts in a row": each language's own singular (French for 0 as well).
  const TIMEOUTS: Record<(typeof LANGUAGES)[number], [string, string, string]> = {
    en: ['0 timeouts in a row', '1 timeout in a row', '2 timeouts in a row'],
    fr: ['0 délai dépassé de suite', '1 délai dépassé de suite', '2 délais dépassés de suite'],
    de: [
      '0 Fristüberschreitungen in Folge',
      '1 Fristüberschreitung in Folge',
      '2 Fristüberschreitungen in Folge',
    ],
    sv: ['0 missade turer i rad', '1 missad tur i rad', '2 missade turer i rad'],
    nb: ['0 tidsavbrudd på rad', '1 tidsavbrudd på rad', '2 tidsavbrudd på rad'],
  };
  for (const code of LANGUAGES) {
    it(`say the timeouts in a row for 0, 1 and 2 in ${code}`, () => {
      useCatalogForTests(code, catalogs[code]);
      expect([0, 1, 2].map((n) => t('home.timeoutsToBot.n', { n }))).toEqual(TIMEOUTS[code]);
      useCatalogForTests('en', en);
    });
  }
});

describe('catalogs', () => {
  it('exist for every supported language', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [code, cat] of Object.entries(catalogs)) {
    it(`${code} has every key, no empty string and the same placeholders as English`, () => {
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(cat)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]));
      }
    });
  }
});

describe('language choice', () => {
  it('follows the browser preferences and falls back to English', () => {
    expect(pickLanguage(['nb-NO', 'en'])).toBe('nb');
    expect(pickLanguage(['no'])).toBe('nb');
    expect(pickLanguage(['nn-NO'])).toBe('nb');
    expect(pickLanguage(['sv-SE'])).toBe('sv');
    expect(pickLanguage(['es-ES', 'de-AT'])).toBe('de');
    expect(pickLanguage(['fr-CA'])).toBe('fr');
    expect(pickLanguage(['ja'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('the log in words', () => {
  const events: GameEvent[] = [
    { type: 'handStarted', hand: 1, firstSeat: 0 },
    { type: 'drew', seat: 0, from: 'pile' },
    { type: 'drew', seat: 1, from: 'discard', card: 'roll' },
    { type: 'reshuffled', cards: 40, count: 1 },
    { type: 'played', seat: 0, card: 'roll' },
    { type: 'played', seat: 0, card: 'stop', target: 1 },
    { type: 'hazardCancelled', team: 1, hazard: 'stop', by: 'right_of_way' },
    { type: 'discarded', seat: 1, card: 'd25' },
    { type: 'windowOpened', seat: 1, attacker: 0, hazard: 'accident' },
    { type: 'passed', seat: 1 },
    { type: 'coupFourre', seat: 1, card: 'driving_ace', hazard: 'accident', attacker: 0 },
    { type: 'quickRemedy', seat: 1, card: 'repairs', hazard: 'accident' },
    { type: 'turnsLost', seats: [2, 3] },
    { type: 'mulligan', seat: 0, cards: ['d25', 'd50'] },
    { type: 'extraTurn', seat: 1 },
    { type: 'extensionOffered', seat: 0 },
    { type: 'extended', seat: 0, accept: true },
    { type: 'extended', seat: 0, accept: false },
    { type: 'skipped', seat: 1, reason: 'emptyHand' },
    { type: 'drawPileExhausted' },
    { type: 'handOver', hand: 1, winners: [0], scores: [1000, 200] },
    { type: 'matchOver', winners: [0], scores: [5100, 900] },
  ];
  for (const [code, cat] of Object.entries(catalogs)) {
    it(`renders every event as a full sentence in ${code}`, () => {
      useCatalogForTests(code as keyof typeof catalogs, cat, eventCatalogs[code as keyof typeof catalogs]);
      for (const e of events) {
        const text = eventText(e, { seats }, teams);
        expect(text, e.type).toMatch(/\S/);
        expect(text, e.type).not.toMatch(/[{}]/);
      }
    });
  }

  it('reads like English', () => {
    useCatalogForTests('en', en);
    expect(eventText({ type: 'played', seat: 0, card: 'stop', target: 1 }, { seats }, teams)).toBe(
      'Ann played Stop on Bob.',
    );
    expect(
      eventText(
        { type: 'coupFourre', seat: 1, card: 'driving_ace', hazard: 'accident', attacker: 0 },
        { seats },
        teams,
      ),
    ).toBe("Coup fourré! Bob answered Ann's Accident with Driving Ace.");
    expect(eventText({ type: 'turnsLost', seats: [2, 3] }, { seats }, teams)).toBe(
      'Cy and Dee lost their turn.',
    );
    expect(t('table.distance', { km: 275, goal: 1000 })).toBe('275 of 1000 km');
  });

  it('normalises server log rows and skips rows that are not game events', () => {
    expect(
      logEntry({ seq: 7, at: 'x', version: 3, by: 'player', event: { type: 'passed', seat: 1 } }, 0),
    ).toEqual({
      n: 7,
      event: { type: 'passed', seat: 1 },
    });
    useCatalogForTests('en', en);
    const row = logEntry(
      { seq: 8, at: 'x', version: 3, by: 'player', event: { type: 'responseMode', seat: 1, mode: 'ask' } },
      0,
    )!;
    expect(eventText(row.event, { seats }, teams)).toBe('');
  });

  it('formats time left', () => {
    expect(timeLeft(3_600_000 * 2 + 5 * 60_000)).toBe('2 h 05 min');
    expect(timeLeft(249_000)).toBe('4 min 09 s');
    expect(timeLeft(-5)).toBe('0 s');
  });
});

describe('the English words of the first paint and the later ones', () => {
  it('split the catalog in two parts with no key in both', () => {
    const first = Object.keys(enFirst);
    const later = Object.keys(enLater);
    expect(first.filter((k) => later.includes(k))).toEqual([]);
    expect([...first, ...later].sort()).toEqual(Object.keys(en).sort());
  });

  it('are completed by loadLaterWords: a later key reads as words once loaded, and English stays in use', async () => {
    await setLanguage('en', false);
    await loadLaterWords();
    expect(t('settings.coupFourre')).toBe(enLater['settings.coupFourre']);
    expect(t('table.hand')).toBe(enFirst['table.hand']);
    // Going to another language and back keeps the later words.
    useCatalogForTests('fr', fr);
    await setLanguage('en', false);
    expect(t('settings.coupFourre')).toBe(enLater['settings.coupFourre']);
  });
});

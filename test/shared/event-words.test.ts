/**
 * The event words shared by the page and the mail: every language has every phrase with the
 * English placeholders, and every engine event type reads as a sentence in every language.
 */
import { describe, expect, it } from 'vitest';
import { CARD_IDS, kindOf } from '../../worker/engine/cards';
import type { GameEvent } from '../../worker/engine/types';
import { EVENT_PHRASE_KEYS, type EventWords } from '../../worker/words/events/catalog';
import { de } from '../../worker/words/events/de';
import {
  describeEvent,
  type EventTable,
  joinNames,
  scoreLine,
  targetName,
} from '../../worker/words/events/describe';
import { en } from '../../worker/words/events/en';
import { fill } from '../../worker/words/events/fill';
import { fr } from '../../worker/words/events/fr';
import { nb } from '../../worker/words/events/nb';
import { sv } from '../../worker/words/events/sv';

const WORDS = { en, fr, de, sv, nb } as const;
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)[}|]/g)].map((m) => m[1]))].sort();

/** Samples of every engine event type: the mapped type makes a new event type a compile error here. */
const SAMPLES: { [K in GameEvent['type']]: Extract<GameEvent, { type: K }>[] } = {
  handStarted: [{ type: 'handStarted', hand: 2, firstSeat: 1 }],
  drew: [
    { type: 'drew', seat: 0, from: 'pile' },
    { type: 'drew', seat: 1, from: 'discard', card: 'roll' },
  ],
  reshuffled: [{ type: 'reshuffled', cards: 40, count: 1 }],
  played: [
    { type: 'played', seat: 0, card: 'd75' },
    { type: 'played', seat: 1, card: 'stop', target: 0 },
    { type: 'played', seat: 0, card: 'gasoline' },
    { type: 'played', seat: 1, card: 'extra_tank' },
  ],
  hazardCancelled: [{ type: 'hazardCancelled', team: 0, hazard: 'stop', by: 'right_of_way' }],
  discarded: [{ type: 'discarded', seat: 1, card: 'd25' }],
  windowOpened: [{ type: 'windowOpened', seat: 1, attacker: 0, hazard: 'accident' }],
  passed: [{ type: 'passed', seat: 1 }],
  coupFourre: [{ type: 'coupFourre', seat: 1, card: 'driving_ace', hazard: 'accident', attacker: 0 }],
  quickRemedy: [{ type: 'quickRemedy', seat: 1, card: 'repairs', hazard: 'accident' }],
  turnsLost: [
    { type: 'turnsLost', seats: [1] },
    { type: 'turnsLost', seats: [1, 2, 3] },
  ],
  mulligan: [
    { type: 'mulligan', seat: 0, cards: ['d25'] },
    { type: 'mulligan', seat: 0, cards: ['d25', 'd50'] },
  ],
  extraTurn: [{ type: 'extraTurn', seat: 1 }],
  extensionOffered: [{ type: 'extensionOffered', seat: 0 }],
  extended: [
    { type: 'extended', seat: 0, accept: true },
    { type: 'extended', seat: 0, accept: false },
  ],
  skipped: [{ type: 'skipped', seat: 1, reason: 'emptyHand' }],
  drawPileExhausted: [{ type: 'drawPileExhausted' }],
  handOver: [{ type: 'handOver', hand: 1, winners: [0], scores: [1000, 200] }],
  matchOver: [{ type: 'matchOver', winners: [0], scores: [5100, 900] }],
};
const EVENTS: GameEvent[] = Object.values(SAMPLES).flat();

const NAMES = ['Ann', 'Bob', 'Cy', 'Dee'];
/** Two teams of two (seat s plays for team s % 2), cards named by their id. */
const TABLE: EventTable = {
  seat: (s) => NAMES[s],
  teams: [
    [0, 2],
    [1, 3],
  ],
  card: (c) => `<${c}>`,
  kind: kindOf,
};

describe('event catalogs', () => {
  it('exist for the five languages', () => {
    expect(Object.keys(WORDS).sort()).toEqual(['de', 'en', 'fr', 'nb', 'sv']);
  });

  for (const [code, w] of Object.entries(WORDS) as [string, EventWords][]) {
    it(`${code} has every phrase, none empty, with the English placeholders`, () => {
      expect(Object.keys(w).sort()).toEqual(['lang', ...EVENT_PHRASE_KEYS].sort());
      expect(w.lang).toBe(code);
      for (const key of EVENT_PHRASE_KEYS) {
        expect(w[key].trim(), key).not.toBe('');
        expect(placeholders(w[key]), key).toEqual(placeholders(en[key]));
      }
    });
  }
});

describe('describeEvent', () => {
  for (const [code, w] of Object.entries(WORDS) as [string, EventWords][]) {
    it(`words every engine event type as a full sentence in ${code}, for the page and the mail`, () => {
      for (const e of EVENTS) {
        for (const options of [undefined, { reader: 0, scores: true }]) {
          const text = describeEvent(e, TABLE, w, options);
          expect(text, e.type).toMatch(/\S/);
          expect(text, e.type).not.toMatch(/[{}|]/);
        }
      }
      for (const card of CARD_IDS.filter((c) => kindOf(c) !== 'hazard')) {
        expect(describeEvent({ type: 'played', seat: 0, card }, TABLE, w)).toContain(`<${card}>`);
      }
    });
  }

  it('reads like English, by card kind', () => {
    const say = (e: GameEvent) => describeEvent(e, TABLE, en);
    expect(say({ type: 'played', seat: 0, card: 'd75' })).toBe('Ann drove <d75>.');
    expect(say({ type: 'played', seat: 1, card: 'stop', target: 0 })).toBe(
      'Bob played <stop> on Ann and Cy.',
    );
    expect(say({ type: 'played', seat: 0, card: 'gasoline' })).toBe('Ann played <gasoline>.');
    expect(say({ type: 'played', seat: 0, card: 'extra_tank' })).toBe('Ann played the safety <extra_tank>.');
    expect(say({ type: 'turnsLost', seats: [1] })).toBe('Bob lost their turn.');
    expect(say({ type: 'turnsLost', seats: [1, 2, 3] })).toBe('Bob, Cy and Dee lost their turn.');
    expect(say({ type: 'drew', seat: 0, from: 'pile' })).toBe('Ann drew a card.');
    expect(say({ type: 'responseMode', seat: 1 } as unknown as GameEvent)).toBe('');
  });

  it('speaks to the reader and adds the scores when asked (the mail)', () => {
    const mail = { reader: 2, scores: true };
    expect(describeEvent({ type: 'played', seat: 1, card: 'stop', target: 0 }, TABLE, en, mail)).toBe(
      'Bob played <stop> on your team.',
    );
    expect(
      describeEvent(
        { type: 'hazardCancelled', team: 0, hazard: 'stop', by: 'right_of_way' },
        TABLE,
        en,
        mail,
      ),
    ).toBe('<right_of_way> cancelled the <stop> on your team.');
    expect(describeEvent(SAMPLES.handOver[0], TABLE, en, mail)).toBe(
      'Hand 1 is over. Scores: Ann & Cy 1000, Bob & Dee 200.',
    );
    expect(describeEvent(SAMPLES.matchOver[0], TABLE, en, mail)).toBe(
      'The match is over. Final scores: Ann & Cy 5100, Bob & Dee 900.',
    );
    expect(describeEvent(SAMPLES.handOver[0], TABLE, en)).toBe('Hand 1 is over.');
  });

  it('picks singular and plural by each language', () => {
    expect(describeEvent(SAMPLES.mulligan[0], TABLE, de)).toBe('Ann hat 1 Karte getauscht.');
    expect(describeEvent(SAMPLES.mulligan[1], TABLE, fr)).toBe('Ann a échangé 2 cartes.');
    expect(describeEvent({ type: 'reshuffled', cards: 1, count: 1 }, TABLE, en)).toContain('(1 card)');
    expect(fill('{n} {n|card|cards}', { n: 0 }, 'fr')).toBe('0 card');
  });
});

describe('names', () => {
  it('joins names and names a target by team, "you" for a lone reader', () => {
    expect(joinNames([], sv)).toBe('');
    expect(joinNames(['Ann'], sv)).toBe('Ann');
    expect(joinNames(['Ann', 'Bob', 'Cy'], sv)).toBe('Ann, Bob och Cy');
    const duo: EventTable = { ...TABLE, teams: [[0], [1]] };
    expect(targetName(duo, 0, nb, 0)).toBe('deg');
    expect(targetName(duo, 0, nb, 1)).toBe('Ann');
    expect(targetName(TABLE, 3, de, 1)).toBe('dein Team');
    expect(targetName(TABLE, 3, de, null)).toBe('Bob und Dee');
    expect(scoreLine(duo, [450, 300])).toBe('Ann 450, Bob 300');
  });
});

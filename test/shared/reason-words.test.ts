/**
 * The reason words (worker/words/reasons): every language has every sentence with the English
 * placeholders, and every code `whyNot` gives reads as a full sentence — nothing empty, no
 * `{placeholder}` left — in every language, for each of its cases.
 */
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../worker/engine/cards';
import { CARD_REASON_CODES, type CardReason } from '../../worker/engine/why-not-reasons';
import { cardName } from '../../worker/words/cards/catalog';
import { en as enCards } from '../../worker/words/cards/en';
import { REASON_PHRASE_KEYS } from '../../worker/words/reasons/catalog';
import { de } from '../../worker/words/reasons/de';
import { type ReasonTable, reasonsText, reasonText } from '../../worker/words/reasons/describe';
import { en } from '../../worker/words/reasons/en';
import { fr } from '../../worker/words/reasons/fr';
import { nb } from '../../worker/words/reasons/nb';
import { sv } from '../../worker/words/reasons/sv';

const WORDS = { en, fr, de, sv, nb } as const;
/** A sentence's placeholders; `count` only picks a verb's plural, which some languages do not need. */
const placeholders = (s: string) =>
  [...new Set([...s.matchAll(/\{(\w+)[}|]/g)].map((m) => m[1]))].filter((p) => p !== 'count').sort();
const NAMES = ['Ann', 'Bob', 'Cy', 'Dee'];

/** Two teams of two: Ann & Cy, Bob & Dee; or one seat each. */
function table(teams: number[][]): ReasonTable {
  return {
    seat: (s) => NAMES[s],
    teams,
    card: (c) => cardName(enCards, c),
    kind: kindOf,
    team: (t) => teams[t].map((s) => NAMES[s]).join(' + '),
  };
}
const SOLO = table([[0], [1]]);
const PAIRS = table([
  [0, 2],
  [1, 3],
]);
const TARGET = { target: 1, team: 1, seats: [1] };

/** Samples of every reason code, each case of its sentence: the mapped type makes a new code a compile error. */
const SAMPLES: { [K in (typeof CARD_REASON_CODES)[number]]: Extract<CardReason, { code: K }>[] } = {
  'seat.invalid': [{ code: 'seat.invalid', params: { seat: 5 } }],
  'turn.not_yours': [
    { code: 'turn.not_yours', params: { acting: 1 } },
    { code: 'turn.not_yours', params: { acting: null } },
  ],
  'phase.wrong': (['draw', 'play', 'respond', 'extension', 'handOver', 'matchOver'] as const).map(
    (phase) => ({
      code: 'phase.wrong' as const,
      params: { phase },
    }),
  ),
  'card.not_in_hand': [{ code: 'card.not_in_hand', params: { card: 'd25' } }],
  'distance.not_rolling': [
    {
      code: 'distance.not_rolling',
      params: { battleTop: null, remedy: 'roll', thenRoll: false, safety: 'right_of_way' },
    },
    {
      code: 'distance.not_rolling',
      params: { battleTop: 'repairs', remedy: 'roll', thenRoll: false, safety: null },
    },
    {
      code: 'distance.not_rolling',
      params: { battleTop: 'flat_tire', remedy: 'spare_tire', thenRoll: true, safety: 'puncture_proof' },
    },
    {
      code: 'distance.not_rolling',
      params: { battleTop: 'out_of_gas', remedy: 'gasoline', thenRoll: false, safety: null },
    },
  ],
  'distance.speed_limit': [{ code: 'distance.speed_limit', params: { km: 75, maxKm: 50 } }],
  'distance.too_many_200': [{ code: 'distance.too_many_200', params: { played: 2, max: 2 } }],
  'distance.past_goal': [{ code: 'distance.past_goal', params: { km: 50, kmLeft: 25, goal: 1000 } }],
  'hazard.target_protected': [
    { code: 'hazard.target_protected', params: { ...TARGET, safety: 'driving_ace' } },
  ],
  'hazard.target_not_rolling': [
    { code: 'hazard.target_not_rolling', params: { ...TARGET, battleTop: null } },
  ],
  'hazard.target_hazarded': [{ code: 'hazard.target_hazarded', params: { ...TARGET, hazard: 'accident' } }],
  'hazard.target_limited': [{ code: 'hazard.target_limited', params: TARGET }],
  'hazard.attacker_not_started': [{ code: 'hazard.attacker_not_started', params: TARGET }],
  'remedy.not_needed': [
    { code: 'remedy.not_needed', params: { pile: 'speed', top: null, rolling: true } },
    { code: 'remedy.not_needed', params: { pile: 'battle', top: 'roll', rolling: true } },
    { code: 'remedy.not_needed', params: { pile: 'battle', top: null, rolling: false } },
    { code: 'remedy.not_needed', params: { pile: 'battle', top: 'accident', rolling: false } },
  ],
  'safety.already_played': [{ code: 'safety.already_played', params: { safety: 'extra_tank' } }],
};

describe('reason words', () => {
  it('every language has every sentence, with the English placeholders (a plural count aside)', () => {
    for (const [code, w] of Object.entries(WORDS)) {
      expect(w.lang).toBe(code);
      for (const key of REASON_PHRASE_KEYS) {
        expect(w[key].trim(), `${code}.${key}`).not.toBe('');
        expect(placeholders(w[key]), `${code}.${key}`).toEqual(placeholders(en[key]));
      }
    }
  });

  it('every code × every language × every case gives a sentence with no placeholder left', () => {
    for (const code of CARD_REASON_CODES) expect(SAMPLES[code].length, code).toBeGreaterThan(0);
    for (const w of Object.values(WORDS)) {
      for (const code of CARD_REASON_CODES) {
        for (const reason of SAMPLES[code] as CardReason[]) {
          for (const t of [SOLO, PAIRS]) {
            const text = reasonText(reason, t, w);
            expect(text.trim(), `${w.lang} ${code}`).not.toBe('');
            expect(text, `${w.lang} ${code}`).not.toMatch(/[{}]/);
          }
        }
      }
    }
  });

  it('reads as the issue asks, in English', () => {
    const say = (r: CardReason, t = SOLO) => reasonText(r, t, en);
    expect(say(SAMPLES['hazard.target_protected'][0])).toBe('Bob has Driving Ace.');
    expect(say(SAMPLES['hazard.target_protected'][0], PAIRS)).toBe('Bob + Dee have Driving Ace.');
    expect(say(SAMPLES['distance.past_goal'][0])).toBe('Only 25 km to go: this card would pass 1000.');
    expect(say(SAMPLES['distance.not_rolling'][1])).toBe('You need a Roll first (classic rules).');
    expect(say(SAMPLES['distance.not_rolling'][0])).toBe(
      'You need a Roll first. Right of Way would also do.',
    );
    expect(say(SAMPLES['distance.not_rolling'][2])).toBe(
      'You are stopped by Flat Tire: you need Spare Tire, then a Roll (classic rules). Puncture-Proof would also do.',
    );
    expect(say(SAMPLES['turn.not_yours'][0])).toBe("It is Bob's turn.");
    expect(say(SAMPLES['remedy.not_needed'][3])).toBe(
      'This card does not answer the Accident on your battle pile.',
    );
    expect(say({ code: 'move.malformed', params: {} })).toBe('This card cannot be played now.');
  });

  it('several targets read once each, in order', () => {
    const protectedBob = SAMPLES['hazard.target_protected'][0];
    const other = { ...protectedBob, params: { ...protectedBob.params, target: 2, team: 2, seats: [2] } };
    const three = table([[0], [1], [2]]);
    expect(reasonsText([protectedBob, other, protectedBob], three, en)).toBe(
      'Bob has Driving Ace. Cy has Driving Ace.',
    );
  });
});

/**
 * The moves a turn mail suggests (worker/bots/suggest.ts, issue 34): at most four, all legal, the
 * expert's own choice first; a turn that starts with a choice of draw pile offers the draws (the
 * pile first); a response window offers the coup fourré before letting the hazard go; nothing for a
 * seat with nothing to do.
 */
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../worker/bots/index';
import { suggestMoves } from '../../worker/bots/suggest';
import { type MatchState, type Move, viewFor } from '../../worker/engine/index';
import { playRandomGame } from '../engine/random-game';

/** States met in random games of `preset` where `keep(state, seat, legal)` holds, with the seat. */
function statesWhere(
  preset: string,
  keep: (legal: readonly Move[], state: MatchState) => boolean,
  games = 6,
): Array<{ state: MatchState; seat: number }> {
  const out: Array<{ state: MatchState; seat: number }> = [];
  for (let g = 0; g < games; g++)
    playRandomGame({
      rules: { preset: preset as 'classic' },
      seating: { seats: 2, teamSize: 1 },
      seed: `suggest-${g}`,
      choiceSeed: `choice-${g}`,
      responses: ['ask', 'ask'],
      maxMoves: 400,
      onStep: (state, seat, legal) => {
        if (keep(legal, state)) out.push({ state, seat });
      },
    });
  return out;
}

describe('suggested moves', () => {
  it('are at most four legal moves, the expert’s choice first', () => {
    const cases = statesWhere('classic', (legal) => legal.some((m) => m.type === 'play') && legal.length > 4);
    expect(cases.length).toBeGreaterThan(10);
    for (const { state, seat } of cases.slice(0, 40)) {
      const view = viewFor(state, seat);
      const got = suggestMoves(view, { seed: 's' });
      expect(got.length).toBe(4);
      for (const m of got) expect(view.legalMoves).toContain(m);
      expect(new Set(got).size).toBe(got.length);
      expect(got[0]).toEqual(chooseMove(view, { level: 'expert', seed: 's' }));
    }
  });

  it('offer the draws, the pile first, when a turn starts with a choice of pile', () => {
    const cases = statesWhere(
      'hasbro-2016',
      (legal) => legal.length > 1 && legal.every((m) => m.type === 'draw'),
    );
    expect(cases.length).toBeGreaterThan(0);
    for (const { state, seat } of cases) {
      expect(suggestMoves(viewFor(state, seat), { seed: 's' })).toEqual([
        { type: 'draw' },
        { type: 'draw', from: 'discard' },
      ]);
    }
  });

  it('offer the coup fourré before letting the hazard go in a response window', () => {
    const cases = statesWhere('classic', (legal) => legal.some((m) => m.type === 'coupFourre'), 30);
    expect(cases.length).toBeGreaterThan(0);
    for (const { state, seat } of cases) {
      const got = suggestMoves(viewFor(state, seat), { seed: 's' });
      expect(got[0].type).toBe('coupFourre');
      expect(got.at(-1)).toEqual({ type: 'pass' });
    }
  });

  it('are none for a seat with nothing to do', () => {
    const [{ state, seat }] = statesWhere('classic', (legal) => legal.length > 0);
    expect(suggestMoves(viewFor(state, 1 - seat), { seed: 's' })).toEqual([]);
  });
});

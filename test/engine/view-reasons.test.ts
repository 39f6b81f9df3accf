/**
 * The reasons in a seat's view (worker/engine/view.ts `viewFor`): the viewer's own hand carries
 * `whyNot` for each distinct card that cannot be played, a playable card has no entry, and no view
 * ever holds reasons for another seat's cards (a spectator's holds none).
 */
import { describe, expect, it } from 'vitest';
import { createMatch, type MatchState, viewFor, whyNot } from '../../worker/engine/index';

/** Classic, 2 seats: seat 0 to play, not rolling yet, with a Roll, two 25s, a Stop and a Repairs. */
function start(): MatchState {
  const r = createMatch({
    rules: 'classic',
    seats: 2,
    seed: 'view-reasons',
    position: {
      phase: 'play',
      hands: { 0: ['roll', 'd25', 'd25', 'stop', 'repairs'], 1: ['d50', 'driving_ace', 'gasoline'] },
    },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.state;
}

describe('reasons in the view', () => {
  it('gives the viewer a reason for each distinct unplayable card of its own hand, none for a playable one', () => {
    const s = start();
    const v = viewFor(s, 0);
    expect(Object.keys(v.reasons).sort()).toEqual(['d25', 'repairs', 'stop']);
    expect(v.reasons.roll).toBeUndefined();
    expect(v.reasons.d25).toEqual(whyNot(s, 0, 'd25'));
    expect(v.reasons.d25?.[0].code).toBe('distance.not_rolling');
    expect(v.reasons.stop?.[0].code).toBe('hazard.target_not_rolling');
    expect(v.reasons.repairs?.[0].code).toBe('remedy.not_needed');
    for (const card of Object.keys(v.reasons)) expect(v.hand).toContain(card);
  });

  it("holds only the viewer's own cards: another seat's view names its own, a spectator's none", () => {
    const s = start();
    const other = viewFor(s, 1);
    expect(Object.keys(other.reasons).sort()).toEqual(['d50', 'driving_ace', 'gasoline']);
    expect(other.reasons.d50).toEqual([{ code: 'turn.not_yours', params: { acting: 0 } }]);
    for (const card of ['roll', 'd25', 'stop', 'repairs']) expect(other.reasons).not.toHaveProperty(card);
    expect(viewFor(s, 0).reasons).not.toHaveProperty('driving_ace');
    expect(viewFor(s, null).reasons).toEqual({});
    expect(viewFor(s, 7).reasons).toEqual({});
  });

  it('survives the wire (plain JSON)', () => {
    const v = viewFor(start(), 0);
    expect(JSON.parse(JSON.stringify(v.reasons))).toEqual(v.reasons);
  });
});

// @vitest-environment happy-dom
/**
 * A league member's form chart: nothing before a finished match, a dot after one (the sparkline
 * package draws nothing for a single value), the package's line from two, and a line along the
 * bottom for a run of zeros (the package's scale divides by the largest value); the words beside it.
 * (The package's own line is drawn in chromium: test/browser/league.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { chartShape, FormChart } from '../../web/src/screens/league/FormChart';
import type { Standing } from '../../worker/league-protocol';
import { mount } from './render';

function standing(points: number[]): Standing {
  return {
    member: 1,
    name: 'Lea',
    left: false,
    matches: points.length,
    matchesWon: 0,
    hands: points.length,
    handsWon: 0,
    points: points.reduce((a, b) => a + b, 0),
    perHand: 0,
    coupsFourres: 0,
    longestRun: 0,
    form: points.map((p, i) => ({ matchId: `m${i}`, points: p, won: i === 0 })),
  };
}

describe('the form chart', () => {
  it('is a dot after one match, a line from two, a bottom line for zeros, empty before any', () => {
    useCatalogForTests('en', en);
    expect([[], [700], [0], [0, 0], [0, 300], [700, 1450]].map(chartShape)).toEqual([
      'none',
      'dot',
      'dot',
      'zero',
      'line',
      'line',
    ]);
    const none = mount(<FormChart standing={standing([])} />);
    expect(none.querySelector('svg')?.children).toHaveLength(0);
    expect(none.textContent).toBe('Lea: no finished match yet');
    const dot = mount(<FormChart standing={standing([700])} />);
    expect(Number(dot.querySelector('svg circle')?.getAttribute('r'))).toBeGreaterThan(0);
    expect(dot.textContent).toBe('Lea: 700 (won)');
    const zero = mount(<FormChart standing={standing([0, 0])} />).querySelector('svg line')!;
    expect(Number(zero.getAttribute('x2')) - Number(zero.getAttribute('x1'))).toBeGreaterThan(100);
  });
});

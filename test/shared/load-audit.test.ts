/** The load test's audit (scripts/load-audit.ts): a lost, a doubled and a mismatched match are each seen. */
import { describe, expect, it } from 'vitest';
import { auditMatch, quantile } from '../../scripts/load-audit';

const state = { version: 3, hands: [[1, 2]] };

describe('auditMatch', () => {
  it('finds nothing when every acknowledged move is logged once and the states agree', () => {
    const a = auditMatch(new Set(['a', 'b']), {
      replayed: state,
      stored: { ...state },
      moveIds: ['a', 'b', 'c'],
    });
    expect(a).toEqual({ lost: 0, doubled: 0, mismatch: false });
  });

  it('counts an acknowledged move missing from the log as lost', () => {
    const a = auditMatch(new Set(['a', 'b', 'x']), { replayed: state, stored: state, moveIds: ['a', 'b'] });
    expect(a.lost).toBe(1);
  });

  it('counts a move id logged twice (or more) as one doubled id', () => {
    const a = auditMatch(new Set(['a']), {
      replayed: state,
      stored: state,
      moveIds: ['a', 'b', 'a', 'a', 'b'],
    });
    expect(a.doubled).toBe(2);
    expect(a.lost).toBe(0);
  });

  it('sees a stored state that differs from the replay', () => {
    const a = auditMatch(new Set(), { replayed: state, stored: { ...state, version: 4 }, moveIds: [] });
    expect(a.mismatch).toBe(true);
  });
});

describe('quantile', () => {
  it('takes the nearest rank and 0 for no samples', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(xs, 0.5)).toBe(51);
    expect(quantile(xs, 0.99)).toBe(100);
    expect(quantile([], 0.5)).toBe(0);
  });
});

/** The load test's audit (scripts/load-audit.ts): a lost, a doubled and a mismatched match are each seen. */
import { describe, expect, it } from 'vitest';
import { auditMatch, duplicateAnswerOk, isDailyLimitAnswer, quantile } from '../../scripts/load-audit';

const state = { version: 3, hands: [[1, 2]] };

describe('auditMatch', () => {
  it('finds nothing when every acknowledged move is logged once and the states agree', () => {
    const a = auditMatch(new Set(['a', 'b']), {
      replayed: state,
      stored: { ...state },
      moveIds: ['a', 'b', 'c'],
    });
    expect(a).toEqual({ lost: 0, doubled: 0, refusedLogged: 0, timedOutAfterOutage: 0, mismatch: false });
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

  it('counts a refused move id that the log holds all the same (a retry not recognised by its id)', () => {
    // 'r' was played on the first try (its answer lost), then its retry was refused as stale.
    const a = auditMatch(
      new Set(['a']),
      { replayed: state, stored: state, moveIds: ['a', 'r'] },
      new Set(['r', 's']),
    );
    expect(a).toEqual({ lost: 0, doubled: 0, refusedLogged: 1, timedOutAfterOutage: 0, mismatch: false });
  });

  it('counts the timeouts stored from the outage’s start on, and none without an outage', () => {
    const answer = { replayed: state, stored: state, moveIds: [], timeouts: [1_000, 5_000, 9_000] };
    expect(auditMatch(new Set(), answer, new Set(), 5_000).timedOutAfterOutage).toBe(2);
    expect(auditMatch(new Set(), answer, new Set(), 10_000).timedOutAfterOutage).toBe(0);
    expect(auditMatch(new Set(), answer).timedOutAfterOutage).toBe(0);
  });

  it('sees a stored state that differs from the replay', () => {
    const a = auditMatch(new Set(), { replayed: state, stored: { ...state, version: 4 }, moveIds: [] });
    expect(a.mismatch).toBe(true);
  });
});

describe('duplicateAnswerOk', () => {
  it('accepts a replay, no answer and a rate limit, and nothing else', () => {
    expect(duplicateAnswerOk({ status: 200, body: { info: {}, events: [], replayed: true } })).toBe(true);
    expect(duplicateAnswerOk(null)).toBe(true);
    expect(duplicateAnswerOk({ status: 429, body: { error: { code: 'rate.limited' } } })).toBe(true);
    // Played again (no `replayed`), or refused as a new move at a stale version.
    expect(duplicateAnswerOk({ status: 200, body: { info: {}, events: [] } })).toBe(false);
    expect(duplicateAnswerOk({ status: 409, body: { error: { code: 'version.stale' } } })).toBe(false);
    expect(duplicateAnswerOk({ status: 500, body: 'Internal Server Error' })).toBe(false);
  });

  it('takes the daily limit’s refusal as saying nothing, and no other 503', () => {
    const limit = { status: 503, body: { error: { code: 'server.daily_limit' }, resumeAt: 0 } };
    expect(isDailyLimitAnswer(limit)).toBe(true);
    expect(duplicateAnswerOk(limit)).toBe(true);
    const other = { status: 503, body: { error: { code: 'server.busy' } } };
    expect(isDailyLimitAnswer(other)).toBe(false);
    expect(duplicateAnswerOk(other)).toBe(false);
    expect(isDailyLimitAnswer(null)).toBe(false);
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

/**
 * A match stored before the keyed hand seeds (test/fixtures/legacy-match.json, recorded on 2026-12-02 with the
 * code of that day by scripts/record-legacy-replay.ts): no seed scheme in its setup, so its deals are
 * the legacy ones. Replayed from its stored rows with today's code, every hand's replay shows the
 * recorded deal and reproduces the recorded score sheet exactly.
 */
import { describe, expect, it } from 'vitest';
import { buildHandReplay, createMatch, type HandResult, type MatchSetup } from '../../worker/engine/index';
import { applyRows } from '../../worker/match/rebuild';
import { entriesOf } from '../../worker/match/replay-page';
import type { LogRow } from '../../worker/match/rows';
import fixture from '../fixtures/legacy-match.json';

const setup = fixture.setup as MatchSetup;
const rows = fixture.rows as unknown as LogRow[];
const results = fixture.results as HandResult[];

describe('the replay of a match stored before keyed seeds', () => {
  it('has no seed scheme: it keeps the legacy deals', () => {
    expect('seedScheme' in setup).toBe(false);
    const created = createMatch(setup);
    if (!created.ok) throw new Error('setup refused');
    expect(created.state.hands).toEqual(fixture.deals[0]);
  });

  it('reproduces every hand’s deal and the score sheet exactly', () => {
    const entries = entriesOf(rows);
    expect(results.length).toBe(fixture.deals.length);
    for (const recorded of results) {
      const r = buildHandReplay(setup, entries, recorded.hand);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.replay.deal.table.cards).toEqual(fixture.deals[recorded.hand - 1]);
      expect(r.replay.result).toEqual(recorded);
    }
    const last = buildHandReplay(setup, entries, results.length);
    if (!last.ok) throw new Error(last.error.message);
    expect(last.replay.totals).toEqual(fixture.scores);
  });

  it('rebuilds the same final state on wake-up (the server’s replay of the rows)', () => {
    const created = createMatch(setup);
    if (!created.ok) throw new Error('setup refused');
    const r = applyRows(created.state, rows);
    expect(r.ok).toBe(true);
    expect(r.state.results).toEqual(results);
    expect(r.state.matchWinners).toEqual(fixture.winners);
    expect(r.state.phase).toBe('matchOver');
  });
});

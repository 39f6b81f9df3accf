/**
 * Nothing writes a seat, the meta row or the state of a match outside applying a decided outcome:
 * in worker/, only worker/match/commit.ts calls `setSeat`, `updateMeta` or `setState` (and
 * context.ts, which defines them, inserts the seats of a new match); the decider's own working copy
 * (worker/decider/draft.ts) is not the match's. Nor does anything assign a field of the meta row or
 * a seat in place, and only the wake-up (worker/match/rebuild.ts) `restore`s the state it rebuilt.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './imports';

const root = join(__dirname, '..', '..');
const WRITES = /\.(setSeat|updateMeta|setState|restore)\s*(?:\?\.)?\s*\(/g;
/** An assignment to a field of a meta row (`meta.status = …`, `m.meta!.rematchId = …`) or to a seat in place. */
const IN_PLACE = /\b(meta!?\.[A-Za-z]+|seats\[[^\]]+\])\s*(?:[-+*/?|&]{0,2})=(?!=)/g;
/** The files allowed to call them: the outcome's one applier, the class that defines them, the decider's draft. */
const ALLOWED = new Set(['worker/match/commit.ts', 'worker/match/context.ts']);
/** The wake-up restores what the log holds (no change: nothing is written). */
const RESTORES = new Set(['worker/match/rebuild.ts']);

/** The `file:line call` of every write call or in-place assignment in `text` of repository file `file`. */
function writesIn(file: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(WRITES))
      if (!(m[1] === 'restore' && RESTORES.has(file))) out.push(`${file}:${i + 1} ${m[1]}`);
    for (const m of line.matchAll(IN_PLACE)) out.push(`${file}:${i + 1} ${m[1]}`);
  });
  return out;
}

describe('writes to a match', () => {
  it('only commit.ts applies them in worker/ (the decider writes its own draft)', () => {
    const found = sourceFiles(root, 'worker')
      .filter((f) => !ALLOWED.has(f) && !f.startsWith('worker/decider/'))
      .flatMap((f) => writesIn(f, readFileSync(join(root, f), 'utf8')))
      // The address object's own table of preferences is not a match's seat.
      .filter((w) => !w.startsWith('worker/notify/address-'));
    expect(found).toEqual([]);
  });

  it('finds a write outside the applier', () => {
    expect(writesIn('worker/match/seats.ts', '  m.setSeat({ ...row, standIn: true });')).toEqual([
      'worker/match/seats.ts:1 setSeat',
    ]);
    expect(writesIn('worker/match/rematch.ts', '  m.updateMeta ({ rematchId });')).toEqual([
      'worker/match/rematch.ts:1 updateMeta',
    ]);
    expect(writesIn('worker/match/alarm.ts', '  m.restore(state, null);')).toEqual([
      'worker/match/alarm.ts:1 restore',
    ]);
    expect(writesIn('worker/match/rebuild.ts', '  m.restore(r.state, deadline);')).toEqual([]);
    expect(writesIn('worker/match/rematch.ts', '  m.meta!.rematchOffer = offer;')).toEqual([
      'worker/match/rematch.ts:1 meta!.rematchOffer',
    ]);
    expect(writesIn('worker/match/seats.ts', '  seats[seat] = row;')).toEqual([
      'worker/match/seats.ts:1 seats[seat]',
    ]);
    expect(writesIn('worker/match/views.ts', '  if (meta.status === "lobby") return;')).toEqual([]);
  });
});

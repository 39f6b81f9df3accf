/**
 * Nothing writes a seat, the meta row or the state of a match outside applying a decided outcome:
 * in worker/, only worker/match/commit.ts calls `setSeat`, `updateMeta` or `setState` (and
 * context.ts, which defines them, inserts the seats of a new match); the decider's own working copy
 * (worker/decider/draft.ts) is not the match's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './imports';

const root = join(__dirname, '..', '..');
const WRITES = /\.(setSeat|updateMeta|setState)\(/g;
/** The files allowed to call them: the outcome's one applier, the class that defines them, the decider's draft. */
const ALLOWED = new Set(['worker/match/commit.ts', 'worker/match/context.ts']);

/** The `file:line call` of every write call in `text` of repository file `file`. */
function writesIn(file: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(WRITES)) out.push(`${file}:${i + 1} ${m[1]}`);
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
  });
});

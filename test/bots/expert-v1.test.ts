/**
 * `expert-v1` (profiles.ts) is a frozen arena level: later experts are measured against it, so its
 * moves must never change. These deals pin them: a digest of every move it and its opponents make
 * in fixed hands at its production budget (2 and 4 seats, classic and hasbro-2016). If this fails,
 * a change reached `EXPERT_V1`'s code paths: gate it behind a profile switch instead.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXPERT, EXPERT_V1 } from '../../worker/bots/profiles';
import { playHand } from './support';

function digest(): string {
  const h = createHash('sha256');
  const tables = [
    { rules: 'classic', seats: 2, levels: ['expert-v1', 'basic'] },
    { rules: 'classic', seats: 2, levels: ['basic', 'expert-v1'] },
    { rules: 'classic', seats: 4, levels: ['expert-v1', 'basic', 'expert-v1', 'basic'] },
    { rules: 'hasbro-2016', seats: 2, levels: ['expert-v1', 'expert-v1'] },
  ] as const;
  for (const t of tables) {
    for (let d = 0; d < 4; d++) {
      const seed = `v1:${t.rules}:${t.seats}:${d}`;
      const hand = playHand({ rules: t.rules, seats: t.seats, seed }, [...t.levels], seed, 5);
      h.update(JSON.stringify(hand.moves));
      h.update(JSON.stringify(hand.state.results));
    }
  }
  return h.digest('hex').slice(0, 16);
}

describe('expert-v1 is frozen', () => {
  it('makes the same moves on fixed deals as when it was frozen', () => {
    expect(digest()).toBe('50a040a82faf0412');
  });

  it('cannot be tuned: its weights and search constants are read-only and not shared with the expert', () => {
    expect(Object.isFrozen(EXPERT_V1.weights)).toBe(true);
    expect(Object.isFrozen(EXPERT_V1.search)).toBe(true);
    expect(EXPERT.weights).not.toBe(EXPERT_V1.weights);
    expect(EXPERT.search).not.toBe(EXPERT_V1.search);
  });
});

/**
 * The keyed hand seeds (hand-seed.ts): HMAC-SHA256 keyed with the match secret, checked
 * against Node's own HMAC; the legacy scheme unchanged; a hand-1 deal tells nothing of hand 2's.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMatch, handRng, type MatchSetup } from '../../worker/engine/index';
import { seedRng } from '../../worker/engine/rng';
import { playUntil } from './replay-play';

const arranged: MatchSetup = {
  rules: { preset: 'classic' },
  seats: 2,
  seed: 'secret-A',
  seedScheme: 'keyed-v1',
  // Hand 1 is arranged in full (every card placed, none left to the seed): the same deal under any secret.
  position: {
    hands: {
      0: ['d25', 'd50', 'd75', 'd100', 'd200', 'roll'],
      1: ['stop', 'accident', 'repairs', 'gasoline', 'd25', 'd50'],
    },
    deck: ['d100', 'd100', 'd75', 'roll', 'd50', 'd25', 'd200', 'stop', 'd100', 'roll', 'd75', 'd50'],
    unplaced: 'box',
  },
};

describe('keyed hand seeds', () => {
  it('are the first 16 bytes of HMAC-SHA256(secret, "mille-bornes/hand/N"), as Node computes it', () => {
    for (const [secret, hand] of [
      ['k9JcPz1fQ2x-Vw', 1],
      ['another secret', 7],
    ] as const) {
      const mac = createHmac('sha256', secret).update(`mille-bornes/hand/${hand}`).digest();
      expect(handRng(secret, hand, 'keyed-v1')).toEqual([0, 4, 8, 12].map((i) => mac.readUInt32BE(i)));
    }
  });

  it('leave the legacy scheme (no tag) exactly as before: cyrb128 of "seed#hand"', () => {
    expect(handRng('s', 3, undefined)).toEqual(seedRng('s#3'));
    expect(handRng('s', 3, 'keyed-v1')).not.toEqual(seedRng('s#3'));
  });

  it('give two different hand-2 deals for the same hand-1 deal under two different secrets', () => {
    const a = createMatch(arranged);
    const b = createMatch({ ...arranged, seed: 'secret-B' });
    if (!a.ok || !b.ok) throw new Error('setup refused');
    expect(a.state.hands).toEqual(b.state.hands);
    expect(a.state.deck).toEqual(b.state.deck);
    const toHand2 = (s: { handNumber: number }) => s.handNumber === 2;
    const two = [arranged, { ...arranged, seed: 'secret-B' }].map((setup) => playUntil(setup, toHand2).state);
    expect(two[0].handNumber).toBe(2);
    expect(two[1].handNumber).toBe(2);
    expect(two[0].hands).not.toEqual(two[1].hands);
    expect(two[0].deck).not.toEqual(two[1].deck);
  });

  it('are recorded in the state: a new match names keyed-v1, a setup without it none', () => {
    const keyed = createMatch({ rules: { preset: 'classic' }, seats: 2, seed: 'x', seedScheme: 'keyed-v1' });
    const legacy = createMatch({ rules: { preset: 'classic' }, seats: 2, seed: 'x' });
    if (!keyed.ok || !legacy.ok) throw new Error('setup refused');
    expect(keyed.state.seedScheme).toBe('keyed-v1');
    expect('seedScheme' in legacy.state).toBe(false);
    expect(keyed.state.hands).not.toEqual(legacy.state.hands);
    const bad = createMatch({ rules: { preset: 'classic' }, seats: 2, seed: 'x', seedScheme: 'v0' as never });
    expect(bad.ok).toBe(false);
  });
});

/**
 * The bots' own seeded generator (FNV-1a to hash a seed string, mulberry32 to draw). The engine keeps
 * its generator private, and a bot's randomness must not touch the match's anyway: the same seed and
 * view always give the same move.
 */

/** A small deterministic generator: `next()` draws a float in [0, 1). */
export interface Rand {
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** A 32-bit unsigned integer. */
  u32(): number;
}

/** FNV-1a over a string, 32 bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A generator seeded from `seed` (any string, or a 32-bit number). Same seed, same sequence. */
export function makeRand(seed: string | number): Rand {
  let a = typeof seed === 'number' ? seed | 0 : hash32(seed);
  const u32 = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    u32,
    next: () => u32() / 4294967296,
    int: (n) => Math.floor((u32() / 4294967296) * n),
  };
}

/** Shuffles `items` in place (Fisher–Yates) and returns it. */
export function shuffle<T>(items: T[], rand: Rand): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rand.int(i + 1);
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
  return items;
}

/**
 * Each hand's shuffle generator from the match seed (RULES.md §2: a fresh shuffle every hand). Two
 * schemes: the legacy one hashes `seed#hand` with cyrb128 (fast, but every step of it can be undone,
 * and sfc32's state can be recovered from a full shuffle), kept for matches stored before the keyed hand seeds;
 * `keyed-v1` keys HMAC-SHA256 with the seed (a secret that never leaves the Durable Object), so a
 * finished hand's shown shuffle tells nothing of another hand's. Synchronous: the deal runs inside
 * `applyMove` and on wake-up.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { type RngState, seedRng } from './rng';

/** Seed schemes a state may name; a state without one (stored before the keyed hand seeds) uses the legacy scheme. */
export const SEED_SCHEMES = ['keyed-v1'] as const;
export type SeedScheme = (typeof SEED_SCHEMES)[number];

/**
 * The scheme every new match is dealt with (worker/match/creation.ts `setupFor`); a replay of a new
 * match outside the server (the capacity bench's Node replay) must deal with it too.
 */
export const NEW_MATCH_SEED_SCHEME: SeedScheme = 'keyed-v1';

/** True for a known seed scheme tag. */
export function isSeedScheme(value: unknown): value is SeedScheme {
  return (SEED_SCHEMES as readonly unknown[]).includes(value);
}

/**
 * The sfc32 generator of hand `hand` (from 1) of a match seeded `seed`: `keyed-v1` takes the first 16
 * bytes of HMAC-SHA256(key = seed, message = "mille-bornes/hand/<hand>") as four big-endian words;
 * `undefined` (legacy) is cyrb128 of `seed#hand`, unchanged so stored matches keep their deals.
 */
export function handRng(seed: string, hand: number, scheme: SeedScheme | undefined): RngState {
  if (scheme !== 'keyed-v1') return seedRng(`${seed}#${hand}`);
  const mac = hmac(sha256, utf8ToBytes(seed), utf8ToBytes(`mille-bornes/hand/${hand}`));
  const words = new DataView(mac.buffer, mac.byteOffset, 16);
  return [words.getUint32(0), words.getUint32(4), words.getUint32(8), words.getUint32(12)];
}

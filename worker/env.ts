/**
 * The Worker's bindings and variables (wrangler.toml). Shared by the Hono app, the match Durable
 * Object and the senders.
 */

import type { MatchDurableObject } from './match/durable';
import type { MailEnv } from './notify/types';

/** Bindings and vars of the Worker and of the match Durable Object (mail and push: see MailEnv). */
export interface Env extends MailEnv {
  /** One Durable Object per match, named by the match id. */
  MATCH: DurableObjectNamespace<MatchDurableObject>;
  /** Match creation limit per client (IP). */
  CREATE_LIMITER: RateLimit;
  /** Move / settings limit per client (IP). */
  MOVE_LIMITER: RateLimit;
  /** Read limit per client (IP): GET requests under /api and the WebSocket upgrade (routes/limits.ts). */
  READ_LIMITER: RateLimit;
  /** Delay before a bot moves, in ms, as a decimal string; "0" plays bots inside the request. */
  BOT_DELAY_MS?: string;
  /** Public origin for links (e.g. "https://mb.example.org"); default: the request's origin. */
  PUBLIC_URL?: string;
  /**
   * "1" only in the vitest project's miniflare bindings: enables the stacked-deck seam. Never set in
   * wrangler.toml or as a secret; a deployed Worker rejects the seam as an unknown field.
   */
  TEST_SEAMS?: string;
}

/** True when the test-only seams are enabled (never in a deployed Worker). */
export function testSeamsEnabled(env: Pick<Env, 'TEST_SEAMS'>): boolean {
  return env.TEST_SEAMS === '1';
}

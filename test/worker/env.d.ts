/** Types for the workers test project: the test module and this Worker's env. */
/// <reference types="@cloudflare/vitest-plugin/types" />
import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      /** READ_LIMITER with wrangler.toml's figures (test/vitest.workers.config.ts). */
      READ_LIMITER_AS_DEPLOYED: RateLimit;
    }
  }
}

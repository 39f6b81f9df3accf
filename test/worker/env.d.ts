/** Types for the workers test project: the test module and this Worker's env. */
/// <reference types="@cloudflare/vitest-plugin/types" />
import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}

/**
 * Work that can wait: run when the page's main thread is idle, so that it never adds to the task that
 * renders a screen (a long task delays the first tap; Lighthouse counts it as blocking time).
 */

/** The longest wait for an idle moment before the work runs anyway (ms). */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `work` in a task of its own once the main thread is idle (`requestIdleCallback`, at most
 * IDLE_TIMEOUT_MS later), or after a zero timeout where the browser has no idle callbacks.
 */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(work, 0);
}

/**
 * Runs `work` once the page has loaded (its `load` event, at once when it is past), then idle
 * (`whenIdle`): for work whose downloads must not compete with the page's own, such as registering
 * the service worker, which precaches the whole app shell.
 */
export function whenLoaded(work: () => void): void {
  if (document.readyState === 'complete') whenIdle(work);
  else addEventListener('load', () => whenIdle(work), { once: true });
}

/**
 * Whether a person is looking at this page: the page
 * is visible and was used lately. The server mails a player only when nobody looks at their seat
 * (worker/match/presence.ts keeps a report for 3 minutes). Reported over the socket (`presence`
 * frames: on every visibility change, and while visible on input at most once per `REPORT_MS`) or
 * with the poll (`?present=1`, lib/session.ts). Runs on every table page: kept tiny.
 */

/** The shortest time between two reports of input (ms); also how recent input must be for a poll to say "present". */
export const REPORT_MS = 60_000;

const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** The last input on this page (ms since the epoch); opening the page counts as one. */
let lastInput = Date.now();

const visible = () => document.visibilityState === 'visible';

/** Whether the page is visible and was used within `REPORT_MS` before `now` (ms): a poll then says `present=1`. */
export function looking(now = Date.now()): boolean {
  return visible() && now - lastInput < REPORT_MS;
}

/**
 * Calls `report(visible)` on every visibility change (becoming visible counts as input), and with
 * `true` on input while visible, at most once per `REPORT_MS`. Returns the function that stops it.
 */
export function watchPresence(report: (visible: boolean) => void): () => void {
  let lastReport = 0;
  const onInput = () => {
    lastInput = Date.now();
    if (visible() && lastInput - lastReport >= REPORT_MS) {
      lastReport = lastInput;
      report(true);
    }
  };
  const onVisibility = () => {
    if (visible()) lastInput = lastReport = Date.now();
    report(visible());
  };
  for (const e of INPUTS) addEventListener(e, onInput, { capture: true, passive: true });
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    for (const e of INPUTS) removeEventListener(e, onInput, { capture: true });
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Times in words for the page: "2 hours ago", "in 5 hours", a deadline "Friday 14:30, in 2 days"
 * (shared with the mail: worker/words/when.ts), a creation date ("3 May 2025"), and a clock that ticks
 * every minute.
 */

import { signal } from '@preact/signals';

export { dateText, dateTimeText, deadlineText, relativeTime } from '../../../worker/words/when';

/** How often times in words are redrawn while a page stays open, ms. */
const TICK_MS = 60_000;

/** The time for times in words, ms since the epoch: set every minute while the page is visible. */
const minute = signal(Date.now());
let ticking = false;

/**
 * The current time for times in words ("2 hours ago"): a component that reads it is redrawn every
 * minute while the page is visible, and when it becomes visible again (one timer per page).
 */
export function minuteNow(): number {
  if (!ticking) {
    ticking = true;
    const tick = () => {
      if (document.visibilityState !== 'hidden') minute.value = Date.now();
    };
    setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', tick);
  }
  return minute.value;
}

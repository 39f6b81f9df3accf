/**
 * Times in words for "my matches" and the journal, in the page's language through `Intl.RelativeTimeFormat`:
 * "2 hours ago", "in 5 hours", "now"; and a creation date ("3 May 2025").
 */

import { signal } from '@preact/signals';

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
];

/**
 * `atMs` relative to `nowMs` (both ms since the epoch) in `language`: under a minute "now", then
 * minutes, hours (from 60 minutes) or days (from 24 hours), rounded to the nearest.
 */
export function relativeTime(atMs: number, nowMs: number, language: string): string {
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'long' });
  const diff = atMs - nowMs;
  const abs = Math.abs(diff);
  if (abs < 60_000) return rtf.format(0, 'second');
  let unit = STEPS[0];
  for (const step of STEPS) if (abs >= step[1]) unit = step;
  return rtf.format(Math.sign(diff) * Math.round(abs / unit[1]), unit[0]);
}

/** A date in `language`, e.g. "3 May 2025". */
export function dateText(atMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(atMs);
}

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

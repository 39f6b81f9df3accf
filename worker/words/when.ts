/**
 * Times in words, shared by the page and the mail (issue 14 "deadlines in words"), through `Intl`
 * only, so every language the runtime knows gets them without a catalog: "in 5 hours", "2 days ago",
 * and a deadline as "Friday 14:30, in 2 days" in the reader's time zone.
 */

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
];

/** Six days, ms: a deadline closer than this is named by its weekday, a later one by its date. */
const WEEKDAY_SPAN_MS = 6 * 86_400_000;

/**
 * `atMs` relative to `nowMs` (both ms since the epoch) in `language` (a BCP 47 tag): under a minute
 * "now", then minutes, hours (from 60 minutes) or days (from 24 hours), rounded to the nearest.
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

/**
 * A point in time as a reader wants a deadline: the weekday and clock time in `timeZone` (an IANA
 * name; the runtime's own zone when absent or unknown), the date instead of the weekday when it is
 * six days away or more, then how far it is: "Friday 14:30, in 2 days" ("jeudi 15:30,
 * après-demain"), in the language's own case (a caller starting a sentence with it capitalises it).
 * Times are ms since the epoch.
 */
export function deadlineText(atMs: number, nowMs: number, language: string, timeZone?: string): string {
  const far = Math.abs(atMs - nowMs) >= WEEKDAY_SPAN_MS;
  const options: Intl.DateTimeFormatOptions = far
    ? { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }
    : { weekday: 'long', hour: '2-digit', minute: '2-digit' };
  // A 24-hour clock in every language ("Friday 14:30"), as in the mails' en-GB.
  let clock: string;
  try {
    clock = new Intl.DateTimeFormat(language, { ...options, hourCycle: 'h23', timeZone }).format(atMs);
  } catch {
    // An unknown zone name (stored from an older browser): the runtime's own zone.
    clock = new Intl.DateTimeFormat(language, { ...options, hourCycle: 'h23' }).format(atMs);
  }
  return `${clock}, ${distance(atMs, nowMs, language, timeZone)}`;
}

/**
 * How far `atMs` is from `nowMs`: within a day in minutes or hours ("in 5 hours"), from a day on in
 * calendar days of the reader's zone ("tomorrow", "in 2 days"), so that a Thursday deadline read on
 * a Tuesday evening is never "tomorrow" however few hours away it is.
 */
function distance(atMs: number, nowMs: number, language: string, timeZone: string | undefined): string {
  if (atMs - nowMs < 86_400_000) return relativeTime(Math.max(atMs, nowMs), nowMs, language);
  const days = dayNumber(atMs, timeZone) - dayNumber(nowMs, timeZone);
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'long' }).format(days, 'day');
}

/** The calendar day of `atMs` in `timeZone` (the runtime's own when absent or unknown), as days since the epoch. */
function dayNumber(atMs: number, timeZone: string | undefined): number {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(atMs);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', options).formatToParts(atMs);
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

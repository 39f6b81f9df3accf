/**
 * Times in words, shared by the page and the mail, through `Intl`
 * only, so every language the runtime knows gets them without a catalog: "in 5 hours", "2 days ago",
 * and a deadline as "Friday 14:30, in 2 days" in the reader's time zone; dates and clock times
 * ("3 May 2025", "14:30"); and the time zones the runtime knows. The one place that formats a time
 * with `Intl.DateTimeFormat`.
 */

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
];

/** How many formatters `dateFormat` and `relativeFormat` keep (all are dropped when it is reached). */
const KEPT_FORMATTERS = 64;

/** Formatters by language and options: building an `Intl` formatter is slow, using one is fast. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** One `Intl.DateTimeFormat` per language and options, kept (throws as its constructor does). */
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, options);
    if (dateFormats.size >= KEPT_FORMATTERS) dateFormats.clear();
    dateFormats.set(key, f);
  }
  return f;
}

/** One long, `numeric: 'auto'` `Intl.RelativeTimeFormat` per language, kept. */
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let f = relativeFormats.get(language);
  if (!f) {
    f = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'long' });
    if (relativeFormats.size >= KEPT_FORMATTERS) relativeFormats.clear();
    relativeFormats.set(language, f);
  }
  return f;
}

/** Six days, ms: a deadline closer than this is named by its weekday, a later one by its date. */
const WEEKDAY_SPAN_MS = 6 * 86_400_000;

/**
 * `atMs` relative to `nowMs` (both ms since the epoch) in `language` (a BCP 47 tag): under a minute
 * "now", then minutes, hours (from 60 minutes) or days (from 24 hours), rounded to the nearest.
 */
export function relativeTime(atMs: number, nowMs: number, language: string): string {
  const rtf = relativeFormat(language);
  const diff = atMs - nowMs;
  const abs = Math.abs(diff);
  if (abs < 60_000) return rtf.format(0, 'second');
  let unit = STEPS[0];
  for (const step of STEPS) if (abs >= step[1]) unit = step;
  return rtf.format(Math.sign(diff) * Math.round(abs / unit[1]), unit[0]);
}

/** True when `atMs` is six days or more from `nowMs`: named by its date, not its weekday. */
function isFar(atMs: number, nowMs: number): boolean {
  return Math.abs(atMs - nowMs) >= WEEKDAY_SPAN_MS;
}

/**
 * A day as a reader wants a return date: its weekday ("Friday", "vendredi") within six days, its
 * date ("11 December") from then on, in `language` (a BCP 47 tag) and in `timeZone` (the runtime's
 * own when absent). Times are ms since the epoch.
 */
export function dayText(atMs: number, nowMs: number, language: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = isFar(atMs, nowMs)
    ? { day: 'numeric', month: 'long', timeZone }
    : { weekday: 'long', timeZone };
  return dateFormat(language, options).format(atMs);
}

/**
 * A point in time as a reader wants a deadline: the weekday and clock time in `timeZone` (an IANA
 * name; the runtime's own zone when absent or unknown), the date instead of the weekday when it is
 * six days away or more, then how far it is: "Friday 14:30, in 2 days" ("jeudi 15:30,
 * après-demain"), in the language's own case (a caller starting a sentence with it capitalises it).
 * Times are ms since the epoch.
 */
export function deadlineText(atMs: number, nowMs: number, language: string, timeZone?: string): string {
  const far = isFar(atMs, nowMs);
  const options: Intl.DateTimeFormatOptions = far
    ? { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }
    : { weekday: 'long', hour: '2-digit', minute: '2-digit' };
  // A 24-hour clock in every language ("Friday 14:30"), as in the mails' en-GB.
  let clock: string;
  try {
    clock = dateFormat(language, { ...options, hourCycle: 'h23', timeZone }).format(atMs);
  } catch {
    // An unknown zone name (stored from an older browser): the runtime's own zone.
    clock = dateFormat(language, { ...options, hourCycle: 'h23' }).format(atMs);
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
  return relativeFormat(language).format(days, 'day');
}

/** The calendar day of `atMs` in `timeZone` (the runtime's own when absent), as days since the epoch. */
function dayNumber(atMs: number, timeZone: string | undefined): number {
  const w = wallClock(atMs, timeZone ?? runtimeZone());
  return Math.round(Date.UTC(w.year, w.month - 1, w.day) / 86_400_000);
}

/** Formatters per zone (building one is slow). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      // An unknown zone (stored from an older runtime): UTC.
      f = formatter('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The wall clock in `timeZone` (an IANA name; UTC when unknown) at `atMs`: year, month (1..12), day,
 * hour (0..23), minute. Shared by the words here and the mail's quiet hours (notify/quiet.ts).
 */
export function wallClock(
  atMs: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const p of formatter(timeZone).formatToParts(atMs)) {
    if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  }
  return out;
}

/** A date in `language` (a BCP 47 tag), medium length: "3 May 2025". `atMs`: ms since the epoch. */
export function dateText(atMs: number, language: string): string {
  return dateFormat(language, { dateStyle: 'medium' }).format(atMs);
}

/**
 * A date and clock time in `language`, medium date and short time: "12 Dec 2025, 14:30", in
 * `timeZone` (an IANA name; the runtime's own when absent). `atMs`: ms since the epoch.
 */
export function dateTimeText(atMs: number, language: string, timeZone?: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(atMs);
}

/**
 * A calendar day (its UTC date at `atMs`, ms since the epoch) with its weekday, in `language`:
 * "Monday 7 December".
 */
export function calendarDayText(atMs: number, language: string): string {
  return dateFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(atMs);
}

/**
 * A clock time on a 24-hour clock in `language` and the runtime's zone: "14:30"; with `withDay`,
 * the day and short month before it ("3 May, 14:30"). `atMs`: ms since the epoch.
 */
export function clockText(atMs: number, language: string, { withDay }: { withDay: boolean }): string {
  const clock: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return dateFormat(language, withDay ? { ...clock, day: 'numeric', month: 'short' } : clock).format(atMs);
}

/** How long the runtime's zone, once read, is taken as it is (ms): a device may travel. */
const ZONE_KEPT_MS = 60_000;
let zoneRead: { zone: string; at: number } | null = null;

/**
 * The runtime's own IANA time zone ("Europe/Oslo"); on the page, the browser's. Read again at most
 * every ZONE_KEPT_MS: each read builds an `Intl.DateTimeFormat`, and a deadline's words need it.
 */
function runtimeZone(): string {
  const now = Date.now();
  if (!zoneRead || now - zoneRead.at > ZONE_KEPT_MS || now < zoneRead.at) {
    zoneRead = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  }
  return zoneRead.zone;
}

/** The runtime's own IANA time zone ("Europe/Oslo"), or undefined when it does not say. */
export function runtimeTimeZone(): string | undefined {
  try {
    return runtimeZone() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The name the runtime's Intl gives time zone `name` (`Asia/Kolkata` may come back as
 * `Asia/Calcutta`, `utc` as `UTC`), or null when it knows no such zone.
 */
export function resolvedTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

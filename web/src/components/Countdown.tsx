/**
 * A live countdown to an ISO time ("0:04:09 left", h:mm:ss), ticking once a second while shown; a
 * day or more ahead it says the end in words ("until Friday 14:30, in 6 days"). The ticking
 * text is a timer that screen readers do not announce (role="timer", aria-live off); a separate polite
 * line speaks only when the time left passes a threshold (1 h, 10 min, 5 min, 1 min, 30 s, 10 s).
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { localTime, timeLeft } from '../lib/words';

/** The times left (ms) at which the countdown is announced, longest first. */
export const ANNOUNCE_AT_MS = [3_600_000, 600_000, 300_000, 60_000, 30_000, 10_000] as const;

/** The announcement for `leftMs` ms left: the last threshold passed, in words ("" before the first). */
export function countdownAnnouncement(leftMs: number): string {
  const passed = ANNOUNCE_AT_MS.filter((at) => leftMs <= at);
  return passed.length ? t('table.windowLeft', { time: timeLeft(passed[passed.length - 1]) }) : '';
}

/** `ms` left as a clock, h:mm:ss ("0:04:09", "11:59:59"); 0:00:00 once past. */
export function clockLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** From this much time left (ms) a countdown says the end in words instead of ticking ("167:59:59"). */
export const TICK_BELOW_MS = 24 * 3_600_000;

/** The countdown to `until` (ISO), ticking each second under a day; a day or more: the end in words. */
export function Countdown({ until }: { until: string }): JSX.Element {
  const now = useSignal(Date.now());
  useEffect(() => {
    const id = setInterval(() => {
      now.value = Date.now();
    }, 1000);
    return () => clearInterval(id);
  }, []);
  const left = new Date(until).getTime() - now.value;
  return (
    <span class="countdown">
      <time role="timer" aria-live="off" dateTime={until} title={localTime(until)}>
        {left >= TICK_BELOW_MS
          ? t('table.windowUntil', { time: localTime(until, now.value) })
          : t('table.windowLeft', { time: clockLeft(left) })}
      </time>
      <span class="sr-only" aria-live="polite">
        {countdownAnnouncement(left)}
      </span>
    </span>
  );
}

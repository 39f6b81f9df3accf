/** A live countdown to an ISO time ("4 min 09 s left"), ticking once a second while shown. */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { localTime, timeLeft } from '../lib/words';

export function Countdown({ until }: { until: string }): JSX.Element {
  const now = useSignal(Date.now());
  useEffect(() => {
    const id = setInterval(() => {
      now.value = Date.now();
    }, 1000);
    return () => clearInterval(id);
  }, []);
  const end = new Date(until).getTime();
  return (
    <span class="countdown">
      <time dateTime={until} title={localTime(until)}>
        {t('table.windowLeft', { time: timeLeft(end - now.value) })}
      </time>
    </span>
  );
}

/**
 * A move the server could not take at its daily limit (lib/daily-limit.ts): says so with the time
 * play resumes, in the reader's local time, keeps the move and offers to send it again (the same
 * request: lib/session.ts `resend`), a button enabled once that time has passed on this device.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { clockText } from '../../../../worker/words/when';
import { lang, t } from '../../i18n';
import type { MatchSession } from '../../lib/session';

/** How often the page looks whether the reset time has come (ms). */
const CHECK_MS = 5_000;

/** The notice and the "Send it again" button while `session` holds a move; nothing otherwise. */
export function HeldMove({ session }: { session: MatchSession }): JSX.Element | null {
  const held = session.held.value;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!held) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CHECK_MS);
    return () => clearInterval(timer);
  }, [held]);
  if (!held) return null;
  const ready = now >= held.resumeAt;
  return (
    <div class="error held-move" role="alert">
      <p class="held-line">
        {t('limit.notPlayed', { time: clockText(held.resumeAt, lang.value, { withDay: false }) })}
      </p>
      <p class="held-line">{t('limit.kept')}</p>
      <button
        type="button"
        class="primary"
        disabled={!ready || session.pending.value !== null}
        onClick={() => void session.resend()}
      >
        {t('limit.sendAgain')}
      </button>
    </div>
  );
}

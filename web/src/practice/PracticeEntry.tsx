/**
 * The home page's way into the practice mode: "Practice against the computer", or "Resume
 * practice" when this device has a match in progress. Loaded after the first paint (with its words).
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { onLinkClick } from '../lib/router';
import { loadCurrent } from './store';

/** The practice card of the home page. */
export function PracticeEntry(): JSX.Element {
  const resumable = useSignal(false);
  useEffect(() => {
    void loadCurrent().then((r) => (resumable.value = r !== null));
  }, []);
  return (
    <section class="practice-entry card-box" aria-labelledby="practice-entry-title">
      <h2 id="practice-entry-title">{t('practice.offer')}</h2>
      <p>{t('practice.offerText')}</p>
      <a class="button primary" href="/practice" onClick={onLinkClick}>
        {resumable.value ? t('practice.resume') : t('practice.open')}
      </a>
    </section>
  );
}

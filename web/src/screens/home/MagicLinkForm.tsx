/** The "lost your links?" form: mails the magic link that lists every match of an address. */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { lang, t } from '../../i18n';
import { api } from '../../lib/api';
import { errorWords } from '../../lib/words';

/** The e-mail link form (its answer is the same whether or not the address plays). */
export function MagicLinkForm(): JSX.Element {
  const email = useSignal('');
  const sent = useSignal<string | null>(null);
  return (
    <form
      class="inline"
      onSubmit={async (e) => {
        e.preventDefault();
        sent.value = null;
        try {
          await api.magicLink(email.value.trim(), lang.value);
          sent.value = t('home.magicSent');
        } catch (x) {
          sent.value = await errorWords(x as { code: string; message: string });
        }
      }}
    >
      <h3>{t('home.magicTitle')}</h3>
      <p class="muted">{t('home.magicText')}</p>
      <label>
        {t('home.magicEmail')}
        <input
          type="email"
          required
          value={email.value}
          onInput={(e) => (email.value = e.currentTarget.value)}
          autoComplete="email"
        />
      </label>
      <button type="submit" class="secondary">
        {t('home.magicSend')}
      </button>
      <p role="status">{sent.value}</p>
    </form>
  );
}

/**
 * Home: the create form (screens/create/), "my matches" on this device and the e-mail link form.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { lang, t } from '../i18n';
import { api } from '../lib/api';
import { onLinkClick } from '../lib/router';
import { forgetMatch, savedMatches } from '../lib/storage';
import { errorText } from '../lib/words';
import { CreateForm } from './create/CreateForm';

/** "My matches" on this device and the e-mail link form. */
function MyMatches(): JSX.Element {
  const email = useSignal('');
  const sent = useSignal<string | null>(null);
  const list = savedMatches.value;
  return (
    <section class="card-box" aria-labelledby="mine-title">
      <h2 id="mine-title">{t('home.myMatches')}</h2>
      {list.length === 0 ? (
        <p class="muted">{t('home.noMatches')}</p>
      ) : (
        <ul class="my-matches">
          {list.map((m) => (
            <li key={m.matchId}>
              <a href={`/m/${m.matchId}`} onClick={onLinkClick}>
                {m.title || m.matchId}
              </a>{' '}
              <span class="muted">
                {m.seat !== null && m.seat !== undefined ? t('home.seatLabel', { n: m.seat + 1 }) : ''}
                {m.hostToken ? ` · ${t('home.hostLabel')}` : ''}
              </span>{' '}
              <button type="button" class="ghost small" onClick={() => forgetMatch(m.matchId)}>
                {t('home.forget')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="inline"
        onSubmit={async (e) => {
          e.preventDefault();
          sent.value = null;
          try {
            await api.magicLink(email.value.trim(), lang.value);
            sent.value = t('home.magicSent');
          } catch (x) {
            sent.value = errorText(x as { code: string; message: string });
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
    </section>
  );
}

/** The home screen. */
export function Home(): JSX.Element {
  return (
    <div class="home">
      <p class="tagline">{t('app.tagline')}</p>
      <div class="home-grid">
        <CreateForm />
        <MyMatches />
      </div>
    </div>
  );
}

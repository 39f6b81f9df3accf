/**
 * Home's list of the leagues this device holds a link of (lib/leagues.ts): each league's name as
 * last read and the way in. No server call: the list is the device's own, and hidden when empty.
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import { deviceLeagues } from '../../lib/leagues';
import { onLinkClick } from '../../lib/router';

/** The device's leagues, newest first; nothing when it holds none. */
export function MyLeagues(): JSX.Element | null {
  const list = deviceLeagues.value.filter((l) => l.owner || l.unchecked || Object.keys(l.members).length > 0);
  if (list.length === 0) return null;
  return (
    <section class="card-box my-leagues" aria-labelledby="my-leagues">
      <h2 id="my-leagues">{t('home.leagues')}</h2>
      <ul>
        {list.map((l) => {
          const name = l.name || t('home.leagues.unnamed');
          return (
            <li key={l.leagueId}>
              <a href={`/l/${encodeURIComponent(l.leagueId)}`} onClick={onLinkClick}>
                {name}
              </a>
              {l.owner && <span class="muted"> ({t('home.leagues.owner')})</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

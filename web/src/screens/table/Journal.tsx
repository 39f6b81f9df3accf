/** The journal: the last 40 events of the match in words, newest first. */
import { useComputed } from '@preact/signals';
import type { JSX } from 'preact';
import { t } from '../../i18n';
import type { MatchSession } from '../../lib/session';
import type { GameEvent, MatchInfo, MatchView } from '../../lib/types';
import { eventText } from '../../lib/words';

/** The numbered event lines (numbers count from the first event); events with no words are left out. */
function journalLines(
  items: readonly GameEvent[],
  total: number,
  info: MatchInfo,
  view: MatchView,
): Array<readonly [string, string]> {
  return items
    .map((e, i) => [String(total - i), eventText(e, info, view)] as const)
    .filter(([, text]) => text !== '');
}

/** The journal section. */
export function Journal(props: { session: MatchSession; info: MatchInfo; view: MatchView }): JSX.Element {
  const { session, info, view } = props;
  const logItems = useComputed(() => session.log.value.slice(-40).reverse());
  const lines = journalLines(logItems.value, session.log.value.length, info, view);
  return (
    <section class="log" aria-label={t('table.log')}>
      <h2>{t('table.log')}</h2>
      {lines.length === 0 ? (
        <p class="muted">{t('log.empty')}</p>
      ) : (
        <ol reversed>
          {lines.map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

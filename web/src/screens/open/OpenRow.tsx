/**
 * One open match on the open table's page: its title, preset, seats taken (the
 * players' names) and free, time per turn, languages and when bots fill the free seats, and the
 * button that takes a seat. Public facts only: no address, no card.
 */
import type { JSX } from 'preact';
import type { OpenListing } from '../../../../worker/open/listing';
import { lang, t } from '../../i18n';

/** The languages of `tags` in the reader's language ("French, German"), or the tags when the browser cannot name them. */
function languageNames(tags: readonly string[]): string {
  try {
    const names = new Intl.DisplayNames([lang.value], { type: 'language' });
    return tags.map((tag) => names.of(tag) ?? tag).join(', ');
  } catch {
    return tags.join(', ');
  }
}

/** The create form's deadlines that have words of their own, in hours. */
const NAMED_DEADLINES = [0, 24, 48, 72, 168] as const;

/** A time per turn in words: "1 day", "No limit", else "30 hours". */
export function turnWords(hours: number): string {
  const named = NAMED_DEADLINES.find((h) => h === hours);
  return named === undefined ? t('open.hoursPerTurn', { n: hours }) : t(`home.deadline.${named}`);
}

/** One listed match and its "Take a seat" button. */
export function OpenRow(props: {
  listing: OpenListing;
  /** When bots fill the free seats, in words ("Friday 14:30, in 2 hours"). */
  fills: string;
  busy: boolean;
  onJoin: () => void;
}): JSX.Element {
  const l = props.listing;
  const titleId = `open-${l.matchId}`;
  return (
    <li class="card-box open-row" aria-labelledby={titleId}>
      <h3 id={titleId}>{l.title}</h3>
      <dl class="open-facts">
        <dt>{t('panel.preset')}</dt>
        <dd>
          {t(`preset.${l.preset}`)}
          {l.custom ? ` (${t('open.custom')})` : ''}
        </dd>
        <dt>{t('open.seats')}</dt>
        <dd>
          {t('open.seatsTaken', { taken: l.seats - l.free, seats: l.seats, free: l.free })}
          {l.players.length > 0 && <span class="muted"> · {l.players.join(', ')}</span>}
        </dd>
        <dt>{t('home.deadline')}</dt>
        <dd>{turnWords(l.turnDeadlineHours)}</dd>
        <dt>{t('open.languages')}</dt>
        <dd>{languageNames(l.languages)}</dd>
        <dt>{t('open.fills')}</dt>
        <dd>{props.fills}</dd>
      </dl>
      <button type="button" class="primary" disabled={props.busy} onClick={props.onJoin}>
        {t('open.join')}
      </button>
    </li>
  );
}

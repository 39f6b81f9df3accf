/**
 * The ways into the replay: "Replay this hand" at the end of a hand and beside each hand
 * of the score sheet, "Review the match" (from the first hand) once the match is over. Shown only for
 * hands the server opens to this reader (`MatchInfo.you.replayHands`). Loaded lazily with its words.
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import { onLinkClick } from '../../lib/router';
import type { MatchInfo } from '../../lib/types';
import { replayHref } from './replay-words';

/** The link to hand `hand`'s replay, and with `review` the "Review the match" link; nothing when closed. */
export function ReplayLinks(props: {
  info: Pick<MatchInfo, 'matchId' | 'you'>;
  hand: number;
  review?: boolean;
}): JSX.Element | null {
  const open = props.info.you.replayHands ?? 0;
  if (open < Math.max(1, props.hand)) return null;
  return (
    <p class="replay-links">
      {props.review && (
        <a class="replay-review" href={replayHref(props.info.matchId, 1)} onClick={onLinkClick}>
          {t('replay.review')}
        </a>
      )}{' '}
      <a href={replayHref(props.info.matchId, props.hand)} onClick={onLinkClick}>
        {t('replay.open', { n: props.hand })}
      </a>
    </p>
  );
}

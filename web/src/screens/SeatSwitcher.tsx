/**
 * "Play as": for a device that holds the links of several seats of one match (a host who opened a
 * friend's seat link, say), a menu to switch between them. No seat token is ever dropped by opening
 * another link; this is how the earlier seats stay reachable. Seats whose player left are not offered.
 */
import type { JSX } from 'preact';
import { t } from '../i18n';
import { type SavedMatch, seatTokensOf } from '../lib/storage';
import type { MatchInfo } from '../lib/types';
import { seatName } from '../lib/words';

/** The menu, or nothing when this device holds at most one seat of the match. */
export function SeatSwitcher(props: {
  info: MatchInfo;
  saved: SavedMatch | undefined;
  onSwitch: (seat: number, token: string) => void;
}): JSX.Element | null {
  const tokens = seatTokensOf(props.saved);
  const seats = Object.keys(tokens)
    .map(Number)
    // A seat whose player left is no longer played from its link.
    .filter((s) => props.info.seats.some((x) => x.seat === s) && !props.info.left?.some((l) => l.seat === s))
    .sort((x, y) => x - y);
  if (seats.length < 2) return null;
  return (
    <label class="seat-switch">
      <span>{t('access.playAs')}</span>
      <select
        value={String(props.info.you.seat ?? '')}
        onChange={(e) => {
          const seat = Number(e.currentTarget.value);
          props.onSwitch(seat, tokens[seat]);
        }}
      >
        {props.info.you.seat === null && <option value="">{t('access.watching')}</option>}
        {seats.map((s) => (
          <option key={s} value={String(s)}>
            {seatName(props.info, s)} ({t('home.seatLabel', { n: s + 1 })})
          </option>
        ))}
      </select>
    </label>
  );
}

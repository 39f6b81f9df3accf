/**
 * The rematch offer on the end screen: who offered it, who has accepted so far,
 * who is still to answer and until when, the Accept and Decline buttons for a player who must answer,
 * who declined, or that it lapsed. Everybody whose page is open moves to the new match when it is
 * dealt. Shown above the end screen's scores, in its script (EndOfHand, itself loaded when a hand
 * ends); the state comes with every view.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { lang, t } from '../i18n';
import { goRematch, mustAnswer, sendRematch } from '../lib/rematch';
import type { MatchSession } from '../lib/session';
import { deadlineText } from '../lib/time';
import type { MatchInfo, MatchView, RematchInfo } from '../lib/types';
import { listNames, seatName } from '../lib/words';

/** The seats' names, joined in the reader's language ("Ann and Bob"). */
function names(info: MatchInfo, seats: readonly number[]): string {
  return listNames(seats.map((s) => seatName(info, s)));
}

/** Who made the offer, in words. */
function offeredBy(info: MatchInfo, r: RematchInfo): string {
  if (r.by === null) return t('rematch.byHost');
  if (r.by === info.you.seat) return t('rematch.byYou');
  return t('rematch.by', { name: seatName(info, r.by) });
}

/** The offer panel; `info.rematch` is the offer (the end screen shows it only when there is one). */
export function RematchOffer(props: {
  session: MatchSession;
  info: MatchInfo;
  view: MatchView;
}): JSX.Element | null {
  const { session, info, view } = props;
  const busy = useSignal(false);
  const r = info.rematch;
  // A seat's or the host's links work in the rematch too; a spectator's view only watches.
  const joins = view.seat !== null || info.you.host;
  // Moved to the new match when it is dealt while this page is open (not when opening an old match).
  const was = useRef(r?.state);
  useEffect(() => {
    if (r?.state === 'dealt' && was.current === 'open' && r.matchId && joins)
      goRematch(info, view.seat, r.matchId);
    was.current = r?.state;
  }, [r?.state]);
  if (!r) return null;

  const answer = (a: 'accept' | 'decline') => sendRematch(session, info, view.seat, busy, a);

  return (
    <section class="rematch-offer" aria-labelledby="rematch-title">
      <h3 id="rematch-title">{t('rematch.title')}</h3>
      <div aria-live="polite">
        {r.state === 'open' && (
          <>
            <p>{offeredBy(info, r)}</p>
            <p>{t('rematch.accepted', { names: names(info, r.accepted) })}</p>
            {r.waiting.length > 0 && <p>{t('rematch.waiting', { names: names(info, r.waiting) })}</p>}
            <p class="muted">
              {t('rematch.lapses', { when: deadlineText(Date.parse(r.lapsesAt), Date.now(), lang.value) })}
            </p>
          </>
        )}
        {r.state === 'declined' && <p>{t('rematch.declined', { names: names(info, r.declined) })}</p>}
        {r.state === 'lapsed' && <p>{t('rematch.lapsed')}</p>}
        {r.state === 'dealt' && <p>{t('rematch.dealt')}</p>}
      </div>
      {r.state === 'dealt' && r.matchId && joins && (
        <div class="actions">
          <button type="button" class="primary" onClick={() => goRematch(info, view.seat, r.matchId!)}>
            {t('rematch.open')}
          </button>
        </div>
      )}
      {mustAnswer(r, view.seat) && (
        <div class="actions">
          <button type="button" class="primary" disabled={busy.value} onClick={() => void answer('accept')}>
            {t('rematch.accept')}
          </button>
          <button type="button" disabled={busy.value} onClick={() => void answer('decline')}>
            {t('rematch.decline')}
          </button>
        </div>
      )}
    </section>
  );
}

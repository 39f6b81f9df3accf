/**
 * The replay page of a match, `/m/<matchId>/replay?hand=N&step=K`: loads the seat names
 * and the hand's replay with the token saved on this device (a seat's, else the host's, else none:
 * a spectator, when the host allows it), keeps the hand and step in the address (a link to a step),
 * and shows the viewer. Loaded on demand.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { ReplayPage } from '../../../../worker/match/replay-page';
import { t } from '../../i18n';
import { savedAccess } from '../../lib/access';
import { ApiError, api, call } from '../../lib/api';
import { onLinkClick } from '../../lib/router';
import { errorWords } from '../../lib/words';
import { ReplayViewer } from './ReplayViewer';
import { replayHref } from './replay-words';

/** A whole number from the query, else `fallback`. */
function queryNumber(name: string, fallback: number): number {
  const n = Number(new URLSearchParams(location.search).get(name));
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** The replay page (see the file header). */
export function ReplayScreen({ matchId }: { matchId: string }): JSX.Element {
  const hand = useSignal(Math.max(1, queryNumber('hand', 1)));
  const step = useSignal(queryNumber('step', 0));
  const page = useSignal<ReplayPage | null>(null);
  const names = useSignal<string[]>([]);
  const failed = useSignal<string | null>(null);
  const access = savedAccess(matchId);
  const token = access.seatToken ?? access.hostToken;

  useEffect(() => {
    api
      .info(matchId, token)
      .then((info) => {
        names.value = info.seats.map((s) => s.name);
      })
      .catch(() => undefined);
  }, [matchId]);

  useEffect(() => {
    page.value = null;
    failed.value = null;
    call<ReplayPage>('GET', `/api/matches/${encodeURIComponent(matchId)}/replay?hand=${hand.value}`, token)
      .then((p) => {
        page.value = p;
      })
      .catch(async (e: unknown) => {
        failed.value = e instanceof ApiError ? await errorWords(e) : t('error.networkOnce');
      });
  }, [matchId, hand.value]);

  const show = (h: number, s: number) => {
    history.replaceState(null, '', replayHref(matchId, h, s));
    step.value = s;
  };
  const p = page.value;
  const seatNames = p
    ? Array.from({ length: p.replay.seats }, (_, s) => names.value[s] || t('home.seat', { n: s + 1 }))
    : [];
  return (
    <section class="replay-page" aria-labelledby="replay-title">
      <p>
        <a href={`/m/${encodeURIComponent(matchId)}`} onClick={onLinkClick}>
          {t('replay.back')}
        </a>
      </p>
      <h2 id="replay-title">{t('replay.title', { n: hand.value })}</h2>
      {failed.value && (
        <p class="error" role="alert">
          {failed.value}
        </p>
      )}
      {!p && !failed.value && <p class="muted">{t('common.loading')}</p>}
      {p && (
        <ReplayViewer
          replay={p.replay}
          handsFinished={p.handsFinished}
          names={seatNames}
          step={step.value}
          onStep={(s) => show(hand.value, s)}
          onHand={(h) => {
            hand.value = h;
            show(h, 0);
          }}
          stepHref={(s) => replayHref(matchId, hand.value, s)}
        />
      )}
    </section>
  );
}

/**
 * Leaving a match: the "Leave this match" action at the end of the seat's
 * settings, with a confirmation dialog that says what will happen (the server's own preview in
 * `settings.leave`: the computer plays the seat, its turns are skipped, or the match ends and the
 * others win), the notice a player who left sees while they watch, and the end of a match a leave
 * ended. Loaded with the settings (or, for the notices, only when they show): never in the initial
 * script.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { describeLeft } from '../../../../worker/words/events/history';
import { Dialog } from '../../components/Dialog';
import { eventWords, t } from '../../i18n';
import { api } from '../../lib/api';
import type { MatchSession } from '../../lib/session';
import type { MatchInfo, MatchView } from '../../lib/types';
import { errorText, eventTable, listTeams } from '../../lib/words';

type Preview = NonNullable<NonNullable<MatchInfo['settings']>['leave']>;

/** What leaving will do, in words (the server decided it: `settings.leave`). */
function previewText(info: MatchInfo, preview: Preview): string {
  if (preview.outcome === 'bot') return t('leave.willBot');
  if (preview.outcome === 'skip') return t('leave.willSkip');
  return t('leave.willEnd', { winners: info.view ? listTeams(info, info.view, preview.winners) : '' });
}

/** The settings' "Leave this match" part: nothing unless the server offers it (a seat, the match played). */
export function LeaveMatch({ session }: { session: MatchSession }): JSX.Element | null {
  const asking = useSignal(false);
  const busy = useSignal(false);
  const err = useSignal<{ code: string; message: string } | null>(null);
  const info = session.info.value;
  const preview = info?.settings?.leave;
  const token = session.token;
  if (!info || !preview || !token) return null;
  const leave = async () => {
    busy.value = true;
    err.value = null;
    try {
      session.accept(await api.leave(info.matchId, token));
      asking.value = false;
    } catch (e) {
      err.value = e as { code: string; message: string };
      void session.refresh();
    } finally {
      busy.value = false;
    }
  };
  return (
    <fieldset class="leave-match">
      <legend>{t('leave.legend')}</legend>
      <button
        type="button"
        class="danger-outline"
        aria-haspopup="dialog"
        onClick={() => {
          err.value = null;
          asking.value = true;
        }}
      >
        {t('leave.open')}
      </button>
      {asking.value && (
        <Dialog title={t('leave.title')} onClose={() => (asking.value = false)}>
          <p>{previewText(info, preview)}</p>
          <p>{t('leave.watchAfter')}</p>
          {err.value && (
            <p class="error" role="alert">
              {errorText(err.value)}
            </p>
          )}
          <div class="leave-actions">
            <button type="button" class="danger" disabled={busy.value} onClick={() => void leave()}>
              {t('leave.confirm')}
            </button>
            <button type="button" class="secondary" onClick={() => (asking.value = false)}>
              {t('leave.cancel')}
            </button>
          </div>
        </Dialog>
      )}
    </fieldset>
  );
}

/** The notice of a player who left (`you.left`): what became of their seat, and that they watch. */
export function LeftNotice({ info }: { info: MatchInfo }): JSX.Element {
  const mine = info.left?.find((l) => l.seat === info.you.left);
  const key =
    mine?.outcome === 'skip' ? 'leave.doneSkip' : mine?.outcome === 'end' ? 'leave.doneEnd' : 'leave.doneBot';
  return (
    <div class="notice left-notice" role="status">
      <p>{t(key)}</p>
    </div>
  );
}

/**
 * The end of a match a player's leave ended (`left` with outcome `end`): who left and, when no hand
 * was finished (the end-of-hand screen then shows nothing), who won the match.
 */
export function ForfeitEnd({ info, view }: { info: MatchInfo; view: MatchView }): JSX.Element | null {
  const end = info.left?.find((l) => l.outcome === 'end');
  if (!end) return null;
  const w = eventWords.value;
  return (
    <section class="end forfeit-end" aria-labelledby="forfeit-title">
      <h2 id="forfeit-title">{w.matchOver}</h2>
      <p>{describeLeft({ type: 'left', seat: end.seat, outcome: 'end' }, eventTable(info, view), w)}</p>
      {view.results.length === 0 && (
        <p class="winner" role="status">
          {t('end.matchWinner', { names: listTeams(info, view, view.matchWinners) })}
        </p>
      )}
    </section>
  );
}

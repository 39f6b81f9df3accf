/**
 * The host's panel (shown only to a device holding the host token): once the match is being played,
 * "let the computer play" for each human seat (docs/API.md `POST /seats/:seat/bot`; the player takes
 * the seat back with their own link; never for the last seat a person plays, which the server refuses),
 * and at any time "Delete match" after a confirmation (`DELETE /api/matches/:id`). Only what the
 * server accepts is offered; every answer or refusal of the server is shown in words.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { t } from '../i18n';
import { api } from '../lib/api';
import { isLastSeatInPerson } from '../lib/seats';
import type { MatchSession } from '../lib/session';
import { forgetMatch } from '../lib/storage';
import { errorText, seatName } from '../lib/words';

/** The result of the last host action, for the status line: words, or the refusal (worded at render). */
type Outcome = { ok: true; text: string } | { ok: false; error: { code: string; message: string } };

/** The panel; `onDeleted` runs after the server deleted the match. */
export function HostPanel(props: {
  session: MatchSession;
  hostToken: string;
  onDeleted: () => void;
}): JSX.Element | null {
  const { session, hostToken } = props;
  const busy = useSignal(false);
  const confirming = useSignal(false);
  const outcome = useSignal<Outcome | null>(null);
  const info = session.info.value;
  if (!info) return null;
  const matchId = info.matchId;

  const run = async (action: () => Promise<string>) => {
    busy.value = true;
    outcome.value = null;
    try {
      outcome.value = { ok: true, text: await action() };
    } catch (e) {
      const err = e as { code?: string; message?: string };
      outcome.value = { ok: false, error: { code: err.code ?? 'crash', message: err.message ?? '' } };
    } finally {
      busy.value = false;
    }
  };
  const letBot = (seat: number) =>
    run(async () => {
      // The answer is the host token's view: a seat's own view follows by socket or by this refresh.
      session.accept(await api.bot(matchId, hostToken, seat));
      void session.refresh();
      return t('host.botDone', { name: seatName(info, seat) });
    });
  const remove = () =>
    run(async () => {
      await api.remove(matchId, hostToken);
      forgetMatch(matchId);
      props.onDeleted();
      return t('error.deleted');
    });
  const humans = info.status === 'playing' ? info.seats.filter((s) => s.kind === 'human') : [];

  return (
    <section class="host-panel card-box" aria-labelledby="host-title">
      <h2 id="host-title">{t('host.title')}</h2>
      {humans.length > 0 && (
        <ul class="host-seats">
          {humans.map((s) => (
            <li key={s.seat}>
              <span class="seat-name">{seatName(info, s.seat)}</span>
              {info.left?.some((l) => l.seat === s.seat) ? (
                // The player left for good: nothing to hand over or take back.
                <span class="chip">{t('leave.chip', { name: seatName(info, s.seat) })}</span>
              ) : s.botStandIn ? (
                <span class="chip">{t('table.botStandIn')}</span>
              ) : isLastSeatInPerson(info, s.seat) ? (
                // The server refuses it (409 seat.last_human): not offered.
                <span class="muted">{t('host.lastHuman')}</span>
              ) : (
                <button
                  type="button"
                  class="secondary small"
                  disabled={busy.value}
                  onClick={() => void letBot(s.seat)}
                >
                  {t('table.letBot', { name: seatName(info, s.seat) })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {humans.length > 0 && <p class="muted">{t('host.botHint')}</p>}
      {confirming.value ? (
        <div class="confirm">
          <p>{t('host.deleteConfirm')}</p>
          <div class="actions">
            <button
              type="button"
              class="danger"
              disabled={busy.value}
              onClick={() => {
                confirming.value = false;
                void remove();
              }}
            >
              {t('host.deleteYes')}
            </button>
            <button type="button" class="ghost" onClick={() => (confirming.value = false)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          class="danger-outline"
          disabled={busy.value}
          onClick={() => (confirming.value = true)}
        >
          {t('host.delete')}
        </button>
      )}
      <p role="status" class={outcome.value && !outcome.value.ok ? 'error' : 'ok-text'}>
        {outcome.value ? (outcome.value.ok ? outcome.value.text : errorText(outcome.value.error)) : ''}
      </p>
    </section>
  );
}

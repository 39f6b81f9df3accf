/**
 * The table's status: whose move it is with the turn deadline, the hand number and goal, a refused
 * move in words (or one kept at the server's daily limit: HeldMove.tsx), the response-window prompt (coup fourré / quick remedy / let it go) with its
 * countdown, the 700 km extension decision and the hint above the hand.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { cardName } from '../../components/Card';
import { Countdown } from '../../components/Countdown';
import { eventWords, t } from '../../i18n';
import { canPlay, optionsForCard } from '../../lib/moves';
import type { Replaying } from '../../lib/replay';
import type { MatchSession } from '../../lib/session';
import { isMyMove } from '../../lib/tab-badge';
import { minuteNow } from '../../lib/time';
import type { CardId, MatchInfo, MatchView, Move } from '../../lib/types';
import { cardReasonText, errorText, listTeams, localTime, seatName } from '../../lib/words';
import { HeldMove } from './HeldMove';
import { sendAndFocus, type TableState } from './state';

/** True once the hand (or the whole match) is over: the score table shows and no deadline runs. */
export function handIsOver(view: MatchView): boolean {
  return view.phase === 'handOver' || view.phase === 'matchOver';
}

/** Whose move it is, in words (empty when nobody's: between hands, or while a run replays). */
function whoseMove(info: MatchInfo, view: MatchView): string {
  const w = view.window;
  if (w) {
    if (w.seat === view.seat) return t('table.yourAnswer');
    return t('table.windowOther', { name: seatName(info, w.seat), hazard: cardName(w.hazard) });
  }
  if (view.turn === null) return '';
  if (view.turn === view.seat) return t('table.yourTurn');
  return t('table.turnOf', { name: seatName(info, view.turn) });
}

/**
 * The status bar's headline: whose move it is; while other seats' moves replay one by one (the view
 * then names nobody), the other seat whose move shows next; at the end of a hand, that it is over; at
 * the end of the match, who won. Empty when it names nobody (`useHeadline` keeps the words before).
 */
export function headline(info: MatchInfo, view: MatchView, replay: Replaying | null): string {
  if (view.phase === 'matchOver') {
    return view.matchWinners.length
      ? t('end.matchWinner', { names: listTeams(info, view, view.matchWinners) })
      : eventWords.value.matchOver;
  }
  if (view.phase === 'handOver') return t('end.title', { n: view.results.at(-1)?.hand ?? view.handNumber });
  // The reader's own step in a run (an answer given for them) names nobody: nothing is theirs to do yet.
  const next = replay?.version === view.version ? replay.next : null;
  if (next !== null && next !== view.seat && !view.window && view.turn === null) {
    return t('table.turnOf', { name: seatName(info, next) });
  }
  return whoseMove(info, view);
}

/**
 * The headline, never blank: a moment that names nobody (an update between two known situations)
 * keeps the words shown before, so the bar does not flicker or change its height.
 */
function useHeadline(state: TableState): string {
  const { session, info, view } = state;
  const text = headline(info, view, session.replay.value);
  const last = useRef('');
  if (text) last.current = text;
  return text || last.current;
}

/** The status bar, a refused move and the screen-reader notice while a move is being sent. */
export function Status({ state }: { state: TableState }): JSX.Element {
  const { session, info, view, busy } = state;
  const words = useHeadline(state);
  return (
    <>
      {/* Not a live region: it names other players' moves ("Bob may answer Ann's Stop"), which the
          journal alone announces. A screen reader hears here only that the move is the reader's. */}
      <div class="statusbar" tabIndex={-1}>
        <strong class={isMyMove(view) ? 'headline your-turn' : 'headline'}>{words}</strong>
        {info.deadlines.turn && !handIsOver(view) && (
          <span class="deadline">
            {t('table.deadline', { time: localTime(info.deadlines.turn, minuteNow()) })}
          </span>
        )}
        {/* Once the hand is over the headline says which hand ended and has the whole line. */}
        {!handIsOver(view) && (
          <span class="muted hand-goal">
            {t('table.handNo', { n: view.handNumber })} · {t('table.goal', { km: view.goal })}
          </span>
        )}
      </div>
      {session.error.value && (
        <div class="error" role="alert">
          {errorText(session.error.value, { retrying: true })}
        </div>
      )}
      <HeldMove session={session} />
      <div class="sr-only" aria-live="assertive">
        {busy ? t('table.sending') : ''}
      </div>
      <div class="sr-only" aria-live="polite">
        {isMyMove(view) ? whoseMove(info, view) : ''}
      </div>
    </>
  );
}

/**
 * While a response window is open, what is happening in words: the seat asked answers with the
 * prompt's buttons (or has only "let it go"); everybody else waits. No name and no card of another
 * player here: the hint is a live region, and the journal alone announces others' moves.
 */
function windowHint(view: MatchView): string {
  const w = view.window;
  if (!w) return '';
  if (w.seat !== view.seat) return t('table.windowHintWait');
  const hazard = cardName(w.hazard);
  return view.legalMoves.some((m) => m.type !== 'pass')
    ? t('table.windowHintYou', { hazard })
    : t('table.windowHintPass', { hazard });
}

/** The reason of the server's view for `card`, in words: "Repairs cannot be played now. You are rolling." */
export function reasonLine(state: TableState, card: CardId): string {
  const why = cardReasonText(card, state.info, state.view);
  const noPlay = t('table.noPlay', { card: cardName(card) });
  return why ? `${noPlay} ${why}` : noPlay;
}

/**
 * The hint above the hand: what the player can do now (or, while a response window is open, what is
 * happening); for a selected card that cannot be played, why (the reasons of the server's view).
 */
export function handHint(state: TableState): string {
  const { busy, card, options, selection, view } = state;
  if (busy) return t('table.sending');
  if (selection.picking.value) return t('table.mulliganPick');
  if (card && options) {
    if (canPlay(options)) return t('table.chooseTarget', { card: cardName(card) });
    return reasonLine(state, card);
  }
  if (view.window) return windowHint(view);
  const legal = view.legalMoves;
  if (legal.some((m) => m.type === 'draw')) return t('table.draw');
  if (view.hand.some((c) => canPlay(optionsForCard(legal, c)))) return t('table.pickCard');
  return legal.some((m) => m.type === 'discard') ? t('table.onlyDiscard') : '';
}

/** The words of an answer to a hazard: coup fourré or quick remedy with `card`, or let it go. */
export function answerLabel(move: Move): string {
  if (move.type === 'coupFourre') return t('table.coupFourre', { card: cardName(move.card) });
  if (move.type === 'quickRemedy') return t('table.quickRemedy', { card: cardName(move.card) });
  return t('table.pass');
}

/** The response-window prompt (coup fourré / quick remedy / let it go) with its countdown. RULES.md §7. */
export function WindowPrompt(props: {
  session: MatchSession;
  info: MatchInfo;
  view: MatchView;
}): JSX.Element | null {
  const { session, info, view } = props;
  const w = view.window;
  if (!w) return null;
  const mine = w.seat === view.seat;
  const answers = view.legalMoves.filter(
    (m) => m.type === 'coupFourre' || m.type === 'quickRemedy' || m.type === 'pass',
  );
  const busy = session.pending.value !== null;
  return (
    <section
      class={`prompt${mine ? ' urgent' : ''}`}
      aria-live={mine ? 'polite' : undefined}
      aria-label={t('home.coupFourre')}
    >
      <p>
        {mine
          ? t('table.windowYou', { attacker: seatName(info, w.attacker), hazard: cardName(w.hazard) })
          : t('table.windowOther', { name: seatName(info, w.seat), hazard: cardName(w.hazard) })}
        {info.deadlines.window && (
          <>
            {' '}
            <Countdown until={info.deadlines.window} />
          </>
        )}
      </p>
      {mine && (
        <div class="actions">
          {answers.map((m) => (
            <button
              key={JSON.stringify(m)}
              type="button"
              class={m.type === 'pass' ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => void sendAndFocus(session, m)}
            >
              {answerLabel(m)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/** The 700 km extension decision, with what a failed extension costs. RULES.md §8. */
export function ExtensionPrompt({
  session,
  view,
}: {
  session: MatchSession;
  view: MatchView;
}): JSX.Element | null {
  const moves = view.legalMoves.filter((m) => m.type === 'extension');
  if (!moves.length) return null;
  return (
    <section class="prompt urgent" aria-label={t('table.extension')}>
      <p>{t('table.extension')}</p>
      <p>{t('table.extensionFails')}</p>
      <div class="actions">
        {moves.map((m) => (
          <button
            key={String(m.type === 'extension' && m.accept)}
            type="button"
            class={m.type === 'extension' && m.accept ? 'primary' : 'secondary'}
            disabled={session.pending.value !== null}
            onClick={() => void sendAndFocus(session, m)}
          >
            {m.type === 'extension' && m.accept ? t('table.extendYes') : t('table.extendNo')}
          </button>
        ))}
      </div>
    </section>
  );
}

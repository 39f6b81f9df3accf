/**
 * The replay viewer of a finished hand: every seat's cards at every step, the step's
 * events (draws named), the coup-fourré window with who could have answered, and the score at the
 * end. Controls: first/previous/next/last step, play or pause at a chosen speed, a step slider, a
 * hand picker and a link to the step. Takes the payload (`HandReplay`) as the server or the offline
 * practice builds it (worker/engine/hand-replay.ts); holds no rules.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { HandReplay } from '../../../../worker/engine/hand-replay';
import { teamOf } from '../../../../worker/shared/teams';
import { CardFace } from '../../components/Card';
import { t } from '../../i18n';
import { listNames } from '../../lib/words';
import { HandScores } from '../table/HandScores';
import { ReplaySeat } from './ReplaySeat';
import { stepLines, windowLines } from './replay-words';

/** Play speeds: the label and the time between two steps, ms. */
const SPEEDS = [
  { label: '0.5×', ms: 2400 },
  { label: '1×', ms: 1200 },
  { label: '2×', ms: 600 },
  { label: '4×', ms: 300 },
] as const;

/** The viewer's props: the payload, the seat names, the shown step (0: the deal) and what moves it. */
export interface ReplayViewerProps {
  replay: HandReplay;
  /** Hands 1 to this have a replay (the hand picker). */
  handsFinished: number;
  names: readonly string[];
  step: number;
  onStep: (step: number) => void;
  onHand: (hand: number) => void;
  /** The address of a step, for "Link to this step" (none: no link). */
  stepHref?: (step: number) => string;
}

/** The viewer (see the file header). */
export function ReplayViewer(props: ReplayViewerProps): JSX.Element {
  const { replay, names } = props;
  const last = replay.steps.length;
  const step = Math.min(Math.max(0, props.step), last);
  const playing = useSignal(false);
  const speed = useSignal(1);
  useEffect(() => {
    if (!playing.value) return;
    if (step >= last) {
      playing.value = false;
      return;
    }
    const timer = setTimeout(() => props.onStep(step + 1), SPEEDS[speed.value].ms);
    return () => clearTimeout(timer);
  }, [playing.value, step, speed.value, last]);

  const shown = step === 0 ? null : replay.steps[step - 1];
  const table = shown ? shown.table : replay.deal.table;
  const dealt = {
    seat: replay.firstSeat,
    move: null,
    events: replay.deal.events,
    drew: [],
    window: null,
    table: replay.deal.table,
  };
  const lines = stepLines(shown ?? dealt, names, replay.teams);
  const window = shown?.window != null ? replay.windows[shown.window] : null;
  const teamNames = replay.teams.map((seats) => listNames(seats.map((s) => names[s] ?? '')));
  const go = (s: number) => props.onStep(Math.min(Math.max(0, s), last));
  const href = props.stepHref?.(step);

  return (
    <div class="replay">
      <div class="replay-bar">
        <label>
          {t('replay.hand')}{' '}
          <select value={replay.hand} onChange={(e) => props.onHand(Number(e.currentTarget.value))}>
            {Array.from({ length: props.handsFinished }, (_, i) => (
              <option key={i} value={i + 1}>
                {t('sheet.hand', { n: i + 1 })}
              </option>
            ))}
          </select>
        </label>
        <p class="replay-count" aria-live="polite">
          {step === 0 ? t('replay.deal') : t('replay.step', { n: step, total: last })}
        </p>
      </div>
      <div class="replay-controls">
        <button
          type="button"
          class="secondary"
          onClick={() => go(0)}
          disabled={step === 0}
          aria-label={t('replay.first')}
        >
          «
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => go(step - 1)}
          disabled={step === 0}
          aria-label={t('replay.prev')}
        >
          ◀
        </button>
        {/* Both words are laid out, one hidden: the button is as wide as the longer one, so the step
            buttons after it stay under the finger when it turns from Play to Pause. */}
        <button
          type="button"
          class="primary replay-play"
          onClick={() => {
            if (!playing.value && step >= last) go(0);
            playing.value = !playing.value;
          }}
        >
          <span class={playing.value ? 'play-word off' : 'play-word'}>{t('replay.play')}</span>
          <span class={playing.value ? 'play-word' : 'play-word off'}>{t('replay.pause')}</span>
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => go(step + 1)}
          disabled={step >= last}
          aria-label={t('replay.next')}
        >
          ▶
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => go(last)}
          disabled={step >= last}
          aria-label={t('replay.last')}
        >
          »
        </button>
        <label class="replay-speed">
          {t('replay.speed')}{' '}
          <select value={speed.value} onChange={(e) => (speed.value = Number(e.currentTarget.value))}>
            {SPEEDS.map((s, i) => (
              <option key={s.label} value={i}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label class="replay-slider">
        <span class="sr-only">{t('replay.position')}</span>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          onInput={(e) => go(Number(e.currentTarget.value))}
        />
      </label>
      <div class="replay-events">
        <ul>
          {lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
        {window && (
          <ul class="replay-window">
            {windowLines(window, names).map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        )}
      </div>
      <div class="replay-piles">
        <span>{t('replay.deck', { n: table.deckSize })}</span>
        <CardFaceOrNone card={table.discardTop} />
      </div>
      <div class="replay-seats">
        {names.map((name, seat) => {
          const team = teamOf(replay, seat);
          return (
            <ReplaySeat
              key={seat}
              seat={seat}
              name={name}
              team={team}
              table={table}
              acting={shown?.seat === seat}
              toAct={table.toAct === seat}
              showArea={replay.teams[team]?.[0] === seat}
            />
          );
        })}
      </div>
      {step === 0 && (
        <details class="replay-deck">
          <summary>{t('replay.deckTop')}</summary>
          <ol>
            {replay.deal.deck.map((c, i) => (
              <li key={i} data-card={c}>
                <CardFace card={c} />
              </li>
            ))}
          </ol>
        </details>
      )}
      {step === last && replay.result && (
        <HandScores
          result={replay.result}
          names={teamNames}
          caption={t('replay.score', { n: replay.hand })}
          totals={[{ label: t('end.matchTotal'), values: replay.totals }]}
        />
      )}
      {step === last && replay.hand < props.handsFinished && (
        <button type="button" class="primary" onClick={() => props.onHand(replay.hand + 1)}>
          {t('replay.nextHand')}
        </button>
      )}
      {href && (
        <p>
          <a href={href}>{t('replay.link')}</a>
        </p>
      )}
    </div>
  );
}

/** The discard pile's top card, or its empty slot. */
function CardFaceOrNone({ card }: { card: HandReplay['deal']['table']['discardTop'] }): JSX.Element {
  return card ? <CardFace card={card} /> : <span class="muted">{t('replay.discardEmpty')}</span>;
}

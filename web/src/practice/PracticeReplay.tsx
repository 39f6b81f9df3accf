/**
 * The replay of a finished practice match: the same viewer as an online match's
 * replay (`screens/replay/ReplayViewer.tsx`), fed by the engine's pure builder from the record kept on
 * this device (its setup and whole move log) instead of `GET /replay`. Loaded on demand, with the
 * engine: nothing here is in the initial script, and nothing goes over the network.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { HandReplay, ReplayEntry } from '../../../worker/engine/hand-replay';
import { t } from '../i18n';
import { errorText } from '../lib/words';
import { ReplayViewer } from '../screens/replay/ReplayViewer';
import { engineSetup } from './host';
import type { PracticeRecord } from './protocol';

/** One hand's replay of `record` and how many hands it has, or an error code (a damaged record). */
async function build(
  record: PracticeRecord,
  hand: number,
): Promise<{ replay: HandReplay; hands: number } | { error: string }> {
  const [engine, replays] = await Promise.all([
    import('../../../worker/engine/index'),
    import('../../../worker/engine/hand-replay'),
  ]);
  const setup = engineSetup(record.setup);
  const entries: ReplayEntry[] = record.log.map((s) => ({ kind: 'move', seat: s.seat, move: s.move }));
  // The hands with a replay: those of the state the whole log leads to.
  const created = engine.createMatch(setup);
  if (!created.ok) return { error: 'practice.setup_invalid' };
  let state = created.state;
  for (const e of entries) {
    if (e.kind !== 'move') continue;
    const r = engine.applyMove(state, e.seat, e.move);
    if (!r.ok) return { error: 'practice.log_invalid' };
    state = r.state;
  }
  const r = replays.buildHandReplay(setup, entries, hand);
  return r.ok ? { replay: r.replay, hands: replays.finishedHands(state) } : { error: r.error.code };
}

/** The replay of finished practice match `record`, from hand 1; `onClose` goes back to the list. */
export function PracticeReplay(props: { record: PracticeRecord; onClose: () => void }): JSX.Element {
  const hand = useSignal(1);
  const step = useSignal(0);
  const shown = useSignal<{ replay: HandReplay; hands: number } | null>(null);
  const failed = useSignal<string | null>(null);
  useEffect(() => {
    shown.value = null;
    void build(props.record, hand.value).then((r) => {
      if ('error' in r) failed.value = r.error;
      else shown.value = r;
    });
  }, [props.record, hand.value]);
  const s = shown.value;
  return (
    <section class="replay-page" aria-labelledby="replay-title">
      <p>
        <button type="button" class="ghost small" onClick={props.onClose}>
          {t('common.close')}
        </button>
      </p>
      <h2 id="replay-title">{t('replay.title', { n: hand.value })}</h2>
      {failed.value && (
        <p class="error" role="alert">
          {errorText({ code: failed.value, message: '' })}
        </p>
      )}
      {!s && !failed.value && <p class="muted">{t('common.loading')}</p>}
      {s && (
        <ReplayViewer
          replay={s.replay}
          handsFinished={s.hands}
          names={props.record.setup.names}
          step={step.value}
          onStep={(n) => (step.value = n)}
          onHand={(h) => {
            step.value = 0;
            hand.value = h;
          }}
        />
      )}
    </section>
  );
}

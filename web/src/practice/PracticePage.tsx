/**
 * `/practice`: the practice match in progress on this device (resumed from IndexedDB,
 * store.ts), else the practice form; the online table (screens/Table.tsx) shows the match, fed by the
 * Web Worker through `PracticeSession`; below, the finished practice matches, each opened again for
 * its score sheet and journal (its record holds the setup and the whole log: the replay
 * opens from `FinishedList`: `PracticeReplay.tsx`). Loaded on demand: nothing here is in the initial script.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
import { lazyComponent } from '../components/Lazy';
import { lang, t } from '../i18n';
import { dateTimeText } from '../lib/time';
import { errorText } from '../lib/words';
import { Table } from '../screens/Table';
import { PracticeForm } from './PracticeForm';
import type { PracticeRecord } from './protocol';
import { PracticeSession } from './session';
import { againSetup } from './setup';
import { clearCurrent, loadCurrent, loadFinished } from './store';

/** The replay of a finished practice match (the viewer and the engine), loaded when asked for. */
const PracticeReplay = lazyComponent(() => import('./PracticeReplay').then((m) => m.PracticeReplay));

/** The table of one practice match; `onAgain` gets the next match's record ("play again"). */
function PracticeTable(props: {
  record: PracticeRecord;
  onAgain: (next: PracticeRecord) => void;
}): JSX.Element {
  const { record, onAgain } = props;
  const session = useMemo(
    () =>
      new PracticeSession(record, () => onAgain({ setup: againSetup(record.setup, Date.now()), log: [] })),
    [record],
  );
  useEffect(() => {
    session.start();
    // Exposed for the browser test's measurement only (bot decision times in the Web Worker).
    (window as { mbPractice?: PracticeSession }).mbPractice = session;
    return () => session.stop();
  }, [session]);
  const info = session.info.value;
  const err = session.error.value;
  return (
    <>
      <p class={session.saved.value ? 'muted practice-saved' : 'notice practice-saved'} role="status">
        {session.saved.value ? t('practice.saved') : t('practice.unsaved')}
      </p>
      {!info && !err && <p class="muted">{t('practice.starting')}</p>}
      {!info && err && <p class="error">{errorText(err)}</p>}
      {info?.view && <Table session={session} />}
    </>
  );
}

/** The finished practice matches on this device, newest first; each opens again read-only. */
function FinishedList(props: {
  list: PracticeRecord[];
  onOpen: (r: PracticeRecord) => void;
  /** Opens the replay of its hands. */
  onReplay: (r: PracticeRecord) => void;
}): JSX.Element | null {
  if (props.list.length === 0) return null;
  return (
    <section class="practice-finished" aria-labelledby="practice-finished-title">
      <h2 id="practice-finished-title">{t('practice.finishedTitle')}</h2>
      <ul>
        {props.list.map((r) => (
          <li key={r.setup.id}>
            <span>
              {dateTimeText(r.finishedAt ?? r.setup.createdAt, lang.value)} · {r.setup.names.join(', ')}
            </span>{' '}
            <button type="button" class="ghost small" onClick={() => props.onOpen(r)}>
              {t('practice.show')}
            </button>{' '}
            <button type="button" class="ghost small" onClick={() => props.onReplay(r)}>
              {t('replay.review')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The practice page. */
export function PracticePage(): JSX.Element {
  // undefined: still reading the device; null: no match in progress.
  const current = useSignal<PracticeRecord | null | undefined>(undefined);
  const finished = useSignal<PracticeRecord[]>([]);
  const confirming = useSignal(false);
  const replaying = useSignal<PracticeRecord | null>(null);
  useEffect(() => {
    void loadCurrent().then((r) => (current.value = r));
    void loadFinished().then((l) => (finished.value = l));
  }, []);
  const rec = current.value;
  const giveUp = () => {
    confirming.value = false;
    current.value = null;
    void clearCurrent();
    void loadFinished().then((l) => (finished.value = l));
  };
  return (
    <div class="practice-page match-page">
      <div class="match-head">
        <h1>{t('practice.title')}</h1>
        {rec && !confirming.value && (
          <button type="button" class="ghost" onClick={() => (confirming.value = true)}>
            {t('practice.new')}
          </button>
        )}
      </div>
      {confirming.value && (
        <div class="prompt" role="alertdialog" aria-labelledby="practice-give-up">
          <p id="practice-give-up">{t('practice.giveUp')}</p>
          <button type="button" class="primary" onClick={giveUp}>
            {t('practice.new')}
          </button>{' '}
          <button type="button" class="secondary" onClick={() => (confirming.value = false)}>
            {t('common.close')}
          </button>
        </div>
      )}
      {rec === undefined && <p class="muted">{t('common.loading')}</p>}
      {rec === null && (
        <>
          <p>{t('practice.offerText')}</p>
          <PracticeForm onStart={(setup) => (current.value = { setup, log: [] })} />
          <p class="muted">{t('practice.install')}</p>
        </>
      )}
      {rec && <PracticeTable key={rec.setup.id} record={rec} onAgain={(next) => (current.value = next)} />}
      {!rec && replaying.value && (
        <PracticeReplay record={replaying.value} onClose={() => (replaying.value = null)} />
      )}
      {!rec && !replaying.value && (
        <FinishedList
          list={finished.value}
          onOpen={(r) => (current.value = r)}
          onReplay={(r) => (replaying.value = r)}
        />
      )}
    </div>
  );
}

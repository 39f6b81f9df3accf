/**
 * The row under the table's status: the match total so far (compact; after the first hand) and the
 * two buttons that open the score sheet and the rules of the match in a dialog. Both dialogs load on
 * first use (not part of the initial script); closing one puts the focus back on its button.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { lazyComponent } from '../../components/Lazy';
import { t } from '../../i18n';
import type { MatchInfo, MatchView } from '../../lib/types';
import { teamName } from '../../lib/words';

const ScoreSheetDialog = lazyComponent(() => import('./panels').then((m) => m.ScoreSheetDialog));
const RulesDialog = lazyComponent(() => import('./panels').then((m) => m.RulesDialog));

/** The match total of every player or team, e.g. "Match total: Ann 1900 · Bob 450". */
function MatchTotal({ info, view }: { info: MatchInfo; view: MatchView }): JSX.Element {
  return (
    <p class="match-total">
      <span class="label">{t('end.matchTotal')}:</span>
      {view.scores.map((s, i) => (
        <span key={i} class="team-total">
          {' '}
          <span class="name">{teamName(info, view, i)}</span> <strong>{s}</strong>
        </span>
      ))}
    </p>
  );
}

/** The tools row of the table. */
export function TableTools({ info, view }: { info: MatchInfo; view: MatchView }): JSX.Element {
  const open = useSignal<'sheet' | 'rules' | null>(null);
  const sheetButton = useRef<HTMLButtonElement>(null);
  const rulesButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    const opener = open.value === 'sheet' ? sheetButton : rulesButton;
    open.value = null;
    opener.current?.focus();
  };
  return (
    <div class="table-tools">
      {view.results.length > 0 && <MatchTotal info={info} view={view} />}
      <div class="tool-buttons">
        <button
          ref={sheetButton}
          type="button"
          class="ghost small"
          aria-haspopup="dialog"
          onClick={() => (open.value = 'sheet')}
        >
          {t('sheet.open')}
        </button>
        <button
          ref={rulesButton}
          type="button"
          class="ghost small"
          aria-haspopup="dialog"
          onClick={() => (open.value = 'rules')}
        >
          {t('lobby.rules')}
        </button>
      </div>
      {open.value === 'sheet' && <ScoreSheetDialog info={info} view={view} onClose={close} />}
      {open.value === 'rules' && <RulesDialog view={view} onClose={close} />}
    </div>
  );
}

/**
 * The row under the table's status: the match total so far (compact; after the first hand) and the
 * buttons that open the score sheet, the rules of the match and the chat (ChatButton.tsx) in a dialog. Both dialogs load on
 * first use (not part of the initial script); closing one puts the focus back on its button
 * (components/Dialog).
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { lazyComponent } from '../../components/Lazy';
import { t } from '../../i18n';
import type { MatchSession } from '../../lib/session';
import type { MatchInfo, MatchView } from '../../lib/types';
import { teamName } from '../../lib/words';
import { ChatButton } from './ChatButton';

const PanelDialog = lazyComponent(() => import('./panels').then((m) => m.PanelDialog));

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
export function TableTools(props: { info: MatchInfo; view: MatchView; session: MatchSession }): JSX.Element {
  const { info, view, session } = props;
  const open = useSignal<'sheet' | 'rules' | null>(null);
  return (
    <div class="table-tools">
      {view.results.length > 0 && <MatchTotal info={info} view={view} />}
      <div class="tool-buttons">
        <button
          type="button"
          class="ghost small"
          aria-haspopup="dialog"
          onClick={() => (open.value = 'sheet')}
        >
          {t('sheet.open')}
        </button>
        <button
          type="button"
          class="ghost small"
          aria-haspopup="dialog"
          onClick={() => (open.value = 'rules')}
        >
          {t('lobby.rules')}
        </button>
        <ChatButton session={session} info={info} />
      </div>
      {open.value && (
        <PanelDialog which={open.value} info={info} view={view} onClose={() => (open.value = null)} />
      )}
    </div>
  );
}

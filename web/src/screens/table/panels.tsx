/**
 * The table's panels loaded on first use, as one chunk: the score sheet and the rules of the match
 * in their dialog, and the chat. Everything that loads them imports this module (one
 * extra chunk for all).
 */
import type { JSX } from 'preact';
import { Dialog } from '../../components/Dialog';
import { t } from '../../i18n';
import type { MatchInfo, MatchView } from '../../lib/types';
import { RulesPanel } from './RulesPanel';
import { ScoreSheet } from './ScoreSheet';

export { ChatDialog } from './ChatPanel';
export { ScoreSheet };

/** The score sheet (`which` = 'sheet') or the rules of the match ('rules') in a dialog. */
export function PanelDialog(props: {
  which: 'sheet' | 'rules';
  info: MatchInfo;
  view: MatchView;
  onClose: () => void;
}): JSX.Element {
  const { which, info, view } = props;
  return (
    <Dialog title={t(which === 'sheet' ? 'sheet.title' : 'lobby.rules')} onClose={props.onClose}>
      {which === 'sheet' ? <ScoreSheet info={info} view={view} /> : <RulesPanel view={view} />}
    </Dialog>
  );
}

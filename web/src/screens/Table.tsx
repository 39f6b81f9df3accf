/**
 * The table: whose turn it is with the deadline, the response-window prompt, every player's or
 * team's area, the draw and discard piles, my hand with the legal moves highlighted (tap a card,
 * then its target) and the journal, with a "since you left" summary over the top after an absence. Each
 * part is a file of screens/table/; only `view.legalMoves` decides what is offered. On a phone the
 * hand is docked at the bottom and the other areas are compact lines; what a move changed flashes.
 */
import type { JSX } from 'preact';
import { lazyComponent } from '../components/Lazy';
import type { MatchSession } from '../lib/session';
import { useTabBadge } from '../lib/tab-badge';
import { Areas } from './table/Areas';
import { useChanges } from './table/changes';
import { Hand } from './table/Hand';
import { Piles } from './table/Piles';
import { ExtensionPrompt, handIsOver, Status, WindowPrompt } from './table/Status';
import { tableState, useSelection } from './table/state';
import { TableTools } from './table/Tools';

// The journal and the "since you left" summary load after the table (they read the history); the
// summary then lies over the top of the table (styles.css), so its arrival moves nothing.
/** The end of a hand (scores, next hand), loaded when a hand ends: it keeps the initial script small. */
const EndOfHand = lazyComponent(() => import('./EndOfHand').then((m) => m.EndOfHand));
const Journal = lazyComponent(() => import('./table/Journal').then((m) => m.Journal));
const SinceYouLeft = lazyComponent(() => import('./table/SinceYouLeft').then((m) => m.SinceYouLeft), {
  quiet: true,
});

/** A match that ended because a player left, loaded only then. */
const ForfeitEnd = lazyComponent(() => import('./settings/Leave').then((m) => m.ForfeitEnd), { quiet: true });

/** The table screen of a match that is being played. */
export function Table({ session }: { session: MatchSession }): JSX.Element | null {
  const info = session.info.value;
  const view = info?.view;
  const selection = useSelection(view);
  const changes = useChanges(view);
  useTabBadge(info ?? null);
  if (!info || !view) return null;
  const state = tableState(session, info, view, selection, changes);
  return (
    <div class="table-screen">
      <Status state={state} />
      {/* The summary's place, an empty line in the flow: it lies over what follows, from here. */}
      <div class="since-anchor">
        <SinceYouLeft session={session} info={info} view={view} />
      </div>
      <TableTools info={info} view={view} session={session} />
      {view.phase === 'matchOver' && info.left?.some((l) => l.outcome === 'end') && (
        <ForfeitEnd info={info} view={view} />
      )}
      {handIsOver(view) && <EndOfHand session={session} info={info} view={view} />}
      <WindowPrompt session={session} info={info} view={view} />
      <ExtensionPrompt session={session} view={view} />
      <Areas state={state} />
      <Piles state={state} />
      <Hand state={state} />
      <Journal session={session} info={info} view={view} />
    </div>
  );
}

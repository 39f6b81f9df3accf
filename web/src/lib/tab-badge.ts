/**
 * "Your turn" in the browser tab: whose move it is (from the server's view: `turn`, `window`; no
 * rules of the client's own) and the hook that keeps the tab's title and icon in step with it. The
 * drawing and the sound are in lib/tab-show.ts, loaded on the first change: the tab is not part of
 * the first paint, so they stay out of the initial script.
 */
import { useEffect, useRef } from 'preact/hooks';
import { lang, loadLaterWords } from '../i18n';
import { turnSound } from './turn-sound';
import type { MatchInfo, MatchView } from './types';

/** True when the next move is the viewer's: their answer in an open window, or their turn. */
export function isMyMove(view: MatchView): boolean {
  if (view.seat === null || view.phase === 'handOver' || view.phase === 'matchOver') return false;
  return view.window ? view.window.seat === view.seat : view.turn === view.seat;
}

/**
 * Keeps the tab's title ("(1) Your turn · <match> — Mille Bornes" while the viewer's move is due, else
 * "<match> — Mille Bornes") and icon (badged while due) in step with `info` while the table is shown;
 * plays the turn sound, when this device turned it on, once each time the move becomes due; restores
 * the plain title and icon when the table goes away.
 */
export function useTabBadge(info: MatchInfo | null): void {
  const mine = info?.view ? isMyMove(info.view) : false;
  const title = info?.title ?? '';
  const before = useRef<boolean | null>(null);
  const show = (title: string | null, chime = false) =>
    void Promise.all([import('./tab-show'), loadLaterWords()]).then(([m]) => m.showMatch(title, mine, chime));
  useEffect(() => {
    show(title, mine && before.current === false && turnSound.value);
    before.current = mine;
  }, [mine, title, lang.value]);
  useEffect(() => () => show(null), []);
}

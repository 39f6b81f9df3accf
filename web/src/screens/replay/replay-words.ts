/**
 * The replay's sentences, worked out from a step of the payload (no DOM): the step's
 * public events in the words shared with the mail (worker/words/events), the cards drawn (named here:
 * the hand is over), and what a coup-fourré window offered to whom.
 */
import type { ReplayStep, ReplayWindow } from '../../../../worker/engine/hand-replay';
import { cardName } from '../../components/Card';
import { t } from '../../i18n';
import type { MatchInfo } from '../../lib/types';
import { eventText, listNames } from '../../lib/words';

/** The seats' names as the shared event words read them. */
export function namesInfo(names: readonly string[]): Pick<MatchInfo, 'seats'> {
  return { seats: names.map((name, seat) => ({ seat, name })) } as unknown as Pick<MatchInfo, 'seats'>;
}

/** The lines of one step: its events (draws from the pile named), in play order. */
export function stepLines(step: ReplayStep, names: readonly string[], teams: number[][]): string[] {
  const info = namesInfo(names);
  const drew = step.drew.slice();
  const lines: string[] = [];
  for (const e of step.events) {
    if (e.type === 'drew' && e.from === 'pile') {
      const i = drew.findIndex((d) => d.seat === e.seat);
      const d = i < 0 ? null : drew.splice(i, 1)[0];
      if (d) {
        lines.push(t('replay.drew', { name: names[d.seat] ?? '', card: cardName(d.card) }));
        continue;
      }
    }
    const text = eventText(e, info, { teams });
    if (text) lines.push(text);
  }
  return lines;
}

/** What a coup-fourré window offered: the hazard, who could have answered, who held it back. */
export function windowLines(w: ReplayWindow, names: readonly string[]): string[] {
  const who = (seats: readonly number[]) => listNames(seats.map((s) => names[s] ?? ''));
  const could = [...new Set([...w.couldCoupFourre, ...w.couldRemedy])];
  const lines = [t('replay.window', { hazard: cardName(w.hazard), attacker: names[w.attacker] ?? '' })];
  lines.push(could.length ? t('replay.windowCould', { names: who(could) }) : t('replay.windowNobody'));
  if (w.missed.length) lines.push(t('replay.windowMissed', { names: who(w.missed) }));
  return lines;
}

/** The replay page's address: `hand` (from 1) and `step` (0: the deal). */
export function replayHref(matchId: string, hand: number, step = 0): string {
  return `/m/${encodeURIComponent(matchId)}/replay?hand=${hand}${step > 0 ? `&step=${step}` : ''}`;
}

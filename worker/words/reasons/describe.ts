/**
 * Why a card cannot be played, in words: the engine's `CardReason` (worker/engine/why-not-reasons.ts,
 * sent in the seat's own view) as a sentence of one language, with the seats, teams and cards named
 * by the caller (the event words' `EventTable` and its teams' names). Pure: no platform, no DOM, engine types only.
 */
import type { CardReason } from '../../engine/why-not-reasons';
import type { EventTable } from '../events/describe';
import { fill } from '../events/fill';
import type { ReasonWords } from './catalog';

/** The event words' table, plus a team's players by name in the same language ("Al and Cy"). */
export interface ReasonTable extends EventTable {
  /** A team (by team index) as its players' names joined. */
  team: (team: number) => string;
}

/** The players of a hazard's target team by name, and how many they are (for the verb's plural). */
function targetValues(table: ReasonTable, team: number): { target: string; count: number } {
  return { target: table.team(team), count: table.teams[team]?.length ?? 1 };
}

/** What a seat that is not rolling needs, in words (RULES.md §4, §6). */
function notRollingText(
  p: Extract<CardReason, { code: 'distance.not_rolling' }>['params'],
  table: ReasonTable,
  w: ReasonWords,
): string {
  const say = (t: string, v: Record<string, string> = {}) => fill(t, v, w.lang);
  const hazard = p.battleTop !== null && table.kind(p.battleTop) === 'hazard' ? p.battleTop : null;
  let need: string;
  if (hazard !== null) {
    const values = { hazard: table.card(hazard), remedy: table.card(p.remedy) };
    need = say(p.thenRoll ? w.needRemedyThenRoll : w.needRemedy, values);
  } else need = p.battleTop !== null && p.battleTop !== 'roll' ? w.needRollClassic : w.needRoll;
  return p.safety === null ? need : `${need} ${say(w.orSafety, { safety: table.card(p.safety) })}`;
}

/**
 * One reason as a sentence in the words' language, never empty: e.g. "Bob has Driving Ace.",
 * "Only 25 km to go: this card would pass 1000.", "You need a Roll first (classic rules)."
 */
export function reasonText(reason: CardReason, table: ReasonTable, w: ReasonWords): string {
  const say = (t: string, v: Record<string, string | number> = {}) => fill(t, v, w.lang);
  const c = table.card;
  switch (reason.code) {
    case 'seat.invalid':
      return w.noSeat;
    case 'turn.not_yours':
      return reason.params.acting === null
        ? w.noTurn
        : say(w.turnOf, { player: table.seat(reason.params.acting) });
    case 'phase.wrong': {
      const phase = reason.params.phase;
      if (phase === 'draw') return w.drawFirst;
      if (phase === 'extension') return w.extensionFirst;
      if (phase === 'respond') return w.answerFirst;
      if (phase === 'handOver') return w.handOver;
      return phase === 'matchOver' ? w.matchOver : w.other;
    }
    case 'card.not_in_hand':
      return say(w.notInHand, { card: c(reason.params.card) });
    case 'distance.not_rolling':
      return notRollingText(reason.params, table, w);
    case 'distance.speed_limit':
      return say(w.speedLimit, reason.params);
    case 'distance.too_many_200':
      return say(w.tooMany200, reason.params);
    case 'distance.past_goal':
      return say(w.pastGoal, reason.params);
    case 'hazard.target_protected':
      return say(w.protected, {
        ...targetValues(table, reason.params.team),
        safety: c(reason.params.safety),
      });
    case 'hazard.target_not_rolling':
      return say(w.targetNotRolling, targetValues(table, reason.params.team));
    case 'hazard.target_hazarded':
      return say(w.targetHazarded, {
        ...targetValues(table, reason.params.team),
        hazard: c(reason.params.hazard),
      });
    case 'hazard.target_limited':
      return say(w.targetLimited, targetValues(table, reason.params.team));
    case 'hazard.attacker_not_started':
      return say(w.attackerNotStarted, targetValues(table, reason.params.team));
    case 'remedy.not_needed': {
      const { pile, top, rolling } = reason.params;
      if (pile === 'speed') return w.notLimited;
      if (rolling) return w.alreadyRolling;
      return top !== null && table.kind(top) === 'hazard'
        ? say(w.doesNotAnswer, { top: c(top) })
        : w.noHazard;
    }
    case 'safety.already_played':
      return say(w.safetyPlayed, { safety: c(reason.params.safety) });
    default:
      return w.other;
  }
}

/** Several reasons (one per hazard target) as one text: each distinct sentence once, in order. */
export function reasonsText(reasons: readonly CardReason[], table: ReasonTable, w: ReasonWords): string {
  return [...new Set(reasons.map((r) => reasonText(r, table, w)))].join(' ');
}

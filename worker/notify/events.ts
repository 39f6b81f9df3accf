/**
 * Public game events in words, from one reader's point of view ("Bob played Stop on you"). Used
 * by the "your turn" mail to say what happened since the reader's last turn. Only public events
 * are rendered, and a draw from the pile is left out (it names no card and says nothing).
 */
import { isDistance, isHazard, isSafety } from '../engine/cards';
import type { GameEvent } from '../engine/types';
import { type Catalog, fill } from './i18n';

/** Who sits where: names by seat, the teams (lists of seats) and the reader's seat (null: a spectator). */
export interface TableNames {
  names: readonly string[];
  teams: readonly (readonly number[])[];
  reader: number | null;
}

/** "Anna", "Anna and Bob", "Anna, Bob and Cleo". */
export function joinNames(names: readonly string[], c: Catalog): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${c.and} ${names[names.length - 1]}`;
}

function seatName(t: TableNames, seat: number): string {
  return t.names[seat] ?? `#${seat + 1}`;
}

/** The players of a team by name. */
export function teamName(t: TableNames, team: number, c: Catalog): string {
  return joinNames(
    (t.teams[team] ?? []).map((s) => seatName(t, s)),
    c,
  );
}

function teamOf(t: TableNames, seat: number): number {
  return t.teams.findIndex((members) => members.includes(seat));
}

/**
 * A hazard's target in words. `target` may be a team index or any seat of the team (both reduce
 * to the same team modulo the number of teams, as teams sit alternately).
 */
function targetText(t: TableNames, target: number, c: Catalog): string {
  const team = ((target % t.teams.length) + t.teams.length) % t.teams.length;
  if (t.reader !== null && teamOf(t, t.reader) === team) {
    return (t.teams[team]?.length ?? 1) > 1 ? c.target.yourTeam : c.target.you;
  }
  return fill(c.target.other, { names: teamName(t, team, c) });
}

/** Team totals as "Anna 450, Bob 300". */
export function scoreLine(t: TableNames, scores: readonly number[], c: Catalog): string {
  return scores.map((s, team) => `${teamName(t, team, c)} ${s}`).join(', ');
}

/** One event in words, or null for an event not worth a line (a face-down draw). */
export function describeEvent(e: GameEvent, t: TableNames, c: Catalog): string | null {
  const p = (seat: number) => seatName(t, seat);
  const ev = c.events;
  switch (e.type) {
    case 'handStarted':
      return fill(ev.handStarted, { hand: e.hand, player: p(e.firstSeat) });
    case 'drew':
      return e.from === 'discard' ? fill(ev.drewDiscard, { player: p(e.seat), card: c.cards[e.card] }) : null;
    case 'reshuffled':
      return ev.reshuffled;
    case 'played': {
      const card = c.cards[e.card];
      if (isDistance(e.card)) return fill(ev.drove, { player: p(e.seat), card });
      if (isHazard(e.card)) {
        const target = e.target === undefined ? '?' : targetText(t, e.target, c);
        return fill(ev.hazard, { player: p(e.seat), card, target });
      }
      if (isSafety(e.card)) return fill(ev.safety, { player: p(e.seat), card });
      return fill(ev.remedy, { player: p(e.seat), card });
    }
    case 'hazardCancelled':
      return fill(ev.hazardCancelled, {
        card: c.cards[e.by],
        hazard: c.cards[e.hazard],
        target: targetText(t, e.team, c),
      });
    case 'discarded':
      return fill(ev.discarded, { player: p(e.seat), card: c.cards[e.card] });
    case 'windowOpened':
      return fill(ev.windowOpened, { player: p(e.seat), hazard: c.cards[e.hazard], attacker: p(e.attacker) });
    case 'passed':
      return fill(ev.passed, { player: p(e.seat) });
    case 'coupFourre':
      return fill(ev.coupFourre, {
        player: p(e.seat),
        card: c.cards[e.card],
        hazard: c.cards[e.hazard],
        attacker: p(e.attacker),
      });
    case 'quickRemedy':
      return fill(ev.quickRemedy, { player: p(e.seat), card: c.cards[e.card], hazard: c.cards[e.hazard] });
    case 'turnsLost':
      return e.seats.length === 1
        ? fill(ev.turnLost, { player: p(e.seats[0]) })
        : fill(ev.turnsLost, { players: joinNames(e.seats.map(p), c) });
    case 'mulligan':
      return fill(ev.mulligan, { player: p(e.seat), count: e.cards.length });
    case 'extraTurn':
      return fill(ev.extraTurn, { player: p(e.seat) });
    case 'extensionOffered':
      return fill(ev.extensionOffered, { player: p(e.seat) });
    case 'extended':
      return fill(e.accept ? ev.extensionAccepted : ev.extensionDeclined, { player: p(e.seat) });
    case 'skipped':
      return fill(ev.skipped, { player: p(e.seat) });
    case 'drawPileExhausted':
      return ev.drawPileExhausted;
    case 'handOver':
      return fill(ev.handOver, { hand: e.hand, scores: scoreLine(t, e.scores, c) });
    case 'matchOver':
      return fill(ev.matchOver, { scores: scoreLine(t, e.scores, c) });
    default: {
      // A new event kind must get words here; until then it is left out rather than shown raw.
      const _never: never = e;
      void _never;
      return null;
    }
  }
}

/** Every event worth a line, in order. Consecutive identical lines are kept (each is one move). */
export function describeEvents(events: readonly GameEvent[], t: TableNames, c: Catalog): string[] {
  const lines: string[] = [];
  for (const e of events) {
    const line = describeEvent(e, t, c);
    if (line !== null) lines.push(line);
  }
  return lines;
}

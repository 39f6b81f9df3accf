/** Shared inputs for the mail tests: a 2-player table, a 4-player team table, links and sample events. */
import type { GameEvent } from '../../worker/engine/types';
import type { MailContent, MailContext } from '../../worker/notify/compose';
import type { TableNames } from '../../worker/notify/events';

export const duo: TableNames = { names: ['Anna', 'Bob'], teams: [[0], [1]], reader: 0 };
export const teams: TableNames = {
  names: ['Anna', 'Bob', 'Cleo', 'Dag'],
  teams: [
    [0, 2],
    [1, 3],
  ],
  reader: 0,
};

export const NOW = new Date(Date.UTC(2026, 11, 14, 9, 30));
export const DEADLINE = new Date(Date.UTC(2026, 11, 15, 18, 30));

export function ctx(language: string, over: Partial<MailContext> = {}): MailContext {
  return {
    language,
    matchTitle: 'Friday night',
    recipientName: 'Anna',
    links: {
      seat: 'https://mb.example.org/m/AAAAAAAAAAAAAAAAAAAAAA#seat=s3cr3tT0k3nXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      mute: 'https://mb.example.org/api/mail/mute/0123/AAAAAAAAAAAAAAAAAAAAAA/muteTok',
      block: 'https://mb.example.org/api/mail/block/0123/blockTok',
    },
    ...over,
  };
}

/** What happened between Anna's turns: Bob drew, played Stop on Anna, Anna's auto coup fourré, … */
export const sinceLastTurn: GameEvent[] = [
  { type: 'drew', seat: 1, from: 'pile' },
  { type: 'played', seat: 1, card: 'd100' },
  { type: 'drew', seat: 1, from: 'discard', card: 'roll' },
  { type: 'played', seat: 1, card: 'stop', target: 0 },
  { type: 'discarded', seat: 1, card: 'd25' },
  { type: 'turnsLost', seats: [1] },
];

/** One content of every kind, for the snapshot and coverage tests. */
export const ALL_CONTENTS: Record<MailContent['kind'], MailContent> = {
  invitation: { kind: 'invitation', host: 'Bob' },
  yourTurn: { kind: 'yourTurn', table: duo, events: sinceLastTurn, deadline: DEADLINE, now: NOW },
  responseWindow: {
    kind: 'responseWindow',
    table: teams,
    attacker: 1,
    hazard: 'stop',
    target: 0,
    deadline: DEADLINE,
    // A window waits only for a seat that chose "ask me" (RULES.md §7).
    mode: 'ask',
  },
  reminder: { kind: 'reminder', deadline: DEADLINE, now: NOW },
  botTookOver: { kind: 'botTookOver', scope: 'turn' },
  finished: { kind: 'finished', table: duo, scores: [5150, 4300], winners: [0], rematch: null },
  rematchOffer: { kind: 'rematchOffer', by: 'Bob', lapsesAt: DEADLINE, now: NOW },
  playerLeft: { kind: 'playerLeft', table: teams, seat: 1, outcome: 'bot' },
};

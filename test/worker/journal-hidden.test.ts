/**
 * Hidden information in the journal, over random complete matches (as test/worker/hidden.test.ts
 * does for views and frames): no journal page names the seed, holds a hidden key (hands, deck,
 * seed, rng, box), or carries a field an event kind may not have; a draw from the pile names no
 * card, and a card taken from the discard pile was its top card (public) just before.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../worker/engine/index';
import type { JournalPage } from '../../worker/match/journal';
import type { MatchInfo } from '../../worker/protocol/views';
import { api, create, info, keysOf, pick, rng } from './helpers';

const FORBIDDEN_KEYS = new Set(['hands', 'deck', 'seed', 'rng', 'box', 'hand_starts', 'payload']);

/** Every field each event kind may carry: all public (a card named is one put on the table or the discard pile). */
const ALLOWED: Record<string, readonly string[]> = {
  handStarted: ['hand', 'firstSeat'],
  drew: ['seat', 'from', 'card'],
  reshuffled: ['cards', 'count'],
  played: ['seat', 'card', 'target'],
  hazardCancelled: ['team', 'hazard', 'by'],
  discarded: ['seat', 'card'],
  windowOpened: ['seat', 'attacker', 'hazard'],
  passed: ['seat'],
  coupFourre: ['seat', 'card', 'hazard', 'attacker'],
  quickRemedy: ['seat', 'card', 'hazard'],
  turnsLost: ['seats'],
  mulligan: ['seat', 'cards'],
  extraTurn: ['seat'],
  extensionOffered: ['seat'],
  extended: ['seat', 'accept'],
  skipped: ['seat', 'reason'],
  drawPileExhausted: [],
  handOver: ['hand', 'winners', 'scores'],
  matchOver: ['winners', 'scores'],
  responseMode: ['seat', 'mode'],
};

const games = [
  { rules: 'classic', seats: 2, bots: 0, seed: 11, options: { goal: 300, matchTarget: 1500 } },
  { rules: 'hasbro-2016', seats: 3, bots: 1, seed: 12, options: { mulligan: true, quickRemedy: true } },
  {
    rules: 'partnership',
    seats: 4,
    bots: 2,
    seed: 13,
    teamSize: 2,
    options: { goal: 300, matchTarget: 1200 },
  },
];

describe('hidden information in the journal', () => {
  for (const g of games) {
    it(`${g.rules}, ${g.seats} seats (${g.bots} bots): no page reveals a hand, the deck or the seed`, async () => {
      const secret = `journal-secret-${g.seed}-z7k`;
      const m = await create({
        rules: { preset: g.rules, options: g.options },
        ...(g.teamSize ? { teamSize: g.teamSize } : {}),
        seats: Array.from({ length: g.seats }, (_, s) =>
          s >= g.seats - g.bots
            ? { kind: 'bot', botLevel: 'random' }
            : { kind: 'human', name: `P${s}`, responseMode: s === 0 ? 'ask' : 'auto' },
        ),
        testStack: { seed: secret },
      });
      const humans = m.seats
        .map((t, seat) => ({ t, seat }))
        .filter((x): x is { t: string; seat: number } => !!x.t);
      const r = rng(g.seed);
      const bodies: string[] = [];
      const discardTops = new Map<number, string | null>();
      let finished = false;
      for (let step = 0; step < 3000 && !finished; step++) {
        const spectator = await info(m, null);
        discardTops.set(spectator.view!.version, spectator.view!.discardTop);
        if (spectator.status === 'finished') break;
        // The latest page as the match goes on (a live reader's view of it).
        const live = await api(`/api/matches/${m.id}/journal`);
        expect(live.status).toBe(200);
        bodies.push(JSON.stringify(live.body));
        let mover: { t: string; view: NonNullable<MatchInfo['view']> } | null = null;
        for (const h of humans) {
          const mine = await info(m, h.t);
          if (mine.view!.legalMoves.length) mover = { t: h.t, view: mine.view! };
        }
        if (!mover) {
          finished = (await info(m, null)).status === 'finished';
          break;
        }
        const res = await api(`/api/matches/${m.id}/moves`, {
          token: mover.t,
          body: { version: mover.view.version, moveId: `j${step}`, move: pick(mover.view.legalMoves, r) },
        });
        expect(res.status).toBe(200);
      }
      expect((await info(m, null)).status).toBe('finished');
      const latest = (await api(`/api/matches/${m.id}/journal`)).body as JournalPage;
      const pages: JournalPage[] = [];
      for (let h = 1; h <= latest.handsDealt; h++) {
        const p = await api(`/api/matches/${m.id}/journal?hand=${h}`);
        expect(p.status).toBe(200);
        bodies.push(JSON.stringify(p.body));
        pages.push(p.body);
      }
      for (const text of bodies) {
        expect(text).not.toContain(secret);
        for (const k of keysOf(JSON.parse(text))) expect(FORBIDDEN_KEYS.has(k), `key ${k}`).toBe(false);
      }
      for (const p of pages) {
        for (const e of p.events) {
          expect(Object.keys(e).sort()).toEqual(['at', 'by', 'event', 'seq', 'version']);
          const { type, ...fields } = e.event as GameEvent & Record<string, unknown>;
          expect(ALLOWED[type], type).toBeDefined();
          for (const k of Object.keys(fields)) expect(ALLOWED[type], `${type}.${k}`).toContain(k);
          if (e.event.type === 'drew' && e.event.from === 'pile') expect('card' in e.event).toBe(false);
          if (e.event.type === 'drew' && e.event.from === 'discard') {
            // The discard pile's top card as everybody saw it before this change (when a view of that version was seen).
            const before = discardTops.get(e.version - 1);
            if (before !== undefined) expect(e.event.card).toBe(before);
          }
        }
      }
    });
  }
});

/**
 * Hidden information over random games: no response body, WebSocket frame or log line reveals
 * another seat's hand, the draw pile or the seed. Each seat's info must equal the spectator's info
 * at the same version except for the seat's own hand, legal moves and reasons (which name only its
 * own cards), and that hand must be the seat's real hand (read from the Durable Object's stored state).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchState } from '../../worker/engine/index';
import type { MatchInfo } from '../../worker/protocol/views';
import { api, create, info, keysOf, ORIGIN, pick, rng, seenBodies, type TestMatch, worker } from './helpers';

const FORBIDDEN_KEYS = new Set(['hands', 'deck', 'seed', 'rng', 'box']);

/** The parts of an info that must not depend on who asks. */
function publicPart(i: MatchInfo) {
  const { you: _you, settings: _settings, mail: _mail, chat: _chat, view, ...rest } = i;
  if (!view) return rest;
  const { seat: _seat, hand: _hand, legalMoves: _legal, reasons: _reasons, ...pub } = view;
  return { ...rest, view: pub };
}

/** The Durable Object's current state (test seam: never sent to players). */
async function storedState(m: TestMatch): Promise<MatchState> {
  // Straight to the Worker, not through `api`: this body is not one a player receives.
  const r = await worker().fetch(`${ORIGIN}/dev/replay/${m.id}`);
  return ((await r.json()) as { stored: MatchState }).stored;
}

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

const games = [
  { rules: 'classic', seats: 2, bots: 0, seed: 1 },
  { rules: 'hasbro-2016', seats: 3, bots: 1, seed: 2 },
  { rules: 'partnership', seats: 4, bots: 2, seed: 3, teamSize: 2 },
];

describe('hidden information', () => {
  for (const g of games) {
    it(`${g.rules}, ${g.seats} seats (${g.bots} bots): nothing hidden leaks`, async () => {
      const secret = `hidden-seed-${g.seed}-q9x`;
      const m = await create({
        rules: g.rules,
        ...(g.teamSize ? { teamSize: g.teamSize } : {}),
        seats: Array.from({ length: g.seats }, (_, s) =>
          s >= g.seats - g.bots ? { kind: 'bot', botLevel: 'random' } : { kind: 'human', name: `P${s}` },
        ),
        testStack: { seed: secret },
      });
      const humans = m.seats
        .map((t, seat) => ({ t, seat }))
        .filter((x): x is { t: string; seat: number } => !!x.t);
      // A socket per human, recording frames.
      const frames: string[] = [];
      for (const h of humans) {
        const res = await worker().fetch(`${ORIGIN}/api/matches/${m.id}/ws`, {
          headers: { Upgrade: 'websocket' },
        });
        const ws = res.webSocket!;
        ws.accept();
        ws.addEventListener('message', (e: MessageEvent) => frames.push(e.data as string));
        ws.send(JSON.stringify({ type: 'auth', token: h.t }));
      }
      const bodiesBefore = seenBodies.length;
      const r = rng(g.seed);
      for (let step = 0; step < 400; step++) {
        const spectator = await info(m, null);
        if (spectator.status === 'finished') break;
        expect(spectator.view!.reasons).toEqual({});
        const state = await storedState(m);
        let mover: { t: string; seat: number; version: number; moves: MatchInfo['view'] } | null = null;
        for (const h of humans) {
          const mine = await info(m, h.t);
          expect(mine.view!.version).toBe(spectator.view!.version);
          expect(publicPart(mine)).toEqual(publicPart(spectator));
          expect([...mine.view!.hand].sort()).toEqual([...state.hands[h.seat]].sort());
          // Reasons only for the seat's own cards; a spectator gets none.
          for (const card of Object.keys(mine.view!.reasons)) expect(state.hands[h.seat]).toContain(card);
          if (mine.view!.legalMoves.length && !mover)
            mover = { ...h, version: mine.view!.version, moves: mine.view };
        }
        if (!mover) break;
        const res = await api(`/api/matches/${m.id}/moves`, {
          token: mover.t,
          body: { version: mover.version, moveId: `h${step}`, move: pick(mover.moves!.legalMoves, r) },
        });
        expect(res.status).toBe(200);
      }
      await new Promise((res) => setTimeout(res, 50));
      const everything = [...seenBodies.slice(bodiesBefore), ...frames, ...logged];
      expect(frames.length).toBeGreaterThan(0);
      for (const text of everything) {
        expect(text).not.toContain(secret);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          continue;
        }
        for (const k of keysOf(parsed)) expect(FORBIDDEN_KEYS.has(k), `key ${k}`).toBe(false);
        // Every pushed view is the socket owner's own.
        const f = parsed as { type?: string; info?: MatchInfo };
        if (f.type === 'info' && f.info?.view && f.info.you.seat !== null) {
          expect(f.info.view.seat).toBe(f.info.you.seat);
        }
      }
      // The public log never names a card drawn from the pile.
      const log = await api(`/api/matches/${m.id}/log`);
      for (const e of log.body.events)
        if (e.event.type === 'drew' && e.event.from === 'pile') expect(e.event.card).toBeUndefined();
    });
  }
});

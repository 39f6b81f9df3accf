/**
 * The practice mode's host (web/src/practice/host.ts) with the real engine and bots, as the
 * Web Worker runs it: a new match lets the bots play up to the player; a match played to its end
 * from the player's legal moves rebuilds from its setup and stored log to the same state (the resume
 * after a reload, and the replay of a finished match); the journal and log answer in the server's
 * shapes; refusals are result values with stable codes.
 */
import { describe, expect, it } from 'vitest';
import { PLAYER_SEAT, PracticeHost } from '../../web/src/practice/host';
import {
  isPracticeError,
  isPracticeRecord,
  type PracticeRecord,
  type PracticeSetup,
  type PracticeStep,
  type PracticeUpdate,
} from '../../web/src/practice/protocol';
import * as bots from '../../worker/bots/index';
import * as decider from '../../worker/decider/decide';
import * as journal from '../../worker/decider/journal-page';
import * as engine from '../../worker/engine/index';

const host = () => new PracticeHost({ engine, bots, decider, journal });

function setup(over: Partial<PracticeSetup> = {}): PracticeSetup {
  return {
    v: 1,
    id: 'practiceTestMatch00000',
    rules: 'hasbro-2016',
    seats: 3,
    teamSize: 1,
    names: ['Ann', 'Bot 2', 'Bot 3'],
    levels: ['basic', 'expert', 'basic'],
    firstSeat: 1,
    responseMode: 'auto',
    seed: 'practice-host-test',
    createdAt: Date.UTC(2026, 11, 1),
    ...over,
  };
}

/** An update, or fails the test with the error's code. */
function ok(r: PracticeUpdate | { code: string; message: string }): PracticeUpdate {
  if (isPracticeError(r)) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

/** Plays the player's first legal move (the next hand when offered) until the match is over. */
function playToEnd(h: PracticeHost, first: PracticeUpdate): { log: PracticeStep[]; last: PracticeUpdate } {
  const log = [...first.steps];
  let last = first;
  for (let i = 0; i < 2000 && last.info.status !== 'finished'; i++) {
    const view = last.info.view!;
    const move = view.legalMoves.find((m) => m.type === 'nextHand') ?? view.legalMoves[0];
    expect(move, `a move for the player at version ${view.version}`).toBeDefined();
    last = ok(h.move(move, view.version, Date.UTC(2026, 11, 1, 0, 0, i)));
    log.push(...last.steps);
  }
  return { log, last };
}

describe('the practice host', () => {
  it('lets the bots play up to the player when a new match opens', () => {
    const u = ok(host().open({ setup: setup(), log: [] }, Date.UTC(2026, 11, 1)));
    expect(u.info.you.seat).toBe(PLAYER_SEAT);
    expect(u.info.status).toBe('playing');
    expect(u.info.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot']);
    expect(u.info.view!.legalMoves.length).toBeGreaterThan(0);
    // Seats 1 and 2 started (first seat 1): their moves are the first steps, as bots.
    expect(u.steps.some((s) => s.actor === 'bot' && s.seat === 1)).toBe(true);
    expect(u.thinkMs.length).toBe(u.steps.filter((s) => s.actor === 'bot').length);
    // The view holds only the player's own hand, and no seed.
    expect(JSON.stringify(u.info)).not.toContain('practice-host-test');
    expect(u.info.view!.hand.length).toBe(u.info.view!.handSizes[PLAYER_SEAT]);
  });

  it('plays a match to its end, and its setup plus log rebuild the same final state', () => {
    const h = host();
    const s = setup();
    const first = ok(h.open({ setup: s, log: [] }, s.createdAt));
    const { log, last } = playToEnd(h, first);
    expect(last.info.status).toBe('finished');
    expect(last.info.view!.matchWinners.length).toBeGreaterThan(0);
    // Rows grow by one per change, and every step of a change shares its row.
    for (let i = 1; i < log.length; i++) expect(log[i].row).toBeGreaterThanOrEqual(log[i - 1].row);

    const again = ok(host().open({ setup: s, log }, Date.UTC(2026, 11, 2)));
    expect(again.steps).toEqual([]);
    expect(again.info.view).toEqual(last.info.view);
    expect(isPracticeRecord({ setup: s, log })).toBe(true);
  });

  it('resumes mid-hand from a log cut after any change, as after a reload', () => {
    const s = setup({ seed: 'resume-mid-hand', levels: ['basic', 'basic', 'random'] });
    const h = host();
    let u = ok(h.open({ setup: s, log: [] }, s.createdAt));
    const log = [...u.steps];
    for (let i = 0; i < 6; i++) {
      const view = u.info.view!;
      u = ok(h.move(view.legalMoves[0], view.version, s.createdAt + i));
      log.push(...u.steps);
    }
    const resumed = ok(host().open({ setup: s, log }, s.createdAt + 100));
    expect(resumed.info.view).toEqual(u.info.view);
    expect(resumed.steps).toEqual([]);
  });

  it('gives a resumed match the same log as before the reload: each row one version, its last', () => {
    const s = setup({ seed: 'resume-versions' });
    const h = host();
    let u = ok(h.open({ setup: s, log: [] }, s.createdAt));
    const log = [...u.steps];
    for (let i = 0; i < 8; i++) {
      const view = u.info.view!;
      u = ok(h.move(view.legalMoves[0], view.version, s.createdAt + i));
      log.push(...u.steps);
    }
    const resumed = host();
    ok(resumed.open({ setup: s, log }, s.createdAt + 100));
    expect(resumed.log(0)).toEqual(h.log(0));
    expect(resumed.journal()).toEqual(h.journal());
  });

  it('answers the journal and the log in the server shapes, each change with one version', () => {
    const h = host();
    const s = setup();
    const first = ok(h.open({ setup: s, log: [] }, s.createdAt));
    const view = first.info.view!;
    const u = ok(h.move(view.legalMoves[0], view.version, s.createdAt + 1000));
    const page = h.journal();
    expect(page.hand).toBe(1);
    expect(page.handsDealt).toBe(1);
    expect(page.events[0].event.type).toBe('handStarted');
    const row = u.steps[0].row;
    const ofRow = h.log(row - 1).events.filter((e) => e.seq === row);
    expect(ofRow.length).toBe(u.events.length);
    expect(new Set(ofRow.map((e) => e.version))).toEqual(new Set([u.info.view!.version]));
    expect(ofRow[0].by).toBe('player');
    expect(h.log(row).events.every((e) => e.seq > row)).toBe(true);
  });

  it('refuses a stale version, an illegal move, a damaged log and a bad setup with stable codes', () => {
    const h = host();
    const s = setup();
    expect(h.move({ type: 'nextHand' }, 0, 0)).toMatchObject({ code: 'practice.not_open' });
    const u = ok(h.open({ setup: s, log: [] }, s.createdAt));
    const v = u.info.view!.version;
    expect(h.move(u.info.view!.legalMoves[0], v - 1, 0)).toMatchObject({ code: 'version.stale' });
    const bad = h.move({ type: 'nextHand' }, v, 0);
    expect(isPracticeError(bad)).toBe(true);
    expect(h.info().view!.version).toBe(v);
    const damaged: PracticeRecord = {
      setup: s,
      log: [{ row: 1, at: 0, seat: 2, actor: 'bot', move: { type: 'nextHand' } }],
    };
    expect(host().open(damaged, 0)).toMatchObject({ code: 'practice.log_invalid' });
    expect(host().open({ setup: setup({ seats: 9 }), log: [] }, 0)).toMatchObject({
      code: 'practice.setup_invalid',
    });
    expect(isPracticeRecord({ setup: { ...s, v: 2 }, log: [] })).toBe(false);
    expect(isPracticeRecord(null)).toBe(false);
  });
});

/**
 * Attacks on bot runs: a human's turn that comes back to them after a run of bot moves in
 * the same change is a new turn, as it was when the bots moved on their own alarms: a fresh turn
 * deadline, a turn row in the mail outbox (recorded, not sent: the player just moved), and the
 * turn's reminder before its deadline. A missed turn is played once by the bot, and the turn the
 * run then brings back gets a whole new deadline (not the missed one: that made every following turn
 * time out at once, until the bot kept the seat).
 */
import { describe, expect, it } from 'vitest';
import { isSafety, type Move } from '../../worker/engine/index';
import { annAndThreeBots, DELAY_MS, setBotDelay } from './bot-run-helpers';
import { advance, create, info, logRows, move } from './helpers';
import { addresses, attach, FakeSender, HOUR, type MailMatch } from './mail-helpers';

const DAY = 24 * HOUR;

/** Ann (e-mail, seat 0, first to play) and three basic bots with the deployed bot delay; 24 h turns. */
async function annByMailAndThreeBots(seed: string): Promise<{ h: MailMatch; ann: string }> {
  const { ann } = addresses();
  const m = await create({
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann', email: ann },
      { kind: 'bot', botLevel: 'basic' },
      { kind: 'bot', botLevel: 'basic' },
      { kind: 'bot', botLevel: 'basic' },
    ],
    firstSeat: 0,
    turnDeadlineHours: 24,
    testStack: { seed },
  });
  await setBotDelay(m, DELAY_MS);
  return { h: await attach(m, new FakeSender(), { now: Date.now() }), ann };
}

/**
 * Ann ends her turn (draws first when she must): the bots' run comes back to her in the same change.
 * Returns her version after it, or null when the run did not end on her turn.
 */
async function annEndsTurn(h: MailMatch): Promise<number | null> {
  for (let i = 0; i < 3; i++) {
    const before = await info(h.m, h.m.seats[0]);
    const legal = before.view!.legalMoves;
    // Not a safety: its extra turn (RULES.md §6) keeps the turn with Ann, so no bot would act.
    const mv: Move =
      legal.find((x) => x.type !== 'draw' && !(x.type === 'play' && isSafety(x.card))) ??
      legal.find((x) => x.type !== 'draw') ??
      legal[0];
    const res = await move(h.m, h.m.seats[0]!, mv, { version: before.view!.version });
    expect(res.status).toBe(200);
    if (mv.type === 'draw') continue;
    if (mv.type === 'play' && isSafety(mv.card)) return null;
    const after = await info(h.m, h.m.seats[0]);
    const back = after.view!.phase !== 'handOver' && after.view!.legalMoves.length > 0;
    return back ? after.view!.version : null;
  }
  return null;
}

describe('bot runs: a human turn after a run is a new turn', () => {
  it('gets a fresh deadline, a turn row in the outbox and its reminder', async () => {
    const { h, ann } = await annByMailAndThreeBots('attack-deadline');
    let turns = 0;
    for (let i = 0; i < 8 && turns < 3; i++) {
      // An hour of thinking before each turn.
      await h.setClock(h.clock.now + HOUR);
      const version = await annEndsTurn(h);
      if (version === null) continue;
      turns++;
      const now = await info(h.m, h.m.seats[0]);
      expect(Date.parse(now.deadlines.turn!)).toBe(h.clock.now + DAY);
      const rows = await h.rows();
      const turnRow = rows.find((r) => r.key === `turn:0:v${version}`);
      expect(turnRow?.kind).toBe('yourTurn');
      // Ann just moved: recorded, not sent.
      expect(turnRow?.status).toBe('dropped');
    }
    expect(turns).toBe(3);
    // Her last turn's reminder comes a quarter of the turn (6 h) before its deadline.
    const sent = h.sender.to(ann).length;
    await h.fire(h.clock.now + DAY - 6 * HOUR + 60_000);
    const mails = h.sender.to(ann).slice(sent);
    expect(mails.length).toBe(1);
    expect((await h.rows()).some((r) => r.kind === 'reminder' && r.status === 'sent')).toBe(true);
  });
});

describe('bot runs: a missed turn', () => {
  it('is played once; the turn the run brings back has a new deadline', async () => {
    const m = await annAndThreeBots('attack-timeout', { turnDeadlineHours: 24 });
    const start = await info(m, m.seats[0]);
    const rows = await logRows(m);
    // A day passes without Ann's move: the deadline's wake-up plays her turn, the bots follow.
    await advance(m, DAY + 60_000);
    const after = await info(m, m.seats[0]);
    expect(await logRows(m)).toBe(rows + 1);
    expect(after.seats[0].botStandIn).toBe(false);
    expect(after.view!.version).toBeGreaterThan(start.view!.version);
    expect(after.view!.legalMoves.length).toBeGreaterThan(0);
    expect(Date.parse(after.deadlines.turn!)).toBeGreaterThan(Date.parse(start.deadlines.turn!) + DAY - HOUR);
    // Nothing more is due: another alarm plays nothing.
    await advance(m, 1000);
    expect(await logRows(m)).toBe(rows + 1);
  });
});

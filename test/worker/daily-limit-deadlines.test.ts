/**
 * Deadlines around an outage of the match's writes (issue #33 part 2, decider/outage.ts): an answer
 * window that fell inside it moves by its length (nobody's coup-fourré chance times out), a turn
 * deadline after it is untouched, and a vacation that ran through it keeps its end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { accidentForAskSeat, annAndBob, api, info, move, pinClock } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const faults = (body: Record<string, unknown>) => api('/dev/faults', { body });
const passes = (id: string, ms: number) => api(`/dev/clock/${id}`, { body: { ms } });

afterEach(async () => {
  await faults({ writes: null });
});

describe('deadlines around an outage', () => {
  it('move an answer window that fell inside it: the answer is still taken after', async () => {
    const m = await accidentForAskSeat('driving_ace', 'outage-window', { responseWindowMinutes: 60 });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    expect((await move(m, ann, { type: 'play', card: 'accident', target: 1 })).status).toBe(200);
    const before = await info(m, bob);
    const window = Date.parse(before.deadlines.window!);
    const t0 = window - 30 * MINUTE;
    await pinClock(m, t0);
    const end = t0 + 2 * HOUR;
    await faults({ writes: 'daily_limit', untilMs: end });
    // Bob's answer is refused: the outage starts.
    const answer = before.view!.legalMoves[0];
    const refused = await api(`/api/matches/${m.id}/moves`, {
      token: bob,
      body: { version: before.view!.version, moveId: 'outage-answer', move: answer },
    });
    expect(refused.status).toBe(503);
    // The window's end passes inside the outage, then writes work again.
    await passes(m.id, HOUR);
    await passes(m.id, HOUR);
    const after = await info(m, bob);
    expect(after.view!.version).toBe(before.view!.version);
    expect(Date.parse(after.deadlines.window!)).toBeGreaterThan(end);
    const played = await api(`/api/matches/${m.id}/moves`, {
      token: bob,
      body: { version: before.view!.version, moveId: 'outage-answer', move: answer },
    });
    expect(played.status).toBe(200);
  });

  it('leave a turn deadline after it as it was', async () => {
    const m = await annAndBob('outage-after', 'classic', undefined, { turnDeadlineHours: 24 });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const deadline = (await info(m, ann)).deadlines.turn!;
    const t0 = Date.parse(deadline) - 10 * HOUR;
    await pinClock(m, t0);
    await faults({ writes: 'daily_limit', untilMs: t0 + HOUR });
    const body = {
      version: (await info(m, ann)).view!.version,
      moveId: 'outage-after',
      move: { type: 'play', card: 'roll' },
    };
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(503);
    await passes(m.id, 2 * HOUR);
    // A chat message is the first change after it: the deadline did not fall inside, nothing moves.
    expect((await api(`/api/matches/${m.id}/chat`, { token: bob, body: { text: 'back' } })).status).toBe(201);
    expect((await info(m, ann)).deadlines.turn).toBe(deadline);
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(200);
  });

  it('keep a vacation’s end when the outage fell inside the vacation', async () => {
    const m = await annAndBob('outage-vacation', 'classic', undefined, { turnDeadlineHours: 1 });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const t0 = Date.now();
    await pinClock(m, t0);
    expect((await move(m, ann, { type: 'play', card: 'roll' })).status).toBe(200);
    // Bob, to play, is away for three days: his deadline waits for his return.
    const until = new Date(t0 + 3 * 24 * HOUR).toISOString();
    expect(
      (await api(`/api/matches/${m.id}/settings`, { token: bob, body: { awayUntil: until } })).status,
    ).toBe(200);
    const deadline = (await info(m, ann)).deadlines.turn!;
    expect(Date.parse(deadline)).toBeGreaterThanOrEqual(Date.parse(until));
    await faults({ writes: 'daily_limit', untilMs: t0 + 5 * HOUR });
    const chat = { token: ann, body: { text: 'see you' } };
    expect((await api(`/api/matches/${m.id}/chat`, chat)).status).toBe(503);
    await passes(m.id, 6 * HOUR);
    expect((await api(`/api/matches/${m.id}/chat`, chat)).status).toBe(201);
    const after = await info(m, ann);
    expect(after.deadlines.turn).toBe(deadline);
    expect(after.seats[1].awayUntil).toBe(until);
  });
});

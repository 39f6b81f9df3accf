/**
 * Rematch by consent: "Play again" makes one offer per finished match, however
 * many presses (also at once); the other humans accept or decline, bots accept at once; the new match
 * is dealt once, when every human has accepted, with the first seat one to the left; a decline ends
 * the offer and a new press makes a new one; an offer lapses after 7 days (read from the clock); the
 * other humans get one mail; spectators, forged tokens, answers from the host without a seat,
 * unfinished matches and bad bodies are refused and change nothing.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import type { MatchContext } from '../../worker/match/context';
import { rematch } from '../../worker/match/rematch';
import { rematchInfo, waitingSeats } from '../../worker/match/rematch-offer';
import type { RematchInfo } from '../../worker/protocol/views';
import type { Reply } from '../../worker/reply';
import { hashToken } from '../../worker/tokens';
import { annAndBob, api, create, info, move, pinClock, playOut, stubOf, type TestMatch } from './helpers';
import { addresses, duo, MIN, mailMatch } from './mail-helpers';

const QUICK = { preset: 'classic', options: { goal: 100, matchTarget: 0 } };
const DAY = 86_400_000;

/** Ann and Bob (both human, `firstSeat` first) play Roll, Roll, 100 km: the match is over. */
async function finished(seed: string, firstSeat: 0 | 1 = 0): Promise<TestMatch> {
  const m = await annAndBob(seed, QUICK, undefined, { firstSeat });
  const order = firstSeat === 0 ? [0, 1, 0] : [1, 0, 1];
  const cards = ['roll', 'roll', 'd100'] as const;
  for (const [i, seat] of order.entries()) await move(m, m.seats[seat]!, { type: 'play', card: cards[i] });
  expect((await info(m)).status).toBe('finished');
  return m;
}

function press(m: TestMatch, token: string | null, body: Record<string, unknown> = {}) {
  return api(`/api/matches/${m.id}/rematch`, { token, body });
}

/** The meta row's stored offer (JSON) and the outbox's rematch-offer rows. */
async function stored(m: TestMatch): Promise<{ offer: string | null; mails: number }> {
  return runInDurableObject(stubOf(m), (_i, s) => ({
    offer: s.storage.sql.exec<{ o: string | null }>('SELECT rematch_offer AS o FROM meta').one().o,
    mails: s.storage.sql
      .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'rematchOffer'`)
      .one().n,
  }));
}

describe('rematch by consent', () => {
  it('an offer waits for the other human; presses make one offer; the acceptance deals it once', async () => {
    const m = await finished('re-offer');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const r = await press(m, ann);
    expect(r.status).toBe(202);
    const offer = r.body.rematch as RematchInfo;
    expect(offer).toMatchObject({
      by: 0,
      state: 'open',
      accepted: [0],
      declined: [],
      waiting: [1],
      matchId: null,
    });
    expect(Date.parse(offer.lapsesAt) - Date.parse(offer.at)).toBe(7 * DAY);
    // Bob sees it in his view and in "my matches"; no match is dealt yet.
    const seen = await info(m, bob);
    expect(seen.rematch).toEqual(offer);
    expect(seen.rematchId).toBeNull();
    const sums = await api('/api/matches/summaries', { body: { items: [{ matchId: m.id, token: bob }] } });
    expect(sums.body.items[0].summary.rematch).toEqual(offer);
    // Ann again and the host: the same offer, nothing written.
    const before = await stored(m);
    for (const token of [ann, m.host, ann]) {
      const again = await press(m, token);
      expect(again.status).toBe(202);
      expect(again.body.rematch).toEqual(offer);
    }
    expect(await stored(m)).toEqual(before);
    // Bob accepts: dealt (201), then every press gets the same match (200).
    const yes = await press(m, bob, { answer: 'accept' });
    expect(yes.status).toBe(201);
    const id = yes.body.matchId as string;
    for (const token of [ann, bob, m.host]) {
      const later = await press(m, token);
      expect(later.status).toBe(200);
      expect(later.body.matchId).toBe(id);
    }
    const after = await info(m, ann);
    expect(after.rematchId).toBe(id);
    expect(after.rematch).toMatchObject({ state: 'dealt', accepted: [0, 1], waiting: [], matchId: id });
    // The same links, and the first seat one to the left (Ann started: Bob starts now).
    const next = await info({ ...m, id }, bob);
    expect(next.you.seat).toBe(1);
    expect(next.view!.firstSeat).toBe(1);
    expect(next.view!.turn).toBe(1);
  });

  it('the first seat moves one to the left around the table (the last seat: back to the first)', async () => {
    const m = await finished('re-wrap', 1);
    expect((await press(m, m.seats[1]!)).status).toBe(202);
    const r = await press(m, m.seats[0]!);
    expect(r.status).toBe(201);
    expect((await info({ ...m, id: r.body.matchId }, m.seats[0]!)).view!.firstSeat).toBe(0);
  });

  it('presses at once by one player and the host make one offer and one mail row', async () => {
    const m = await finished('re-race');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => press(m, i % 2 ? m.host : m.seats[0]!)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(202));
    expect(new Set(results.map((r) => r.body.rematch.at)).size).toBe(1);
    expect(results.every((r) => r.body.rematch.by === 0 || r.body.rematch.by === null)).toBe(true);
    // The first press made it: later ones are the same offer.
    expect(new Set(results.map((r) => JSON.stringify(r.body.rematch))).size).toBe(1);
  });

  it('both players at once: one of them deals it, the other gets it (no second match)', async () => {
    const m = await finished('re-both');
    const [a, b] = await Promise.all([press(m, m.seats[0]!), press(m, m.seats[1]!)]);
    expect([a.status, b.status].sort()).toEqual([201, 202]);
    const id = (await info(m)).rematchId;
    expect(id).not.toBeNull();
    for (const r of [a, b]) if (r.status !== 202) expect(r.body.matchId).toBe(id);
  });

  it('a decline ends the offer; answers to it are refused; a new press makes a new offer', async () => {
    const m = await finished('re-decline');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const first = (await press(m, ann)).body.rematch as RematchInfo;
    const no = await press(m, bob, { answer: 'decline' });
    expect(no.status).toBe(200);
    expect(no.body.rematch).toMatchObject({ state: 'declined', accepted: [0], declined: [1], waiting: [] });
    expect((await info(m, ann)).rematch).toMatchObject({ state: 'declined', declined: [1] });
    // Declining twice is one decline; accepting a declined offer is refused.
    expect((await press(m, bob, { answer: 'decline' })).status).toBe(200);
    const late = await press(m, ann, { answer: 'accept' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('rematch.declined');
    expect((await info(m)).rematchId).toBeNull();
    // Bob changes his mind and offers himself: a new offer, which Ann accepts.
    await pinClock(m, Date.parse(first.at) + MIN);
    const again = await press(m, bob);
    expect(again.status).toBe(202);
    expect(again.body.rematch).toMatchObject({
      by: 1,
      state: 'open',
      accepted: [1],
      declined: [],
      waiting: [0],
    });
    expect(again.body.rematch.at).not.toBe(first.at);
    expect((await press(m, ann, { answer: 'accept' })).status).toBe(201);
    // Too late to decline now.
    const dealt = await press(m, bob, { answer: 'decline' });
    expect(dealt.status).toBe(409);
    expect(dealt.body.error.code).toBe('rematch.dealt');
  });

  it('a seat withdraws its own acceptance by declining', async () => {
    const m = await finished('re-withdraw');
    expect((await press(m, m.seats[0]!)).status).toBe(202);
    const no = await press(m, m.seats[0]!, { answer: 'decline' });
    expect(no.body.rematch).toMatchObject({ state: 'declined', accepted: [], declined: [0] });
  });

  it('bots accept at once: with one human the first press deals', async () => {
    const m = await create({
      rules: QUICK,
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', botLevel: 'random' },
      ],
    });
    await playOut(m, { seed: 3 });
    const r = await press(m, m.seats[0]!);
    expect(r.status).toBe(201);
    expect((await info(m)).rematch).toMatchObject({ by: 0, state: 'dealt', accepted: [0, 1] });
  });

  it('an offer lapses after 7 days (on the match clock); then answers are refused and a press offers anew', async () => {
    const m = await finished('re-lapse');
    const t0 = Date.now();
    await pinClock(m, t0);
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    expect((await press(m, ann)).status).toBe(202);
    await pinClock(m, t0 + 7 * DAY - 1);
    expect((await info(m, bob)).rematch).toMatchObject({ state: 'open', waiting: [1] });
    await pinClock(m, t0 + 7 * DAY);
    expect((await info(m, bob)).rematch).toMatchObject({ state: 'lapsed', waiting: [] });
    for (const answer of ['accept', 'decline']) {
      const r = await press(m, bob, { answer });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('rematch.lapsed');
    }
    const fresh = await press(m, bob);
    expect(fresh.status).toBe(202);
    expect(fresh.body.rematch).toMatchObject({ by: 1, state: 'open', waiting: [0] });
  });

  it('refuses spectators, forged tokens, the host’s answers, unfinished matches and bad bodies, changing nothing', async () => {
    const playing = await annAndBob('re-playing', QUICK);
    const early = await press(playing, playing.seats[0]!);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('match.not_finished');
    const m = await finished('re-refused');
    const noOffer = await press(m, m.seats[1]!, { answer: 'accept' });
    expect(noOffer.status).toBe(409);
    expect(noOffer.body.error.code).toBe('rematch.no_offer');
    const cases: Array<[string | null, Record<string, unknown>, number, string]> = [
      [null, {}, 403, 'auth.not_a_seat'],
      ['A'.repeat(43), {}, 403, 'auth.not_a_seat'],
      [m.host, { answer: 'accept' }, 403, 'auth.not_a_seat'],
      [m.host, { answer: 'decline' }, 403, 'auth.not_a_seat'],
      [m.seats[0]!, { answer: 'maybe' }, 400, 'request.invalid'],
      [m.seats[0]!, { answer: 'accept', extra: 1 }, 400, 'request.invalid'],
    ];
    const before = { info: await info(m, m.seats[0]!), stored: await stored(m) };
    for (const [token, body, status, code] of cases) {
      const r = await press(m, token, body);
      expect(r.status, `${code} ${JSON.stringify(body)}`).toBe(status);
      expect(r.body.error.code).toBe(code);
    }
    expect(await info(m, m.seats[0]!)).toEqual(before.info);
    expect(await stored(m)).toEqual({ offer: null, mails: 0 });
    expect(before.info.rematch).toBeNull();
  });

  it('mails the other human once ("Ann offers a rematch", their seat link), not the offerer', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, { rules: QUICK }));
    await h.fire(h.clock.now);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    await h.fire(h.clock.now + 5 * MIN);
    const before = { ann: h.sender.to(a.ann).length, bob: h.sender.to(a.bob).length };
    expect((await press(h.m, h.m.seats[0]!)).status).toBe(202);
    expect((await press(h.m, h.m.seats[0]!)).status).toBe(202);
    await h.fire(h.clock.now + 5 * MIN);
    expect(h.sender.to(a.ann)).toHaveLength(before.ann);
    const mails = h.sender.to(a.bob).slice(before.bob);
    expect(mails).toHaveLength(1);
    // Bob reads French.
    expect(mails[0].subject).toBe('Ann propose une revanche');
    expect(mails[0].text).toMatch(/https:\/\/mb\.test\/m\/.+#seat=/);
    expect(mails[0].text).toContain('La proposition expire');
  });

  it('drops the mail when the player answered within the grace period', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, { rules: QUICK }));
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    await h.fire(h.clock.now + 5 * MIN);
    const before = h.sender.to(a.bob).length;
    expect((await press(h.m, h.m.seats[0]!)).status).toBe(202);
    expect((await press(h.m, h.m.seats[1]!, { answer: 'decline' })).status).toBe(200);
    await h.fire(h.clock.now + 5 * MIN);
    expect(h.sender.to(a.bob)).toHaveLength(before);
    const row = (await h.rows()).find((r) => r.kind === 'rematchOffer');
    expect(row).toMatchObject({ seat: 1, status: 'dropped', error: 'answered' });
  });
});

/**
 * Runs `body` inside match `m`'s object with the creation of its rematch held by `create` (the
 * object's own RPC to the new match's object goes through it; every other call goes through).
 */
async function withCreation<T>(
  m: TestMatch,
  create: (real: () => Promise<Reply>) => Promise<Reply>,
  body: (ctx: MatchContext) => Promise<T>,
): Promise<T> {
  return runInDurableObject(stubOf(m), async (instance) => {
    const ctx = (instance as unknown as { match: MatchContext }).match;
    const real = ctx.env;
    const ns = {
      idFromName: (name: string) => real.MATCH.idFromName(name),
      get: (id: DurableObjectId) => {
        const stub = real.MATCH.get(id) as unknown as Record<string, (...a: unknown[]) => Promise<Reply>>;
        return new Proxy(stub, {
          get: (t, p: string) =>
            p === 'createRematch' ? (input: unknown) => create(() => t.createRematch(input)) : t[p],
        });
      },
    };
    (ctx as { env: Env }).env = { ...real, MATCH: ns as unknown as Env['MATCH'] };
    try {
      return await body(ctx);
    } finally {
      (ctx as { env: Env }).env = real;
    }
  });
}

describe('the acceptance that deals the rematch', () => {
  it('shows while the rematch is being created: nobody is still asked to answer', async () => {
    const m = await finished('re-dealing');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    expect((await press(m, ann)).status).toBe(202);
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const r = await withCreation(
      m,
      async (real) => {
        await held;
        return real();
      },
      async (ctx) => {
        const dealing = rematch(ctx, await hashToken(bob), { answer: 'accept' }, 'https://x.test');
        await new Promise((r) => setTimeout(r, 50));
        // Other requests, views and the offer's mail read the offer meanwhile: Bob has accepted.
        expect(waitingSeats(ctx.meta!, ctx.seats, ctx.now())).toEqual([]);
        expect(rematchInfo(ctx.meta!, ctx.seats, ctx.now())).toMatchObject({ accepted: [0, 1], waiting: [] });
        release();
        return dealing;
      },
    );
    expect(r.status).toBe(201);
  });

  it('is kept when the creation fails: the next press deals it', async () => {
    const m = await finished('re-dealing-fails');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    expect((await press(m, ann)).status).toBe(202);
    const failed = await withCreation(
      m,
      async () => ({ status: 503, body: { error: { code: 'test.down', message: 'down' } } }),
      async (ctx) => rematch(ctx, await hashToken(bob), { answer: 'accept' }, 'https://x.test'),
    );
    expect(failed.status).toBe(503);
    expect((await info(m, ann)).rematch).toMatchObject({ state: 'open', accepted: [0, 1], waiting: [] });
    const again = await press(m, ann);
    expect(again.status).toBe(201);
    expect((await info(m, bob)).rematchId).toBe(again.body.matchId);
  });
});

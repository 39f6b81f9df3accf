/**
 * Turn notifications: the invitation, the "your turn" mail (at once for a player not looking at the
 * match, with no outbox row; after the grace period for one looking, dropped when the player acts
 * first; at most one per turn however often the alarm fires), reminders at 24 h and before the deadline, the bot's turn, retries with backoff, the
 * per-address hourly limit, and the statuses the host sees.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../../worker/notify/address';
import { api, fireSchedule, info, move, scheduleOf, stubOf } from './helpers';
import { addresses, duo, HOUR, MIN, mailMatch, seatTokenIn, stopOnAskSeat } from './mail-helpers';

describe('invitations and your turn', () => {
  it('invites, then mails the next player (not looking) at once, with what happened in words', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    // The invitation goes at once to Bob (not to the host), in French, with a working seat link.
    expect(h.sender.sent.map((m) => m.to)).toEqual([bob]);
    const invite = h.sender.sent[0];
    expect(invite.subject).toBe('Ann vous invite à jouer au Mille Bornes');
    // An invitation was not asked for: a client's one-click unsubscribe stops all mail.
    expect(invite.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/mb\.test\/api\/mail\/block\/[0-9a-f]{64}\//,
    );
    expect(invite.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const viaMail = await info(h.m, seatTokenIn(invite));
    expect(viaMail.you).toEqual({ seat: 1, host: false });

    // Ann plays a Roll: Bob's turn starts; nobody looks at his seat, so his mail goes at once.
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.settled();
    expect(h.sender.to(bob)).toHaveLength(2);
    const turn = h.sender.to(bob)[1];
    expect(turn.subject).toBe("Mille Bornes : c'est à vous de jouer");
    expect(turn.text).toContain('- Ann a joué Feu vert.');
    expect(turn.html).toContain('<li>Ann a joué Feu vert.</li>');
    expect(turn.idempotencyKey).toBe(`${h.m.id}:turn:1:v${(await info(h.m)).view!.version}`);
    // Ann's own turn mail (from the start, which keeps the grace period) was dropped: she had acted.
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(ann)).toHaveLength(0);

    // The alarm may run again: nothing is sent twice.
    await h.fire(t0 + 4 * MIN);
    await h.fire(t0 + 5 * MIN);
    expect(h.sender.sent).toHaveLength(2);

    // The host sees the statuses of the rows (a mail sent at once leaves none).
    const host = await info(h.m, h.m.host);
    expect(host.mail).toEqual([
      { seat: 0, kind: 'yourTurn', status: 'dropped' },
      { seat: 1, kind: 'invitation', status: 'sent' },
    ]);
    // Nobody else sees them.
    expect((await info(h.m, h.m.seats[1])).mail).toBeUndefined();
    expect((await info(h.m)).mail).toBeUndefined();
  });

  it('drops the turn mail when the player (looking) acts within the grace period', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    expect((await api(`/api/matches/${h.m.id}?present=1`, { token: h.m.seats[1] })).status).toBe(200);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 1 * MIN);
    // Bob acts before the grace period ends.
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    const rows = await h.rows();
    expect(rows.find((r) => r.seat === 1 && r.kind === 'yourTurn')).toMatchObject({
      status: 'dropped',
      error: 'acted',
    });
    expect(h.sender.to(bob).map((m) => m.subject)).toEqual(['Ann vous invite à jouer au Mille Bornes']);
  });

  it('still mails a connected player whose page never said it is looked at (mail-presence.test.ts)', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const res = await (await import('./helpers')).worker().fetch(`https://mb.test/api/matches/${h.m.id}/ws`, {
      headers: { Upgrade: 'websocket' },
    });
    const ws = res.webSocket!;
    ws.accept();
    ws.send(JSON.stringify({ type: 'auth', token: h.m.seats[1] }));
    for (let i = 0; i < 100 && !(await info(h.m)).seats[1].connected; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect((await info(h.m)).seats[1].connected).toBe(true);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.settled();
    // An open socket is not presence: only a visible, used page is (worker/match/presence.ts). The
    // mail goes at once, from memory: no row.
    expect(h.sender.to(bob).map((m) => m.subject)).toContain("Mille Bornes : c'est à vous de jouer");
    expect((await h.rows()).filter((r) => r.seat === 1 && r.kind === 'yourTurn')).toEqual([]);
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(bob).filter((m) => m.subject.includes('à vous de jouer'))).toHaveLength(1);
    ws.close();
  });

  it('sends nothing to a seat that turned mail off', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    expect(
      (
        await api(`/api/matches/${h.m.id}/settings`, {
          token: h.m.seats[1],
          body: { emailNotifications: false },
        })
      ).status,
    ).toBe(200);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(h.clock.now + 3 * MIN);
    expect(h.sender.to(bob).filter((m) => m.subject.includes('à vous de jouer'))).toHaveLength(0);
  });
});

describe('response windows', () => {
  it('asks an `ask` seat by mail when a hazard opens its window: at once when nobody looks', async () => {
    const { ann, bob } = addresses();
    const { h, stop } = await stopOnAskSeat({ ann, bob });
    expect(stop.status).toBe(200);
    expect((await info(h.m)).view!.window).toMatchObject({ seat: 1, attacker: 0, hazard: 'stop' });
    await h.settled();
    const ask = h.sender.to(bob).at(-1)!;
    expect(ask.subject).toBe('Mille Bornes : Ann vous a joué Feu rouge, répondre ?');
    expect(ask.text).toContain('Ann a joué Feu rouge contre vous. Vous pouvez répondre maintenant.');
    // Bob chose "ask me": the hint says what happens at the deadline, not "your automatic choice".
    expect(ask.text).toMatch(
      /Sans réponse de votre part avant le .+ UTC, la botte Véhicule prioritaire est jouée pour vous en coup fourré si vous l’avez ; sinon, le jeu continue\./,
    );
    expect(ask.text).not.toContain('choix automatique');
    expect((await info(h.m, seatTokenIn(ask))).view!.legalMoves.some((m) => m.type === 'pass')).toBe(true);
    expect((await h.rows()).filter((r) => r.kind === 'responseWindow')).toEqual([]);
  });

  it('asks a looking `ask` seat after the grace period, and not if it answered meanwhile', async () => {
    const { ann, bob } = addresses();
    const look = async (m: { id: string; seats: Array<string | null> }) => {
      expect((await api(`/api/matches/${m.id}?present=1`, { token: m.seats[1]! })).status).toBe(200);
    };
    const { h } = await stopOnAskSeat({ ann, bob }, {}, look);
    const t0 = h.clock.now;
    const asks = () => h.sender.to(bob).filter((m) => m.subject.includes('répondre'));
    await h.fire(t0 + MIN);
    expect(asks()).toEqual([]);
    expect((await h.rows()).find((r) => r.kind === 'responseWindow')).toMatchObject({
      status: 'queued',
      due_at: t0 + 2 * MIN,
    });
    expect((await move(h.m, h.m.seats[1]!, { type: 'pass' })).status).toBe(200);
    await h.fire(t0 + 3 * MIN);
    expect(asks()).toEqual([]);
    expect((await h.rows()).find((r) => r.kind === 'responseWindow')).toMatchObject({
      status: 'dropped',
      error: 'acted',
    });
  });
});

describe('between hands', () => {
  it('tells every other player that the hand is over; the mail is dropped once the next hand starts', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }, { rules: { preset: 'classic', options: { goal: 100 } } }));
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    expect((await info(h.m)).view!.phase).toBe('handOver');
    await h.fire(t0 + 3 * MIN);
    const mail = h.sender.to(bob).find((m) => m.subject.includes('manche 1'))!;
    expect(mail.subject).toBe('Mille Bornes : la manche 1 est terminée, lancez la suivante');
    expect(mail.text).toMatch(/La manche 1 est terminée\. Scores : Ann \d+, Bob \d+\./);
    // Ann ended the hand herself: her mail is recorded as active, not sent.
    expect(h.sender.to(ann).some((m) => m.subject.includes('hand 1'))).toBe(false);

    // Another match, Bob looking: Ann starts the next hand within the grace period, so Bob's mail is dropped.
    const { ann: ann2, bob: bob2 } = addresses();
    const g = await mailMatch(
      duo({ ann: ann2, bob: bob2 }, { rules: { preset: 'classic', options: { goal: 100 } } }),
    );
    await move(g.m, g.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(g.m, g.m.seats[1]!, { type: 'play', card: 'roll' });
    expect((await api(`/api/matches/${g.m.id}?present=1`, { token: g.m.seats[1] })).status).toBe(200);
    await move(g.m, g.m.seats[0]!, { type: 'play', card: 'd100' });
    expect((await move(g.m, g.m.seats[0]!, { type: 'nextHand' })).status).toBe(200);
    await g.fire(g.clock.now + 3 * MIN);
    expect(g.sender.to(bob2).some((m) => m.subject.includes('manche 1'))).toBe(false);
    const rows = await g.rows();
    expect(rows.find((r) => r.seat === 1 && r.key.startsWith('hand:'))).toMatchObject({
      status: 'dropped',
      error: 'acted',
    });
  });
});

describe('reminders and deadlines', () => {
  it('reminds at 24 h and before the deadline (72 h: at 60 h), once each, and not after the player acted', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    const subjects = () => h.sender.to(bob).map((m) => m.subject);
    expect(subjects()).toHaveLength(2);
    await h.fire(t0 + 23 * HOUR);
    expect(subjects()).toHaveLength(2);
    await h.fire(t0 + 24 * HOUR + MIN);
    expect(subjects()[2]).toMatch(/^Mille Bornes : votre tour vous attend \(encore 4[78] h\)$/);
    await h.fire(t0 + 30 * HOUR);
    expect(subjects()).toHaveLength(3);
    await h.fire(t0 + 60 * HOUR + MIN);
    expect(subjects()[3]).toMatch(/^Mille Bornes : votre tour vous attend \(encore 1[12] h\)$/);
    await h.fire(t0 + 61 * HOUR);
    expect(subjects()).toHaveLength(4);
    // The alarm is set for the next reminder or mail only when one exists.
    expect((await scheduleOf(h.m)).filter((i) => i.kind === 'mail')).toEqual([]);
  });

  it('sends no reminder once the player has acted in the turn (a safety gives an extra turn)', async () => {
    const { ann, bob } = addresses();
    const body = duo({ ann, bob });
    // A copy: the duo's stacked deal is shared by every test of the file (a change here once left Bob
    // without his Roll in a later test, which passed only while the seeded draw happened to give one).
    const stack = body.testStack as { seed: string; position: { hands: Record<number, string[]> } };
    body.testStack = {
      ...stack,
      position: {
        ...stack.position,
        hands: { ...stack.position.hands, 1: ['driving_ace', 'd25', 'd50', 'd75', 'd100', 'accident'] },
      },
    };
    const h = await mailMatch(body);
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(bob)).toHaveLength(2);
    // Bob plays his safety: still his turn (extra turn), but he has acted.
    expect((await move(h.m, h.m.seats[1]!, { type: 'play', card: 'driving_ace' })).status).toBe(200);
    expect((await info(h.m)).view!.turn).toBe(1);
    await h.fire(t0 + 25 * HOUR);
    await h.fire(t0 + 61 * HOUR);
    expect(h.sender.to(bob)).toHaveLength(2);
    // Not even queued and dropped: no reminder row at all.
    expect((await h.rows()).filter((r) => r.kind === 'reminder')).toEqual([]);
  });

  it('tells the player when a bot played their turn after the deadline', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await runInDurableObject(stubOf(h.m), (instance) => {
      // Where the match keeps the deadline in its meta row, make it due too (by the match's clock).
      const { meta } = (
        instance as unknown as { match: { meta: { turnDeadline?: { atMs: number } | null } } }
      ).match;
      if (meta.turnDeadline) meta.turnDeadline.atMs = h.clock.now - 1;
    });
    expect(await fireSchedule(h.m, ['turn'])).toBe(true);
    await h.fire(t0 + MIN);
    const subjects = h.sender.to(bob).map((m) => m.subject);
    expect(subjects).toContain('Mille Bornes : un robot a joué votre tour');
    const botMail = h.sender.to(bob).find((m) => m.subject.includes('robot'))!;
    expect(botMail.text).toContain('Reprendre votre place');
    expect((await info(h.m, seatTokenIn(botMail))).you.seat).toBe(1);
  });

  it('mails the final scores and the rematch link when the match ends', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(
      duo({ ann, bob }, { rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } } }),
    );
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    const r = await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    expect(r.status).toBe(200);
    expect((await info(h.m)).status).toBe('finished');
    await h.fire(t0 + MIN);
    const final = h.sender.to(ann).find((m) => m.subject.includes('match over'))!;
    expect(final.subject).toBe('Mille Bornes: match over, you won');
    expect(final.text).toMatch(/\* Ann: \d+/);
    expect(final.text).toMatch(/Rematch: https:\/\/mb\.test\/m\/.+#seat=/);
    expect(
      h.sender.to(bob).some((m) => m.subject === 'Mille Bornes : partie terminée, voyez les scores'),
    ).toBe(true);
  });
});

describe('provider errors and limits', () => {
  it('retries a provider error with backoff, resending the identical message, then succeeds', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    h.sender.next = [{ ok: false, code: 'mail.provider_error', retryable: true, message: 'resend 503' }];
    await h.fire(t0);
    expect(h.sender.sent).toHaveLength(0);
    const row = (await h.rows()).find((r) => r.kind === 'invitation')!;
    expect(row).toMatchObject({ status: 'queued', attempts: 1, error: 'mail.provider_error' });
    expect(row.due_at).toBe(t0 + MIN);
    await h.fire(t0 + 30_000);
    expect(h.sender.sent).toHaveLength(0);
    await h.fire(t0 + MIN);
    expect(h.sender.sent).toHaveLength(1);
    expect(h.sender.attempts[1]).toEqual(h.sender.attempts[0]);
    expect((await h.rows()).find((r) => r.kind === 'invitation')).toMatchObject({ status: 'sent' });
  });

  it('marks a permanent error failed, visible to the host', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    h.sender.next = [{ ok: false, code: 'mail.rejected', retryable: false, message: 'resend 422' }];
    await h.fire(h.clock.now);
    expect((await info(h.m, h.m.host)).mail).toContainEqual({
      seat: 1,
      kind: 'invitation',
      status: 'failed',
    });
  });

  it('gives up after the last attempt', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    let t = h.clock.now;
    h.sender.script = (mail) =>
      mail.to === bob ? { ok: false, code: 'mail.network', retryable: true, message: 'down' } : undefined;
    for (let i = 0; i < 8; i++) {
      await h.fire(t);
      t += 7 * HOUR;
    }
    expect(h.sender.attempts.filter((m) => m.to === bob)).toHaveLength(6);
    expect(new Set(h.sender.attempts.filter((m) => m.to === bob).map((m) => m.idempotencyKey)).size).toBe(1);
    expect((await h.rows()).find((r) => r.kind === 'invitation')).toMatchObject({
      status: 'failed',
      error: 'mail.network',
    });
  });

  it('holds mails beyond the hourly per-address limit until the hour has passed', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const addr = env.MAIL_ADDRESS!.get(env.MAIL_ADDRESS!.idFromName(await mailboxKey(bob)));
    // Ten mails to Bob from other matches in the last hour (the default limit is 10).
    for (let i = 0; i < 10; i++) {
      const r = await (
        addr as unknown as { admit(m: string, t: number, l: number): Promise<{ ok: boolean }> }
      ).admit(`other${i}`, t0 - 30 * MIN + i, 10);
      expect(r.ok).toBe(true);
    }
    await h.fire(t0);
    expect(h.sender.sent).toHaveLength(0);
    const row = (await h.rows()).find((r) => r.kind === 'invitation')!;
    expect(row).toMatchObject({ status: 'queued', error: 'rate_limited' });
    expect(row.due_at).toBe(t0 - 30 * MIN + HOUR);
    await h.fire(t0 + 31 * MIN);
    expect(h.sender.to(bob)).toHaveLength(1);
  });
});

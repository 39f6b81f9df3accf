/**
 * Presence means a person is looking: a seat is present only while one of its pages is
 * visible and was used within PRESENCE_MS (worker/match/presence.ts), as told by `presence` frames
 * or a poll with `?present=1`. A seat present when its turn starts gets the grace period (its mail is
 * dropped if it is still looking at its end); an open socket alone is no presence: a hidden tab gets
 * the turn mail at once (and no outbox row), a visible one left alone after the grace period. "Always
 * e-mail me" sends the mail while present (the push still waits). Presence flipping never sends
 * anything twice, and costs no row.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRESENCE_MS } from '../../worker/match/presence';
import { api, info, move, openSocket, stubOf, type TestMatch, type TestSocket, until } from './helpers';
import { addresses, duo, type MailMatch, MIN, mailMatch } from './mail-helpers';

const TURN_SUBJECT = "Mille Bornes : c'est à vous de jouer";

/** Bob's socket, authenticated (his own view arrived). */
async function bobSocket(m: TestMatch): Promise<TestSocket & { ws: WebSocket }> {
  const s = await openSocket(m.id);
  if (!s.ws) throw new Error('upgrade refused');
  s.ws.send(JSON.stringify({ type: 'auth', token: m.seats[1] }));
  await until(() => s.frames.some((f) => f.type === 'info' && f.info.you.seat === 1), 'Bob’s own view');
  return s as TestSocket & { ws: WebSocket };
}

/** Sends `frame` and waits until the object has handled it (its answer to a ping sent after it). */
async function sendAndSync(s: TestSocket & { ws: WebSocket }, frame: unknown): Promise<void> {
  const pongs = () => s.frames.filter((f) => f.type === 'pong').length;
  const before = pongs();
  s.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  s.ws.send(JSON.stringify({ type: 'ping' }));
  await until(() => pongs() > before, 'the pong after the frame');
}

/** Bob's turn mails so far. */
const turnMails = (h: MailMatch, bob: string) => h.sender.to(bob).filter((m) => m.subject === TURN_SUBJECT);

/** Bob's your-turn rows, oldest first. */
async function bobTurnRows(h: MailMatch) {
  return (await h.rows()).filter((r) => r.seat === 1 && r.kind === 'yourTurn');
}

/**
 * A duo where Bob's tab is visible and used when Ann's Roll starts his turn, and the alarm runs at
 * the end of the grace period.
 */
async function lookingAtGraceEnd() {
  const { ann, bob } = addresses();
  const h = await mailMatch(duo({ ann, bob }));
  const t0 = h.clock.now;
  const s = await bobSocket(h.m);
  await sendAndSync(s, { type: 'presence', visible: true });
  await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
  await h.fire(t0 + 2 * MIN);
  return { h, s, bob, t0 };
}

describe('presence: a person looking, not an open socket', () => {
  it('a connected but hidden tab gets the turn mail at once, with no outbox row', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const s = await bobSocket(h.m);
    await sendAndSync(s, { type: 'presence', visible: true });
    await sendAndSync(s, { type: 'presence', visible: false });
    expect((await info(h.m)).seats[1].connected).toBe(true);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.settled();
    expect(turnMails(h, bob)).toHaveLength(1);
    expect(await bobTurnRows(h)).toEqual([]);
    // The grace's end finds nothing more to send.
    await h.fire(t0 + 2 * MIN);
    expect(turnMails(h, bob)).toHaveLength(1);
    s.ws.close();
  });

  it('a seat looking when its turn starts waits the grace period; acting within it drops the mail', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    expect((await api(`/api/matches/${h.m.id}?present=1`, { token: h.m.seats[1] })).status).toBe(200);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.settled();
    expect(turnMails(h, bob)).toHaveLength(0);
    expect(await bobTurnRows(h)).toEqual([
      expect.objectContaining({ status: 'queued', due_at: t0 + 2 * MIN }),
    ]);
    await h.setClock(t0 + MIN);
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 2 * MIN);
    expect(turnMails(h, bob)).toHaveLength(0);
    expect(await bobTurnRows(h)).toEqual([expect.objectContaining({ status: 'dropped', error: 'acted' })]);
  });

  it('a visible, used tab drops the turn mail with `present`', async () => {
    const { h, s, bob } = await lookingAtGraceEnd();
    expect(turnMails(h, bob)).toHaveLength(0);
    expect(await bobTurnRows(h)).toEqual([expect.objectContaining({ status: 'dropped', error: 'present' })]);
    s.ws.close();
  });

  it('a visible tab nobody touched for PRESENCE_MS is absent', async () => {
    expect(PRESENCE_MS).toBe(3 * MIN);
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const s = await bobSocket(h.m);
    await sendAndSync(s, { type: 'presence', visible: true });
    // Ann moves a minute and a half later: the mail is due at 3.5 min, after Bob's last touch ran out.
    await h.setClock(t0 + 1.5 * MIN);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3.5 * MIN);
    expect(turnMails(h, bob)).toHaveLength(1);
    s.ws.close();
  });

  it('a poll with ?present=1 counts as presence; a poll without it does not; other values are 400', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const poll = (query: string) => api(`/api/matches/${h.m.id}${query}`, { token: h.m.seats[1] });
    expect((await poll('?present=1')).status).toBe(200);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 2 * MIN);
    expect(turnMails(h, bob)).toHaveLength(0);
    expect(await bobTurnRows(h)).toEqual([expect.objectContaining({ status: 'dropped', error: 'present' })]);

    // Bob's next turn: he polls without the flag, and his earlier presence has run out.
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await h.setClock(t0 + 6 * MIN);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    expect((await poll('')).status).toBe(200);
    await h.fire(t0 + 8 * MIN);
    expect(turnMails(h, bob)).toHaveLength(1);

    for (const bad of ['?present=0', '?present=yes', '?present=1&present=1', '?look=1']) {
      const r = await poll(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code, bad).toBe('request.invalid');
    }
  });
});

describe('always e-mail me', () => {
  it('sends the turn mail while present, and still drops the push', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const set = await api(`/api/matches/${h.m.id}/settings`, {
      token: h.m.seats[1],
      body: { alwaysEmail: true },
    });
    expect(set.status).toBe(200);
    expect(set.body.settings.alwaysEmail).toBe(true);
    expect((await info(h.m, h.m.seats[0])).settings?.alwaysEmail).toBe(false);
    const bad = await api(`/api/matches/${h.m.id}/settings`, {
      token: h.m.seats[1],
      body: { alwaysEmail: 'yes' },
    });
    expect(bad.status).toBe(400);
    // A push subscription of Bob's (stored as the push route would; the push is dropped before sending).
    await runInDurableObject(stubOf(h.m), (instance, state) => {
      // The table is made on a match's first subscription (worker/lazy-table.ts).
      (
        instance as unknown as { match: { notifier: { pushSubs: { ensure(): void } } } }
      ).match.notifier.pushSubs.ensure();
      state.storage.sql.exec(
        `INSERT INTO push_subs (seat, endpoint, sub, created_at) VALUES (1, 'https://fcm.googleapis.com/x', '{}', ?)`,
        t0,
      );
    });
    const s = await bobSocket(h.m);
    await sendAndSync(s, { type: 'presence', visible: true });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 2 * MIN);
    expect(turnMails(h, bob)).toHaveLength(1);
    const push = (await h.rows()).find((r) => r.seat === 1 && r.kind === 'push');
    expect(push).toMatchObject({ status: 'dropped', error: 'present' });

    // Turned off again: presence drops the next turn's mail.
    const off = await api(`/api/matches/${h.m.id}/settings`, {
      token: h.m.seats[1],
      body: { alwaysEmail: false },
    });
    expect(off.body.settings.alwaysEmail).toBe(false);
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await sendAndSync(s, { type: 'presence', visible: true });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    await h.fire(t0 + 4 * MIN);
    expect(turnMails(h, bob)).toHaveLength(1);
    expect((await bobTurnRows(h)).at(-1)).toMatchObject({ status: 'dropped', error: 'present' });
    s.ws.close();
  });
});

describe('presence flipping', () => {
  it('sends nothing twice: one row per turn, whatever presence does afterwards', async () => {
    // Present at the end of the grace period: dropped, and it stays dropped when Bob looks away.
    const { h, s, bob, t0 } = await lookingAtGraceEnd();
    await sendAndSync(s, { type: 'presence', visible: false });
    await h.fire(t0 + 3 * MIN);
    await h.fire(t0 + 4 * MIN);
    expect(turnMails(h, bob)).toHaveLength(0);
    expect(await bobTurnRows(h)).toEqual([expect.objectContaining({ status: 'dropped', error: 'present' })]);

    // Absent when the next turn starts (its mail goes at once), then present, then absent again: one mail.
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    await h.fire(t0 + 6 * MIN);
    await h.setClock(t0 + 7 * MIN);
    await sendAndSync(s, { type: 'presence', visible: true });
    await h.fire(t0 + 8 * MIN);
    await sendAndSync(s, { type: 'presence', visible: false });
    await h.fire(t0 + 9 * MIN);
    await h.fire(t0 + 10 * MIN);
    expect(turnMails(h, bob)).toHaveLength(1);
    const rows = await bobTurnRows(h);
    expect(rows.map((r) => r.status)).toEqual(['dropped']);
    s.ws.close();
  });
});

describe('presence reports', () => {
  it('write no row (frames and polls), and a malformed presence frame gets frame.invalid', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const rowsWritten = async () => (await api(`/dev/stats/${h.m.id}`)).body.rowsWritten as number;
    const s = await bobSocket(h.m);
    const before = await rowsWritten();
    for (let i = 0; i < 5; i++) await sendAndSync(s, { type: 'presence', visible: i % 2 === 0 });
    expect((await api(`/api/matches/${h.m.id}?present=1`, { token: h.m.seats[1] })).status).toBe(200);
    expect(await rowsWritten()).toBe(before);

    const errors = () => s.frames.filter((f) => f.type === 'error').map((f) => f.error.code);
    for (const bad of [
      { type: 'presence' },
      { type: 'presence', visible: 'yes' },
      { type: 'presence', visible: true, at: 1 },
    ]) {
      await sendAndSync(s, bad);
    }
    expect(errors()).toEqual(['frame.invalid', 'frame.invalid', 'frame.invalid']);
    expect(s.closed()).toBeNull();
    s.ws.close();
  });

  it('a presence frame before the auth frame counts once the socket is a seat’s', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const s = await openSocket(h.m.id);
    const ws = s.ws!;
    await sendAndSync({ ...s, ws }, { type: 'presence', visible: true });
    ws.send(JSON.stringify({ type: 'auth', token: h.m.seats[1] }));
    await until(() => s.frames.some((f) => f.type === 'info' && f.info.you.seat === 1), 'Bob’s own view');
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 2 * MIN);
    expect(await bobTurnRows(h)).toEqual([expect.objectContaining({ status: 'dropped', error: 'present' })]);
    ws.close();
  });
});

/**
 * Chat lines in mails: the your-turn mail and the daily digest carry the other
 * seats' new chat lines since the reader's own last move ("Bob wrote: …"), quick phrases in the
 * reader's language, at most a few lines each cut short, defused like names and titles (no tag, no
 * link-looking text in either part); deleted or hidden lines, the reader's own and those before
 * their last move are left out, and so are those the reader's chat panel showed (its read mark:
 * one row when it moves forward); a seat that muted the chat gets none. A chat message alone sends no
 * mail. The seat's `chatMuted` setting: one row when it changes, none otherwise, bad input refused.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../worker/notify/types';
import { api, create, info, move, stubOf, type TestMatch } from './helpers';
import { addresses, attach, duo, FakeSender, type MailMatch, MIN, mailMatch } from './mail-helpers';
import { runDigestAt, settings } from './prefs-helpers';

const say = (m: TestMatch, seat: number, body: unknown) =>
  api(`/api/matches/${m.id}/chat`, { token: m.seats[seat]!, body });
const rowsWritten = async (m: TestMatch) => (await api(`/dev/stats/${m.id}`)).body.rowsWritten as number;

const EVIL = '<b>x</b> visit evil.example http://evil.example';

/** Says `text` as `seat` at the match time `at` (ms); returns the message id. */
async function sayAt(h: MailMatch, at: number, seat: number, body: unknown): Promise<number> {
  await h.setClock(at);
  const r = await say(h.m, seat, body);
  expect(r.status).toBe(201);
  return r.body.message.id as number;
}

/**
 * A duo where Bob (French) has moved once: Ann rolls at t0, Bob rolls at t0 + 1 min (his last
 * move), Ann writes one line before it. Returns the harness and t0.
 */
async function afterBobsMove(): Promise<{ h: MailMatch; t0: number; bob: string }> {
  const a = addresses();
  const h = await mailMatch(duo(a));
  const t0 = h.clock.now;
  await h.fire(t0);
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
  await sayAt(h, t0 + 30_000, 0, { text: 'an old line before Bob moved' });
  await h.setClock(t0 + MIN);
  expect((await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' })).status).toBe(200);
  return { h, t0, bob: a.bob };
}

/** Ann plays 100 km at `at`: Bob's turn; his turn mail goes out (at once: he is not looking). */
async function bobsTurnMail(h: MailMatch, bob: string, at: number): Promise<OutgoingMail> {
  await h.setClock(at);
  await h.settled();
  const before = h.sender.to(bob).length;
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' })).status).toBe(200);
  await h.fire(at + 5 * MIN);
  const mails = h.sender.to(bob);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1)!;
  expect(mail.subject).toBe("Mille Bornes : c'est à vous de jouer");
  return mail;
}

describe('chat lines in the your-turn mail', () => {
  it('carries the new lines since the reader’s last move, defused, in the reader’s language', async () => {
    const { h, t0, bob } = await afterBobsMove();
    const t = t0 + 2 * MIN;
    await sayAt(h, t, 0, { text: EVIL });
    await sayAt(h, t, 0, { phrase: 'goodGame' });
    // "Away until" takes a day up to 90 days ahead of the match's clock (the present here).
    const until = new Date(t0 + 5 * 86_400_000).toISOString().slice(0, 10);
    const untilFr = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(Date.parse(`${until}T00:00:00Z`));
    await sayAt(h, t, 0, { phrase: 'awayUntil', params: { until } });
    const gone = await sayAt(h, t, 0, { text: 'a line Ann deletes' });
    const hidden = await sayAt(h, t, 0, { text: 'a line the host hides' });
    await sayAt(h, t, 1, { text: 'a line of Bob himself' });
    expect(
      (await api(`/api/matches/${h.m.id}/chat/${gone}`, { method: 'DELETE', token: h.m.seats[0] })).status,
    ).toBe(200);
    expect(
      (await api(`/api/matches/${h.m.id}/chat/${hidden}/hide`, { token: h.m.host, body: {} })).status,
    ).toBe(200);

    const mail = await bobsTurnMail(h, bob, t0 + 3 * MIN);
    // The lead-in and the lines, in French; a quick phrase in French words.
    expect(mail.text).toContain('Nouveau dans la discussion depuis votre dernier coup :');
    expect(mail.text).toContain('- Ann a écrit : « Bonne partie »');
    expect(mail.text).toContain(`- Ann a écrit : « Pas là jusqu’au ${untilFr} »`);
    expect(mail.html).toContain('<li>Ann a écrit : « Bonne partie »</li>');
    // Defused: no tag in the HTML part, nothing a mail client turns into a link in either part.
    expect(mail.text).toContain('- Ann a écrit : « <b>x</b> visit evil[.]example http[:]//evil[.]example »');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt; visit evil[.]example http[:]//evil[.]example');
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('http://evil');
      // Left out: the reader's own line, a deleted and a hidden one, one before the reader's last move.
      expect(part).not.toContain('Bob himself');
      expect(part).not.toContain('Ann deletes');
      expect(part).not.toContain('host hides');
      expect(part).not.toContain('old line');
    }
    expect(mail.html).not.toContain('<b>');
    // The events are still there, before the chat.
    const events = mail.text.indexOf('- Ann a roulé 100 bornes.');
    expect(events).toBeGreaterThan(0);
    expect(events).toBeLessThan(mail.text.indexOf('Nouveau dans la discussion'));
  });

  it('carries the newest five lines, each cut short, and counts the earlier ones', async () => {
    const { h, t0, bob } = await afterBobsMove();
    for (let i = 1; i <= 7; i++) await sayAt(h, t0 + 2 * MIN, 0, { text: `line ${i} ${'é'.repeat(300)}` });
    const mail = await bobsTurnMail(h, bob, t0 + 3 * MIN);
    const lines = mail.text.split('\n').filter((l) => l.startsWith('- Ann a écrit'));
    expect(lines.map((l) => /line (\d)/.exec(l)![1])).toEqual(['3', '4', '5', '6', '7']);
    // 200 characters of text at most (the last one the ellipsis).
    for (const l of lines) expect(/« (.*) »/u.exec(l)![1]).toHaveLength(200);
    expect(lines[0]).toMatch(/é…\s»$/u);
    expect(mail.text).toContain('Messages plus anciens non affichés ici : 2.');
  });

  it('leaves out the lines the reader’s chat panel showed; the read mark writes one row, only forward', async () => {
    const { h, t0, bob } = await afterBobsMove();
    const t = t0 + 2 * MIN;
    await sayAt(h, t, 0, { text: 'a line Bob read live' });
    const seen = await sayAt(h, t, 0, { text: 'another line Bob read live' });
    const read = (seat: number | null, body: unknown) =>
      api(`/api/matches/${h.m.id}/chat/read`, { token: seat === null ? h.m.host : h.m.seats[seat]!, body });
    // Bob's panel showed them: one row; the same mark again, or an older one, writes none.
    const before = await rowsWritten(h.m);
    const r = await read(1, { upTo: seen });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ readUpTo: seen });
    expect((await rowsWritten(h.m)) - before).toBe(1);
    expect((await read(1, { upTo: seen })).body).toEqual({ readUpTo: seen });
    expect((await read(1, { upTo: 1 })).body).toEqual({ readUpTo: seen });
    expect((await rowsWritten(h.m)) - before).toBe(1);
    // A mark past the newest message stops at it (a later line is still unread).
    expect((await read(0, { upTo: 999 })).body).toEqual({ readUpTo: seen });
    // Refused: no seat, bad bodies; nothing written.
    const after = await rowsWritten(h.m);
    expect((await read(null, { upTo: seen })).status).toBe(403);
    expect((await read(1, { upTo: 0 })).status).toBe(400);
    expect((await read(1, { upTo: 'x' })).status).toBe(400);
    expect((await read(1, { upTo: 2, more: 1 })).status).toBe(400);
    expect(await rowsWritten(h.m)).toBe(after);

    await sayAt(h, t, 0, { text: 'a line written after Bob looked' });
    const mail = await bobsTurnMail(h, bob, t0 + 3 * MIN);
    expect(mail.text).toContain('- Ann a écrit : « a line written after Bob looked »');
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('read live');
    // The mark stays through a wake-up (it is the seat's row).
    await evictDurableObject(stubOf(h.m.id));
    expect((await read(1, { upTo: 1 })).body).toEqual({ readUpTo: seen });
  });

  it('a seat that muted the chat gets no lines; muting writes one row, only when it changes', async () => {
    const { h, t0, bob } = await afterBobsMove();
    await sayAt(h, t0 + 2 * MIN, 0, { text: 'hello Bob' });
    const before = await rowsWritten(h.m);
    const muted = await settings(h.m, 1, { chatMuted: true });
    expect(muted.status).toBe(200);
    expect(muted.body.settings.chatMuted).toBe(true);
    expect(await rowsWritten(h.m)).toBe(before + 1);
    expect((await settings(h.m, 1, { chatMuted: true })).status).toBe(200);
    expect(await rowsWritten(h.m)).toBe(before + 1);
    // The other seat's setting is its own.
    expect((await info(h.m, h.m.seats[0]!)).settings!.chatMuted).toBe(false);

    const mail = await bobsTurnMail(h, bob, t0 + 3 * MIN);
    expect(mail.text).not.toContain('hello Bob');
    expect(mail.text).not.toContain('Nouveau dans la discussion');

    // Unmuted again (the field left out of the seat's settings row).
    expect((await settings(h.m, 1, { chatMuted: false })).body.settings.chatMuted).toBe(false);
    expect((await info(h.m, h.m.seats[1]!)).settings!.chatMuted).toBe(false);
  });

  it('a chat message alone queues and sends no mail', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const t0 = h.clock.now;
    await h.fire(t0);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.fire(t0 + 5 * MIN);
    const sent = h.sender.sent.length;
    const rows = await h.rows();
    // Bob and Ann write; nobody moves.
    await sayAt(h, t0 + 6 * MIN, 0, { text: 'are you there?' });
    await sayAt(h, t0 + 6 * MIN, 1, { phrase: 'backTomorrow' });
    await sayAt(h, t0 + 6 * MIN, 0, { phrase: 'yourTurn' });
    expect(await h.rows()).toEqual(rows);
    await h.fire(t0 + 10 * MIN);
    expect(h.sender.sent).toHaveLength(sent);
  });
});

describe('chat lines in the daily digest', () => {
  it('lists the other seats’ new lines under the waiting match', async () => {
    /** Tuesday 14 January 2031, 05:00 UTC; the digest at 08:00 in Oslo, 07:00 UTC. */
    const T = Date.UTC(2031, 0, 14, 5);
    const DIGEST = Date.UTC(2031, 0, 14, 7);
    const a = addresses();
    const sender = new FakeSender();
    const h = await attach(await create(duo(a, { title: 'Alpha', firstSeat: 1 })), sender, { now: T });
    await h.fire(T);
    const r = await settings(h.m, 0, { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } });
    expect(r.status).toBe(200);
    await sayAt(h, T + MIN, 1, { text: 'see www.evil.example tonight' });
    await sayAt(h, T + MIN, 1, { phrase: 'awayUntil', params: { until: '2031-01-20' } });
    await sayAt(h, T + MIN, 0, { text: 'Ann’s own words' });

    const digests = new FakeSender();
    await runDigestAt(a.ann, DIGEST, digests);
    expect(digests.sent).toHaveLength(1);
    const mail = digests.sent[0];
    expect(mail.text).toContain('Alpha: your turn');
    expect(mail.text).toContain('New in the chat since your last move:');
    expect(mail.text).toContain('- Bob wrote: “see www[.]evil[.]example tonight”');
    expect(mail.text).toContain('- Bob wrote: “Away until Monday 20 January”');
    expect(mail.html).toContain('<li>Bob wrote: “Away until Monday 20 January”</li>');
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('www.evil');
      expect(part).not.toContain('Ann’s own words');
    }
  });
});

describe('the chatMuted setting', () => {
  it('refuses a non-boolean and a spectator, and changes nothing', async () => {
    const h = await mailMatch(duo(addresses()));
    const before = await rowsWritten(h.m);
    for (const bad of ['yes', 1, null, {}]) {
      const r = await settings(h.m, 1, { chatMuted: bad });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
    }
    const spectator = await api(`/api/matches/${h.m.id}/settings`, { body: { chatMuted: true } });
    expect(spectator.status).toBe(403);
    expect(spectator.body.error.code).toBe('auth.not_a_seat');
    const host = await api(`/api/matches/${h.m.id}/settings`, { token: h.m.host, body: { chatMuted: true } });
    expect(host.status).toBe(403);
    expect(await rowsWritten(h.m)).toBe(before);
    expect((await info(h.m, h.m.seats[1]!)).settings!.chatMuted).toBe(false);
  });
});

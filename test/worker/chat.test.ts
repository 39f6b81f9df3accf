/**
 * The chat of a match (server side): seated players write text or quick phrases, each
 * message one row; bad input is refused with nothing stored; spectators never write and read only
 * when the match allows; a writer deletes their own message, the host hides any; a per-seat rate
 * limit; an expired match refuses; live `chat` frames reach only the sockets allowed to read; an
 * "away until" phrase takes today to 90 days ahead; a body of no known shape is refused in words.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_PER_DAY, CHAT_PER_MINUTE } from '../../worker/chat/write';
import { FINISHED_TTL_MS } from '../../worker/decider/timers';
import type { ChatMessage } from '../../worker/protocol/chat';
import type { ServerFrame } from '../../worker/protocol/frames';
import { newMatchId } from '../../worker/tokens';
import {
  accidentForAskSeat,
  advance,
  annAndBob,
  api,
  info,
  ORIGIN,
  stubOf,
  type TestMatch,
  until,
  worker,
} from './helpers';

const say = (m: TestMatch, token: string | null, body: unknown) =>
  api(`/api/matches/${m.id}/chat`, { token, body });
const list = (m: TestMatch, token: string | null, after?: number) =>
  api(`/api/matches/${m.id}/chat${after === undefined ? '' : `?after=${after}`}`, { token });
const rowsWritten = async (m: TestMatch) => (await api(`/dev/stats/${m.id}`)).body.rowsWritten as number;
/** The chat's rows (none while the table, made on the first message, does not exist). */
const chatRows = (m: TestMatch) =>
  runInDurableObject(stubOf(m), (_i, state) =>
    state.storage.sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chat'`).toArray()
      .length === 0
      ? 0
      : state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM chat').one().n,
  );

/** A socket on the match, authenticated with `token` (none: a spectator), recording its frames. */
async function socket(m: TestMatch, token: string | null) {
  const res = await worker().fetch(`${ORIGIN}/api/matches/${m.id}/ws`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const frames: ServerFrame[] = [];
  ws.accept();
  ws.addEventListener('message', (e: MessageEvent) => frames.push(JSON.parse(e.data as string)));
  if (token) ws.send(JSON.stringify({ type: 'auth', token }));
  await until(
    () => frames.some((f) => f.type === 'info' && (f.info.you.seat !== null || f.info.you.host)) || !token,
    'own view',
  );
  const chats = () =>
    frames
      .filter((f): f is { type: 'chat'; message: ChatMessage } => f.type === 'chat')
      .map((f) => f.message);
  return { ws, frames, chats };
}

describe('chat: writing and reading', () => {
  it('a seated player’s message is one row, read by the other seat and the host, after an id', async () => {
    const m = await annAndBob('chat-basic');
    expect(await chatRows(m)).toBe(0);
    const r = await say(m, m.seats[0], { text: 'nice coup fourré' });
    expect(r.status).toBe(201);
    // The first message makes the chat table (its schema's rows); every message is one row.
    expect(await chatRows(m)).toBe(1);
    const msg = r.body.message as ChatMessage;
    expect(msg).toMatchObject({ seat: 0, body: { text: 'nice coup fourré' }, removed: null });
    expect(Number.isNaN(Date.parse(msg.at))).toBe(false);
    const before = await rowsWritten(m);
    expect((await say(m, m.seats[1], { phrase: 'goodGame' })).status).toBe(201);
    expect(await rowsWritten(m)).toBe(before + 1);
    const bob = await list(m, m.seats[1]);
    expect(bob.status).toBe(200);
    expect(bob.body.more).toBe(false);
    expect(bob.body.messages.map((x: ChatMessage) => x.body)).toEqual([
      { text: 'nice coup fourré' },
      { phrase: 'goodGame' },
    ]);
    const later = await list(m, m.host, msg.id);
    expect(later.body.messages).toHaveLength(1);
    expect(later.body.messages[0].seat).toBe(1);
    // Reading writes nothing.
    const read = await rowsWritten(m);
    await list(m, m.seats[0]);
    expect(await rowsWritten(m)).toBe(read);
  });

  it('quick phrases are stored as codes, “away until” with its day', async () => {
    const m = await annAndBob('chat-phrases');
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const r = await say(m, m.seats[0], { phrase: 'awayUntil', params: { until } });
    expect(r.status).toBe(201);
    expect(r.body.message.body).toEqual({ phrase: 'awayUntil', params: { until } });
    for (const phrase of ['goodGame', 'wellPlayed', 'backTomorrow', 'yourTurn'])
      expect((await say(m, m.seats[1], { phrase })).status, phrase).toBe(201);
    const stored = await runInDurableObject(stubOf(m), (_i, state) =>
      state.storage.sql
        .exec<{ text: string | null; phrase: string }>('SELECT text, phrase FROM chat')
        .toArray(),
    );
    expect(stored.map((s) => s.phrase)).toEqual([
      'awayUntil',
      'goodGame',
      'wellPlayed',
      'backTomorrow',
      'yourTurn',
    ]);
    expect(stored.every((s) => s.text === null)).toBe(true);
  });

  it('text is cleaned: control characters removed, line breaks made spaces, whitespace runs one space', async () => {
    const m = await annAndBob('chat-clean');
    const r = await say(m, m.seats[0], { text: '  hi\u0007 there\r\nfriend\u200b  ' });
    expect(r.status).toBe(201);
    expect(r.body.message.body).toEqual({ text: 'hi there friend' });
    const long = 'é'.repeat(500);
    expect((await say(m, m.seats[0], { text: long })).body.message.body.text).toBe(long);
  });
});

describe('chat: refusals store nothing', () => {
  it('empty, blank, too long, unknown phrase, bad params: 400', async () => {
    const m = await annAndBob('chat-bad');
    const bad: unknown[] = [
      { text: '' },
      { text: '   ' },
      { text: '\u200b\u2800 \u3164' },
      { text: '\u0007\n' },
      { text: 'x'.repeat(501) },
      { text: 'hi', phrase: 'goodGame' },
      {},
      { phrase: 'hello' },
      { phrase: 'awayUntil' },
      { phrase: 'awayUntil', params: { until: '2026-02-30' } },
      { phrase: 'awayUntil', params: { until: 'Monday' } },
      { phrase: 'goodGame', params: { until: '2026-12-07' } },
    ];
    for (const body of bad) {
      const r = await say(m, m.seats[0], body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
    }
    expect(await chatRows(m)).toBe(0);
  });

  it('a bad query, message id or method is refused at the edge', async () => {
    const m = await annAndBob('chat-edge');
    for (const q of ['?after=abc', '?after=-1', '?since=3'])
      expect((await api(`/api/matches/${m.id}/chat${q}`, { token: m.seats[0] })).status, q).toBe(400);
    expect((await api(`/api/matches/${m.id}/chat/x1`, { method: 'DELETE', token: m.seats[0] })).status).toBe(
      400,
    );
    expect((await api(`/api/matches/${m.id}/chat/1/hide`, { token: m.host, body: { why: 1 } })).status).toBe(
      400,
    );
    const put = await api(`/api/matches/${m.id}/chat`, {
      method: 'PUT',
      token: m.seats[0],
      body: { text: 'x' },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('Allow')).toBe('GET, HEAD, POST');
    expect(await chatRows(m)).toBe(0);
  });

  it('only a seat writes: no token, another match’s token, the host link alone, a spectator: 403', async () => {
    const m = await annAndBob('chat-who');
    const other = await annAndBob('chat-who-other');
    for (const token of [null, other.seats[0], m.host]) {
      const r = await say(m, token, { text: 'hello' });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('auth.not_a_seat');
    }
    expect(await chatRows(m)).toBe(0);
    expect((await say({ ...m, id: newMatchId() }, m.seats[0], { text: 'x' })).status).toBe(404);
  });

  it('an expired finished match refuses (409 chat.closed); a deleted one is gone (404)', async () => {
    const m = await annAndBob('chat-expired');
    expect((await say(m, m.seats[0], { text: 'before' })).status).toBe(201);
    await runInDurableObject(stubOf(m), (instance) => {
      const match = (instance as unknown as { match: { now(): number; updateMeta(f: object): void } }).match;
      match.updateMeta({ status: 'finished', finishedAt: match.now() - FINISHED_TTL_MS });
    });
    const r = await say(m, m.seats[0], { text: 'after' });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('chat.closed');
    expect(await chatRows(m)).toBe(1);
    expect((await api(`/api/matches/${m.id}`, { method: 'DELETE', token: m.host })).status).toBe(204);
    expect((await say(m, m.seats[0], { text: 'gone' })).status).toBe(404);
  });

  it('a seat may send 10 messages a minute and 200 a day (429 chat.rate_limited with Retry-After)', async () => {
    const m = await annAndBob('chat-rate');
    for (let i = 0; i < CHAT_PER_MINUTE; i++)
      expect((await say(m, m.seats[0], { text: `m${i}` })).status).toBe(201);
    const r = await say(m, m.seats[0], { text: 'one too many' });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('chat.rate_limited');
    expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(r.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    // Another seat has its own allowance.
    expect((await say(m, m.seats[1], { text: 'my turn to talk' })).status).toBe(201);
    await advance(m, 61_000);
    expect((await say(m, m.seats[0], { text: 'a minute later' })).status).toBe(201);
    // The day: fill Ann's last 24 hours up to the limit (older than a minute), then she is refused.
    await runInDurableObject(stubOf(m), (instance, state) => {
      const now = (instance as unknown as { match: { now(): number } }).match.now();
      for (let i = 0; i < CHAT_PER_DAY - CHAT_PER_MINUTE - 1; i++)
        state.storage.sql.exec("INSERT INTO chat (seat, at, text) VALUES (0, ?, 'old')", now - 3_600_000 - i);
    });
    const day = await say(m, m.seats[0], { text: 'too much today' });
    expect(day.status).toBe(429);
    expect(Number(day.headers.get('Retry-After'))).toBeGreaterThan(60);
    expect(await chatRows(m)).toBe(CHAT_PER_DAY + 1);
  });
});

describe('chat: spectators', () => {
  it('do not read by default (403 chat.not_allowed); they do when the host allowed it at creation', async () => {
    const closed = await annAndBob('chat-spect');
    await say(closed, closed.seats[0], { text: 'between us' });
    const r = await list(closed, null);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('chat.not_allowed');
    expect(JSON.stringify(r.body)).not.toContain('between us');
    expect((await info(closed)).config.spectatorsReadChat).toBe(false);

    const open = await annAndBob('chat-spect-open', 'classic', undefined, { spectatorsReadChat: true });
    expect((await info(open)).config.spectatorsReadChat).toBe(true);
    await say(open, open.seats[0], { text: 'hello all' });
    const s = await list(open, null);
    expect(s.status).toBe(200);
    expect(s.body.messages[0].body).toEqual({ text: 'hello all' });
    // They still never write.
    expect((await say(open, null, { text: 'me too' })).status).toBe(403);
  });

  it('a create field of the wrong type is refused', async () => {
    const r = await api('/api/matches', {
      body: { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'bot' }], spectatorsReadChat: 'yes' },
      ip: '198.51.200.1',
    });
    expect(r.status).toBe(400);
  });
});

describe('chat: delete and hide', () => {
  it('a writer deletes only their own message; the host hides any; both leave no content', async () => {
    const m = await annAndBob('chat-remove');
    const ann = (await say(m, m.seats[0], { text: 'oops' })).body.message as ChatMessage;
    const bob = (await say(m, m.seats[1], { text: 'rude words' })).body.message as ChatMessage;
    const del = (token: string | null, id: number) =>
      api(`/api/matches/${m.id}/chat/${id}`, { method: 'DELETE', token });
    const hide = (token: string | null, id: number) =>
      api(`/api/matches/${m.id}/chat/${id}/hide`, { token, body: {} });

    const notYours = await del(m.seats[1], ann.id);
    expect(notYours.status).toBe(403);
    expect(notYours.body.error.code).toBe('chat.not_yours');
    expect((await del(null, ann.id)).body.error.code).toBe('auth.not_a_seat');
    const missing = await del(m.seats[0], 999);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('chat.not_found');
    expect((await del(m.seats[0], 0)).status).toBe(400);

    const before = await rowsWritten(m);
    const d = await del(m.seats[0], ann.id);
    expect(d.status).toBe(200);
    expect(d.body.message).toMatchObject({ id: ann.id, body: null, removed: 'deleted' });
    expect(await rowsWritten(m)).toBe(before + 1);
    expect((await del(m.seats[0], ann.id)).status).toBe(200); // again: nothing more to do

    const seatHides = await hide(m.seats[0], bob.id);
    expect(seatHides.status).toBe(403);
    expect(seatHides.body.error.code).toBe('auth.not_host');
    const h = await hide(m.host, bob.id);
    expect(h.status).toBe(200);
    expect(h.body.message).toMatchObject({ id: bob.id, body: null, removed: 'hidden' });

    const all = await list(m, m.seats[1]);
    expect(all.body.messages.map((x: ChatMessage) => x.removed)).toEqual(['deleted', 'hidden']);
    expect(JSON.stringify(all.body)).not.toMatch(/oops|rude/);
  });
});

describe('chat: the tally in MatchInfo and “my matches”', () => {
  it('readers see the newest id and the removed count (the poll’s ETag moves); a spectator who may not read sees none', async () => {
    const m = await annAndBob('chat-tally');
    const first = await api(`/api/matches/${m.id}`, { token: m.seats[1] });
    expect(first.body.chat).toEqual({ lastId: 0, removed: 0, others: 0 });
    const sent = (await say(m, m.seats[0], { text: 'hello' })).body.message as ChatMessage;
    const etag = first.headers.get('ETag')!;
    const polled = await api(`/api/matches/${m.id}`, {
      token: m.seats[1],
      headers: { 'If-None-Match': etag },
    });
    expect(polled.status).toBe(200);
    expect(polled.body.chat).toEqual({ lastId: sent.id, removed: 0, others: 1 });
    await api(`/api/matches/${m.id}/chat/${sent.id}`, { method: 'DELETE', token: m.seats[0] });
    expect((await info(m, m.host)).chat).toEqual({ lastId: sent.id, removed: 1, others: 1 });
    expect((await info(m)).chat).toBeUndefined();
    const items = await api('/api/matches/summaries', {
      body: { items: [{ matchId: m.id, token: m.seats[1] }] },
    });
    expect(items.body.items[0].summary.chat).toEqual({ lastId: sent.id, removed: 1, others: 1 });
  });
});

describe('chat: the tally counts the other seats’ messages for the unread count', () => {
  it('`others` leaves out the reader’s own messages, counts all for the host link, kept in memory as the chat grows', async () => {
    const m = await annAndBob('chat-others');
    await say(m, m.seats[0], { text: 'one' });
    await say(m, m.seats[0], { phrase: 'goodGame' });
    expect((await info(m, m.seats[0])).chat).toEqual({ lastId: 2, removed: 0, others: 0 });
    expect((await info(m, m.seats[1])).chat).toEqual({ lastId: 2, removed: 0, others: 2 });
    const before = await rowsWritten(m);
    const bob = (await say(m, m.seats[1], { text: 'two' })).body.message as ChatMessage;
    // The tally follows without a row: the one row is the message itself.
    expect(await rowsWritten(m)).toBe(before + 1);
    expect((await info(m, m.seats[0])).chat).toEqual({ lastId: bob.id, removed: 0, others: 1 });
    expect((await info(m, m.seats[1])).chat).toEqual({ lastId: bob.id, removed: 0, others: 2 });
    expect((await info(m, m.host)).chat).toEqual({ lastId: bob.id, removed: 0, others: 3 });
    // A removed message still counts (it was written; the page shows "message removed").
    await api(`/api/matches/${m.id}/chat/${bob.id}`, { method: 'DELETE', token: m.seats[1] });
    expect((await info(m, m.seats[0])).chat).toEqual({ lastId: bob.id, removed: 1, others: 1 });
    const items = await api('/api/matches/summaries', {
      body: { items: [{ matchId: m.id, token: m.seats[0] }] },
    });
    expect(items.body.items[0].summary.chat).toEqual({ lastId: bob.id, removed: 1, others: 1 });
  });
});

describe('chat: live frames', () => {
  it('reach the seats and the host, never a spectator who may not read', async () => {
    const m = await annAndBob('chat-live');
    const ann = await socket(m, m.seats[0]);
    const bob = await socket(m, m.seats[1]);
    const host = await socket(m, m.host);
    const spectator = await socket(m, null);
    const sent = (await say(m, m.seats[0], { text: 'secret plan' })).body.message as ChatMessage;
    await until(() => bob.chats().length === 1 && ann.chats().length === 1, 'the seats’ chat frames');
    await until(() => host.chats().length === 1, 'the host’s chat frame');
    expect(bob.chats()[0]).toEqual(sent);
    // A message the spectator may see comes after: by then the chat frame would have arrived.
    await api(`/api/matches/${m.id}/chat/${sent.id}`, { method: 'DELETE', token: m.seats[0] });
    await until(() => bob.chats().length === 2, 'the deletion’s frame');
    expect(bob.chats()[1]).toMatchObject({ id: sent.id, removed: 'deleted', body: null });
    await annAndBob('chat-live-sync'); // a moment for any stray frame
    expect(spectator.chats()).toEqual([]);
    expect(JSON.stringify(spectator.frames)).not.toContain('secret plan');
    for (const s of [ann, bob, host, spectator]) s.ws.close();
  });

  it('reach spectators when the match lets them read', async () => {
    const m = await annAndBob('chat-live-open', 'classic', undefined, { spectatorsReadChat: true });
    const spectator = await socket(m, null);
    await say(m, m.seats[1], { phrase: 'wellPlayed' });
    await until(() => spectator.chats().length === 1, 'the spectator’s chat frame');
    expect(spectator.chats()[0].body).toEqual({ phrase: 'wellPlayed' });
    spectator.ws.close();
  });
});

describe('chat: quick phrases and bodies of no known shape', () => {
  // Found: any calendar day was taken, 1999 or 0000 too; the page then showed it without its year
  // ("Pas là jusqu'au 1 janvier"), so a day in the past read as a day to come.
  it('an "away until" quick phrase takes today to 90 days ahead; a day in the past or later is refused', async () => {
    const m = await accidentForAskSeat('driving_ace', 'chat-away');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const send = (until: string) =>
      api(`/api/matches/${m.id}/chat`, {
        token: m.seats[0]!,
        body: { phrase: 'awayUntil', params: { until } },
      });
    for (const until of ['1999-01-01', '0000-01-01', day(-3), day(92), '9999-12-31']) {
      const r = await send(until);
      expect(r.status, until).toBe(400);
      expect(r.body.error.code, until).toBe('chat.away_range');
    }
    const list = await api(`/api/matches/${m.id}/chat`, { token: m.seats[1]! });
    expect(list.body.messages).toEqual([]);
    expect((await send(day(0))).status).toBe(201);
    expect((await send(day(89))).status).toBe(201);
  });

  // Found: a body of no known shape said "Invalid type: Expected Object but received Object".
  it('a chat body of no known shape is refused with words that say what a message is', async () => {
    const m = await accidentForAskSeat('driving_ace', 'chat-shape');
    for (const body of [{}, { phrase: 'hello' }, { text: 5 }, { text: 'hi', extra: 1 }]) {
      const r = await api(`/api/matches/${m.id}/chat`, { token: m.seats[0]!, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body.error), JSON.stringify(body)).not.toContain('received Object');
    }
  });
});

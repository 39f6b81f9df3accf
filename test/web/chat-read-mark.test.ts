// @vitest-environment happy-dom
/**
 * The chat panel tells the server what it showed (`POST …/chat/read`), so the your-turn mail does
 * not repeat lines read live: once per burst of others' messages, never for the player's own alone,
 * and again after a failure.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tellChatRead } from '../../web/src/screens/table/chat-read';

const PATH = '/api/matches/AAAAAAAAAAAAAAAAAAAAAA/chat';
let fetched: Array<{ url: string; body: unknown }>;
let fail = false;

beforeEach(() => {
  vi.useFakeTimers();
  fetched = [];
  fail = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    fetched.push({ url, body: JSON.parse(String(init.body)) });
    return fail
      ? new Response(JSON.stringify({ error: { code: 'x', message: 'x' } }), { status: 503 })
      : new Response(JSON.stringify({ readUpTo: 1 }), { status: 200 });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the chat panel’s read mark on the server', () => {
  it('is sent once for a burst of others’ messages, with the newest id', async () => {
    tellChatRead('m1', PATH, 'tok', { lastId: 3, removed: 0, others: 2 });
    tellChatRead('m1', PATH, 'tok', { lastId: 4, removed: 0, others: 3 });
    expect(fetched).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetched).toEqual([{ url: `${PATH}/read`, body: { upTo: 4 } }]);
    // The player's own message moves the newest id, not the others' count: nothing to tell.
    tellChatRead('m1', PATH, 'tok', { lastId: 5, removed: 0, others: 3 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetched).toHaveLength(1);
    // Another's message: told again.
    tellChatRead('m1', PATH, 'tok', { lastId: 6, removed: 0, others: 4 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetched.at(-1)).toEqual({ url: `${PATH}/read`, body: { upTo: 6 } });
  });

  it('tells nothing for an empty chat, and tells again after a failure', async () => {
    tellChatRead('m2', PATH, 'tok', { lastId: 0, removed: 0, others: 0 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetched).toEqual([]);
    fail = true;
    tellChatRead('m2', PATH, 'tok', { lastId: 2, removed: 0, others: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetched).toHaveLength(1);
    fail = false;
    tellChatRead('m2', PATH, 'tok', { lastId: 2, removed: 0, others: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetched).toHaveLength(2);
  });
});

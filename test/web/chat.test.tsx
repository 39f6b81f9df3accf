// @vitest-environment happy-dom
/**
 * The chat on the page: the unread count kept on the device (one versioned key; the
 * server's `others` tally, so the reader's own messages never count; muted: none), the tally after a
 * live frame, quick phrases in the reader's language with "Away until" in their words, the message
 * list merged by id (a removal is final), the table's button with its badge, and the panel: text
 * shown as text, a polite log that goes quiet when muted, the 500-character counter, and no writing
 * for a reader without a seat.
 */
import { signal } from '@preact/signals';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { CHAT_KEY, chatMarks, unreadCount, withChatMessage } from '../../web/src/lib/chat-unread';
import type { MatchSession } from '../../web/src/lib/session';
import type { MatchInfo } from '../../web/src/lib/types';
import { ChatButton } from '../../web/src/screens/table/ChatButton';
import { ChatPanel } from '../../web/src/screens/table/ChatPanel';
import { mergeMessages } from '../../web/src/screens/table/chat-model';
import { markChatRead, noteChatMuted } from '../../web/src/screens/table/chat-read';
import { awayDay, chatBodyText } from '../../web/src/screens/table/chat-words';
import type { ChatMessage, ChatTally } from '../../worker/protocol/chat';
import { info as infoOf, view } from './fixtures';
import { mount } from './render';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const tally = (others: number, lastId = others, removed = 0): ChatTally => ({ lastId, removed, others });
const msg = (
  id: number,
  seat: number,
  body: ChatMessage['body'],
  removed: ChatMessage['removed'] = null,
) => ({
  id,
  seat,
  at: '2030-01-02T10:30:00.000Z',
  body,
  removed,
});

beforeEach(() => {
  useCatalogForTests('en', en);
  localStorage.clear();
  chatMarks.value = {};
});
afterEach(() => vi.unstubAllGlobals());

describe('the unread count kept on the device', () => {
  it('counts the others’ messages not yet shown, never goes back, and is nothing while muted', () => {
    expect(unreadCount(ID, undefined)).toBe(0);
    expect(unreadCount(ID, tally(3))).toBe(3);
    markChatRead(ID, 3);
    expect(unreadCount(ID, tally(3))).toBe(0);
    // The reader's own messages move lastId but not `others`: still nothing unread.
    expect(unreadCount(ID, tally(3, 9))).toBe(0);
    expect(unreadCount(ID, tally(5, 10))).toBe(2);
    markChatRead(ID, 1); // an older mark never replaces a newer one
    expect(unreadCount(ID, tally(5))).toBe(2);
    noteChatMuted(ID, true);
    expect(unreadCount(ID, tally(5))).toBe(0);
    expect(unreadCount(ID, tally(5), false)).toBe(2); // the table's own info decides there
    noteChatMuted(ID, false);
    expect(unreadCount(ID, tally(5))).toBe(2);
    expect(unreadCount('BBBBBBBBBBBBBBBBBBBBBB', tally(5))).toBe(5);
  });

  it('lives in one versioned key, tolerates a broken one, and keeps the newest 200 matches', async () => {
    markChatRead(ID, 4);
    expect(JSON.parse(localStorage.getItem(CHAT_KEY)!)).toEqual({ [ID]: { r: 4 } });
    noteChatMuted(ID, true);
    expect(JSON.parse(localStorage.getItem(CHAT_KEY)!)).toEqual({ [ID]: { r: 4, m: 1 } });
    for (let i = 0; i < 205; i++) markChatRead(`m${i}`, 1);
    const kept = JSON.parse(localStorage.getItem(CHAT_KEY)!) as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(200);
    expect(kept.m204).toEqual({ r: 1 });
    expect(kept[ID]).toBeUndefined();
    // A broken value reads as nothing read (the module reads the key when it loads).
    localStorage.setItem(CHAT_KEY, '{broken');
    vi.resetModules();
    const fresh = await import('../../web/src/lib/chat-unread');
    expect(fresh.chatMarks.value).toEqual({});
    expect(fresh.unreadCount(ID, tally(2))).toBe(2);
  });
  it('keeps another tab’s marks when it writes, and follows that tab’s writes at once', () => {
    const OTHER = 'BBBBBBBBBBBBBBBBBBBBBB';
    markChatRead(ID, 2);
    // Another tab of this device (its own copy of the marks) reads match B's chat.
    localStorage.setItem(CHAT_KEY, JSON.stringify({ [ID]: { r: 2 }, [OTHER]: { r: 3 } }));
    window.dispatchEvent(new StorageEvent('storage', { key: CHAT_KEY }));
    expect(unreadCount(OTHER, tally(3))).toBe(0);
    // This tab writes for its match without wiping the other tab's mark.
    localStorage.setItem(CHAT_KEY, JSON.stringify({ [ID]: { r: 2 }, [OTHER]: { r: 5 } }));
    markChatRead(ID, 4);
    expect(JSON.parse(localStorage.getItem(CHAT_KEY)!)).toEqual({ [OTHER]: { r: 5 }, [ID]: { r: 4 } });
    expect(unreadCount(OTHER, tally(5))).toBe(0);
  });
});

describe('the tally after a live chat frame', () => {
  const base = infoOf(view(), { you: { seat: 0, host: false }, chat: tally(1, 4, 0) });

  it('a new message of another seat raises lastId and others; the reader’s own only lastId', () => {
    expect(withChatMessage(base, msg(5, 1, { text: 'hi' })).chat).toEqual({
      lastId: 5,
      removed: 0,
      others: 2,
    });
    expect(withChatMessage(base, msg(5, 0, { text: 'me' })).chat).toEqual({
      lastId: 5,
      removed: 0,
      others: 1,
    });
  });

  it('a message already counted changes nothing; a removal raises removed; no tally, no change', () => {
    expect(withChatMessage(base, msg(4, 1, { text: 'old' }))).toBe(base);
    expect(withChatMessage(base, msg(3, 1, null, 'hidden')).chat).toEqual({
      lastId: 4,
      removed: 1,
      others: 1,
    });
    const none = infoOf(view());
    expect(withChatMessage(none, msg(9, 1, { text: 'x' }))).toBe(none);
  });
});

describe('words and the message list', () => {
  it('shows a quick phrase in the reader’s language, "Away until" with the day in their words', () => {
    const now = Date.UTC(2030, 0, 2, 9); // Wednesday 2 January 2030
    expect(chatBodyText({ phrase: 'goodGame' })).toBe('Good game');
    expect(chatBodyText({ phrase: 'awayUntil', params: { until: '2030-01-04' } }, now)).toBe(
      'Away until Friday',
    );
    useCatalogForTests('fr', fr);
    expect(chatBodyText({ phrase: 'goodGame' })).toBe('Bonne partie');
    expect(chatBodyText({ phrase: 'yourTurn' })).toBe('À vous de jouer !');
    expect(chatBodyText({ phrase: 'awayUntil', params: { until: '2030-01-04' } }, now)).toBe(
      'Pas là jusqu’au vendredi',
    );
    expect(awayDay('2030-02-11', now, 'fr')).toBe('11 février');
    expect(chatBodyText(null)).toBe('Message retiré');
    expect(chatBodyText({ text: '<b>hi</b>' })).toBe('<b>hi</b>');
  });

  it('merges by id in order; a removal is final against an older copy', () => {
    const a = msg(1, 0, { text: 'a' });
    const b = msg(2, 1, { text: 'b' });
    const gone = msg(1, 0, null, 'deleted');
    expect(mergeMessages([b], [a]).map((m) => m.id)).toEqual([1, 2]);
    expect(mergeMessages([a, b], [gone])[0]).toEqual(gone);
    expect(mergeMessages([gone, b], [a])[0]).toEqual(gone);
  });
});

/** A stand-in session for the chat: its info, the chat listeners, and the calls the panel makes. */
function chatSession(info: MatchInfo) {
  const s = {
    matchId: info.matchId,
    token: info.you.seat === null ? null : 'seat-token-for-tests-0123456789',
    info: signal<MatchInfo | null>(info),
    chatListeners: new Set<(m: ChatMessage) => void>(),
    onChat(m: ChatMessage) {
      for (const l of s.chatListeners) l(m);
    },
    accept: vi.fn(),
  };
  return s as unknown as MatchSession;
}

/** Answers the chat list with `messages`; records the requests. */
function stubChat(messages: ChatMessage[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ messages, more: false }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

async function settle(root: HTMLElement, selector: string): Promise<void> {
  for (let i = 0; i < 50 && !root.querySelector(selector); i++)
    await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe('the table’s chat button', () => {
  it('shows the unread count as a badge and in its name; none when muted or without the tally', () => {
    const withChat = infoOf(view(), { chat: tally(2) });
    let root = mount(<ChatButton session={chatSession(withChat)} info={withChat} />);
    const button = root.querySelector('.chat-button')!;
    expect(button.querySelector('.chat-badge')?.textContent).toBe('2');
    expect(button.textContent).toBe('Chat 2 new messages');
    expect(button.querySelector('.sr-only')?.textContent).toBe(' new messages');
    const muted = { ...withChat, settings: { ...withChat.settings, chatMuted: true } } as MatchInfo;
    root = mount(<ChatButton session={chatSession(muted)} info={muted} />);
    expect(root.querySelector('.chat-button')?.textContent).toBe('Chat');
    expect(root.querySelector('.chat-badge')).toBeNull();
    const noChat = infoOf(view());
    root = mount(<ChatButton session={chatSession(noChat)} info={noChat} />);
    expect(root.querySelector('.chat-button')).toBeNull();
  });
});

describe('the chat panel', () => {
  it('shows text as text in a polite log, marks what it shows read, and counts the characters', async () => {
    const evil = '<img src=x onerror=alert(1)> https://evil.example';
    const asked = stubChat([
      msg(1, 1, { text: evil }),
      msg(2, 1, { phrase: 'wellPlayed' }),
      msg(3, 0, null, 'deleted'),
    ]);
    const i = infoOf(view(), { you: { seat: 0, host: false }, chat: tally(2, 3, 1) });
    const root = mount(<ChatPanel session={chatSession(i)} />);
    await settle(root, '.chat-msg');
    expect(asked[0]).toBe(`/api/matches/${ID}/chat?after=0`);
    const log = root.querySelector('[role="log"]')!;
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.querySelector('img')).toBeNull();
    expect(log.querySelector('a')).toBeNull();
    expect(log.querySelector('.chat-text')?.textContent).toBe(evil);
    expect(log.textContent).toContain('Well played');
    expect(log.querySelector('.chat-text.removed')?.textContent).toBe('Message removed');
    expect(log.querySelector('.chat-who')?.textContent).toBe('Bob');
    // Bob's messages can be hidden only by the host: no Hide here; a removed one has no Delete.
    expect(root.querySelectorAll('.chat-msg button')).toHaveLength(0);
    expect(unreadCount(ID, i.chat)).toBe(0);

    const field = root.querySelector<HTMLTextAreaElement>('.chat-field')!;
    const send = root.querySelector<HTMLButtonElement>('.chat-form button[type="submit"]')!;
    expect(send.disabled).toBe(true);
    act(() => {
      field.value = 'é'.repeat(501);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(root.querySelector('.chat-count')?.textContent).toBe('501/500');
    expect(root.querySelector('.chat-count.over')).not.toBeNull();
    expect(send.disabled).toBe(true);
    act(() => {
      field.value = 'Salut';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(send.disabled).toBe(false);
    expect(root.querySelectorAll('.chat-phrases button')).toHaveLength(5);
    expect(root.querySelector('.chat-mute input[type="checkbox"]')).not.toBeNull();
  });

  it('keeps the words typed while the previous message is on the wire (only what was sent is cleared)', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return new Promise<Response>((r) => (answer = r));
        return new Response(JSON.stringify({ messages: [], more: false }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const i = infoOf(view(), { you: { seat: 0, host: false }, chat: tally(0) });
    const root = mount(<ChatPanel session={chatSession(i)} />);
    await settle(root, '.chat-field');
    const field = root.querySelector<HTMLTextAreaElement>('.chat-field')!;
    const type = (text: string) =>
      act(() => {
        field.value = text;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('first');
    await act(async () => {
      root
        .querySelector<HTMLFormElement>('.chat-form')!
        .dispatchEvent(new Event('submit', { cancelable: true }));
    });
    const send = root.querySelector<HTMLButtonElement>('.chat-form button[type="submit"]')!;
    expect(send.disabled).toBe(true); // on the wire
    type('second');
    await act(async () => {
      answer(
        new Response(JSON.stringify({ message: msg(1, 0, { text: 'first' }) }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
      );
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(root.querySelector<HTMLTextAreaElement>('.chat-field')!.value).toBe('second');
    expect(send.disabled).toBe(false);
  });

  it('is quiet when muted, and read-only without a seat (the host hides others’ messages)', async () => {
    stubChat([msg(1, 1, { text: 'hello' })]);
    const mutedInfo = infoOf(view(), {
      you: { seat: 0, host: false },
      chat: tally(1),
      settings: { chatMuted: true } as MatchInfo['settings'],
    });
    let root = mount(<ChatPanel session={chatSession(mutedInfo)} />);
    await settle(root, '.chat-msg');
    expect(root.querySelector('[role="log"]')?.getAttribute('aria-live')).toBe('off');
    expect(root.querySelector<HTMLInputElement>('.chat-mute input')?.checked).toBe(true);

    const hostInfo = infoOf(view({ seat: null }), { you: { seat: null, host: true }, chat: tally(1) });
    root = mount(<ChatPanel session={chatSession(hostInfo)} />);
    await settle(root, '.chat-msg');
    expect(root.querySelector('.chat-form')).toBeNull();
    expect(root.querySelector('.chat-mute')).toBeNull();
    expect(root.textContent).toContain('Only the players at the table write here.');
    const hide = root.querySelector('.chat-msg button');
    expect(hide?.textContent).toBe('Hide');
    expect(hide?.getAttribute('aria-label')).toMatch(/^Hide the message of Bob/);
  });
});

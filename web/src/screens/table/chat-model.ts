/**
 * The chat panel's messages, loaded with the panel (not on the first paint): the list read
 * over HTTP (`GET …/chat?after=`, paged), the live `chat` frames the session passes on, and the tally
 * of the polled MatchInfo (`chat: {lastId, removed}`) that says when to ask again while the socket is
 * down. Sending, deleting and hiding go over HTTP; the server's refusals are kept for the panel to
 * word (lib/words.ts `errorText`). A league's chat is the same model over another
 * channel (`ChatChannel`: its path, token, tally and listeners).
 */
import { signal } from '@preact/signals';
import type { ChatMessage, ChatSend, ChatTally } from '../../../../worker/protocol/chat';
import { ApiError, call } from '../../lib/api';
import type { MatchSession } from '../../lib/session';

/** A refusal to show: the server's code (or `network`), and the seconds to wait for a 429. */
export interface ChatError {
  code: string;
  message: string;
  retryAfter: number | null;
}

/** `list` with `incoming` merged by id (a later copy of a message replaces it), ascending. */
export function mergeMessages(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) {
    const had = byId.get(m.id);
    // A removal is final: an older copy that still has its text never brings it back.
    byId.set(m.id, had?.removed && !m.removed ? had : m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Where a chat lives: its path (`/api/matches/:id/chat` or `/api/leagues/:id/chat`), the reader's
 * token, the server's latest tally, the listeners of live messages and what to do with one sent.
 */
export interface ChatChannel {
  path: string;
  token: string | null;
  tally(): ChatTally | undefined;
  listeners: Set<(m: ChatMessage) => void>;
  onSent(m: ChatMessage): void;
}

/** The chat channel of a match session (its live frames come through the session). */
export function matchChannel(session: MatchSession): ChatChannel {
  return {
    path: `/api/matches/${encodeURIComponent(session.matchId)}/chat`,
    get token() {
      return session.token;
    },
    tally: () => session.info.value?.chat,
    listeners: session.chatListeners,
    onSent: (m) => session.onChat(m),
  };
}

/** The chat's calls (docs/API.md), here and not in lib/api.ts: they load with the panel. */
export const chatApi = {
  send: (path: string, token: string, body: ChatSend) =>
    call<{ message: ChatMessage }>('POST', path, token, body),
  list: (path: string, token: string | null, after: number) =>
    call<{ messages: ChatMessage[]; more: boolean }>('GET', `${path}?after=${after}`, token),
  remove: (path: string, token: string, msg: number) =>
    call<{ message: ChatMessage }>('DELETE', `${path}/${msg}`, token),
  hide: (path: string, token: string, msg: number) =>
    call<{ message: ChatMessage }>('POST', `${path}/${msg}/hide`, token, {}),
  /** A match's chat only: the seat's panel showed the messages up to `upTo` (its mails leave them out). */
  read: (path: string, token: string, upTo: number) =>
    call<{ readUpTo: number }>('POST', `${path}/read`, token, { upTo }),
};

/** How many of `list` are deleted or hidden. */
function removedIn(list: readonly ChatMessage[]): number {
  return list.filter((m) => m.removed !== null).length;
}

/** The open chat of one match session or league (its channel). */
export class ChatModel {
  readonly messages = signal<ChatMessage[]>([]);
  /** The first read is done (until then the panel says "Loading…"). */
  readonly loaded = signal(false);
  readonly error = signal<ChatError | null>(null);
  /** A send is in flight. */
  readonly sending = signal(false);
  /** The tally's `removed` last acted on: a change re-reads the list (a removal missed while away). */
  private removedSeen: number | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly listener = (m: ChatMessage) => {
    this.messages.value = mergeMessages(this.messages.value, [m]);
  };

  constructor(private readonly channel: ChatChannel) {}

  /** Starts listening to the live frames and reads the list; returns the stop function. */
  start(): () => void {
    this.channel.listeners.add(this.listener);
    void this.sync(this.channel.tally());
    return () => this.channel.listeners.delete(this.listener);
  }

  /**
   * Catches up with `tally`: reads the messages after the newest shown when its `lastId` is ahead,
   * and the whole list again when its `removed` moved and differs from the list's. One read at a time.
   */
  sync(tally: ChatTally | undefined): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.catchUp(tally).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.sync(this.channel.tally());
      }
    });
    return this.running;
  }

  private async catchUp(tally: ChatTally | undefined): Promise<void> {
    try {
      const list = this.messages.value;
      const newest = list.at(-1)?.id ?? 0;
      const rereads =
        this.loaded.value &&
        tally !== undefined &&
        tally.removed !== this.removedSeen &&
        tally.removed !== removedIn(list);
      if (this.loaded.value && !rereads && (tally?.lastId ?? 0) <= newest) return;
      await this.readAfter(rereads ? 0 : newest);
      this.removedSeen = tally?.removed ?? null;
      this.loaded.value = true;
    } catch (e) {
      this.fail(e);
    }
  }

  /** Reads every message after `after`, page by page, into the list. */
  private async readAfter(after: number): Promise<void> {
    let from = after;
    for (;;) {
      const page = await chatApi.list(this.channel.path, this.channel.token, from);
      this.messages.value = mergeMessages(this.messages.value, page.messages);
      const last = page.messages.at(-1);
      if (!page.more || !last) return;
      from = last.id;
    }
  }

  /** Sends a message or a quick phrase as the seat; true when the server stored it. */
  async send(body: ChatSend): Promise<boolean> {
    const token = this.channel.token;
    if (!token || this.sending.value) return false;
    this.sending.value = true;
    this.error.value = null;
    try {
      const { message } = await chatApi.send(this.channel.path, token, body);
      // The tally moves and the list shows it (the panel listens); the socket's copy changes nothing.
      this.channel.onSent(message);
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    } finally {
      this.sending.value = false;
    }
  }

  /** Deletes the seat's own message (`deleted`) or, as the host, hides any (`hidden`). */
  async remove(id: number, how: 'deleted' | 'hidden'): Promise<void> {
    const token = this.channel.token;
    if (!token) return;
    this.error.value = null;
    try {
      const ask = how === 'deleted' ? chatApi.remove : chatApi.hide;
      const { message } = await ask(this.channel.path, token, id);
      // The tally follows with the socket's frame or the next poll (never counted twice).
      this.listener(message);
    } catch (e) {
      this.fail(e);
    }
  }

  private fail(e: unknown): void {
    this.error.value =
      e instanceof ApiError
        ? { code: e.code, message: e.message, retryAfter: e.retryAfter }
        : { code: 'network', message: String(e), retryAfter: null };
  }
}

/**
 * The chat of a match in its dialog, loaded on first use (table/panels.tsx): the messages
 * as a log (writer's seat name, time, the text as text; quick phrases in the reader's language), a
 * removed one as "Message removed"; a seated player writes (500 characters, counted), sends a quick
 * phrase, deletes their own messages and mutes the chat of this match; the host hides any message.
 * Spectators only read (when the host allowed it). While open, everything shown counts as read on
 * this device (lib/chat-unread.ts). New messages of others are announced (a polite log) unless muted.
 * `ChatView` is the panel without the match: a league's page shows it too.
 */

import { useSignal } from '@preact/signals';
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { ChatMessage, ChatTally, QuickPhrase } from '../../../../worker/protocol/chat';
import { CHAT_AWAY_MAX_DAYS, CHAT_MAX_CHARS } from '../../../../worker/shared/limits';
import { quickPhraseText } from '../../../../worker/words/chat-phrases';
import { Dialog } from '../../components/Dialog';
import { lang, t } from '../../i18n';
import { api } from '../../lib/api';
import type { MatchSession } from '../../lib/session';
import { minuteNow } from '../../lib/time';
import { errorText, seatName } from '../../lib/words';
import { type ChatError, ChatModel, matchChannel } from './chat-model';
import { markChatRead, noteChatMuted, tellChatRead } from './chat-read';
import { chatBodyText, chatTime } from './chat-words';

/** The quick phrases sent with one press ("Away until …" asks for its day first). */
const ONE_PRESS = [
  'goodGame',
  'wellPlayed',
  'backTomorrow',
  'yourTurn',
] as const satisfies readonly QuickPhrase[];

/** Today as `YYYY-MM-DD` on this device's calendar. */
/** The local day `days` after today, as YYYY-MM-DD (the date field's value). */
function today(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Who reads the chat: their seat (a league: their member id), whether they hide messages, the writers' names. */
export interface ChatReader {
  seat: number | null;
  host: boolean;
  nameOf(seat: number): string;
}

/** One message: who, when, what; Delete for the writer, Hide for the host. */
function ChatLine(props: {
  message: ChatMessage;
  reader: ChatReader;
  now: number;
  model: ChatModel;
}): JSX.Element {
  const { message: m, reader, now, model } = props;
  const own = reader.seat !== null && m.seat === reader.seat;
  const name = reader.nameOf(m.seat);
  const when = chatTime(m.at, now, lang.value);
  return (
    <li class={`chat-msg${own ? ' own' : ''}`}>
      <p class="chat-meta">
        <span class="chat-who">{own ? t('chat.you', { name }) : name}</span>{' '}
        <time dateTime={m.at}>{when}</time>
      </p>
      <p class={m.removed ? 'chat-text removed' : 'chat-text'}>{chatBodyText(m.body, now)}</p>
      {!m.removed && own && (
        <button
          type="button"
          class="ghost small"
          aria-label={t('chat.deleteLabel', { when })}
          onClick={() => void model.remove(m.id, 'deleted')}
        >
          {t('chat.delete')}
        </button>
      )}
      {!m.removed && !own && reader.host && (
        <button
          type="button"
          class="ghost small"
          aria-label={t('chat.hideLabel', { name, when })}
          onClick={() => void model.remove(m.id, 'hidden')}
        >
          {t('chat.hide')}
        </button>
      )}
    </li>
  );
}

/** A refusal in the page's words, with the wait a 429 asked for. */
function ErrorLine({ error }: { error: ChatError }): JSX.Element {
  return (
    <p class="error" role="alert">
      {errorText(error)}
      {error.retryAfter !== null && ` ${t('chat.wait', { s: error.retryAfter })}`}
    </p>
  );
}

/** The quick phrases, "Away until" with its day, the text field with its counter, and Send. */
function ChatForm({ model }: { model: ChatModel }): JSX.Element {
  const text = useSignal('');
  const awayDay = useSignal<string | null>(null);
  const fieldId = useId();
  const countId = useId();
  const length = [...text.value].length;
  const over = length > CHAT_MAX_CHARS;
  const blank = text.value.trim() === '';
  const busy = model.sending.value;
  const submit = async () => {
    if (over || blank || busy) return;
    const sent = text.value;
    // Only what was sent is cleared: words typed while it was on the wire stay in the field.
    if ((await model.send({ text: sent })) && text.value === sent) text.value = '';
  };
  return (
    <form
      class="chat-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset class="chat-phrases">
        <legend class="sr-only">{t('chat.phrases')}</legend>
        {ONE_PRESS.map((code) => (
          <button
            key={code}
            type="button"
            class="secondary small"
            disabled={busy}
            onClick={() => void model.send({ phrase: code })}
          >
            {quickPhraseText(code, lang.value, '…')}
          </button>
        ))}
        <button
          type="button"
          class="secondary small"
          aria-expanded={awayDay.value !== null}
          onClick={() => (awayDay.value = awayDay.value === null ? today() : null)}
        >
          {t('chat.awayPick')}
        </button>
      </fieldset>
      {awayDay.value !== null && (
        <div class="chat-away">
          <label>
            {t('chat.awayDate')}{' '}
            <input
              type="date"
              min={today()}
              max={today(CHAT_AWAY_MAX_DAYS)}
              value={awayDay.value}
              onInput={(e) => (awayDay.value = e.currentTarget.value)}
            />
          </label>
          <button
            type="button"
            class="secondary small"
            disabled={busy || !awayDay.value}
            onClick={async () => {
              const until = awayDay.value ?? '';
              if ((await model.send({ phrase: 'awayUntil', params: { until } })) && awayDay.value === until)
                awayDay.value = null;
            }}
          >
            {t('chat.send')}
          </button>
        </div>
      )}
      <label for={fieldId} class="sr-only">
        {t('chat.write')}
      </label>
      <textarea
        id={fieldId}
        class="chat-field"
        rows={2}
        placeholder={t('chat.write')}
        aria-describedby={countId}
        aria-invalid={over}
        value={text.value}
        onInput={(e) => (text.value = e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter sends (Shift+Enter: a new line, which the server makes a space).
          if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return;
          e.preventDefault();
          void submit();
        }}
      />
      <div class="chat-send-row">
        <span id={countId} class={over ? 'chat-count over' : 'chat-count'}>
          {t('chat.count', { n: length, max: CHAT_MAX_CHARS })}
        </span>
        <button type="submit" class="primary" disabled={over || blank || busy}>
          {t('chat.send')}
        </button>
      </div>
    </form>
  );
}

/** The seat's "mute this chat" switch (its setting on the server, `settings.chatMuted`). */
function MuteToggle({ session, muted }: { session: MatchSession; muted: boolean }): JSX.Element {
  const failed = useSignal<ChatError | null>(null);
  return (
    <div class="chat-mute">
      <label class="option">
        <input
          type="checkbox"
          checked={muted}
          onChange={async (e) => {
            const chatMuted = e.currentTarget.checked;
            failed.value = null;
            try {
              session.accept(await api.settings(session.matchId, session.token ?? '', { chatMuted }));
              noteChatMuted(session.matchId, chatMuted);
            } catch (err) {
              e.currentTarget.checked = !chatMuted;
              const x = err as { code?: string; message?: string };
              failed.value = { code: x.code ?? 'network', message: x.message ?? '', retryAfter: null };
            }
          }}
        />{' '}
        {t('chat.mute')}
      </label>
      <p class="hint">{t('chat.muteHint')}</p>
      {failed.value && <ErrorLine error={failed.value} />}
    </div>
  );
}

/** The chat panel of `session`'s match. */
export function ChatPanel({ session }: { session: MatchSession }): JSX.Element | null {
  const model = useMemo(() => new ChatModel(matchChannel(session)), [session]);
  const info = session.info.value;
  const tally = info?.chat;
  const muted = info?.settings?.chatMuted === true;
  // Everything the panel shows counts as read on this device.
  // ...and on the server, for the seat's mails (chat-read.ts `tellChatRead`).
  useEffect(() => {
    if (!tally) return;
    markChatRead(session.matchId, tally.others);
    if (info?.you.seat !== null && session.token)
      tellChatRead(session.matchId, matchChannel(session).path, session.token, tally);
  }, [tally?.others]);
  // The home list reads the seat's mute choice from the device (its summary carries no settings).
  useEffect(() => {
    if (info?.settings) noteChatMuted(session.matchId, muted);
  }, [muted, !!info?.settings]);
  if (!info) return null;
  const writes = info.you.seat !== null && session.token !== null;
  const reader: ChatReader = {
    seat: info.you.seat,
    host: info.you.host,
    nameOf: (seat) => seatName(info, seat),
  };
  return (
    <ChatView model={model} reader={reader} tally={tally} muted={muted} writes={writes}>
      {writes && <MuteToggle session={session} muted={muted} />}
    </ChatView>
  );
}

/**
 * A chat's messages and form over `model`, for `reader`: the match's panel and a league's page
 * show the same. `tally` is the server's latest (a change re-reads); `children`
 * go under the form (the match's mute switch).
 */
export function ChatView(props: {
  model: ChatModel;
  reader: ChatReader;
  tally: ChatTally | undefined;
  muted: boolean;
  writes: boolean;
  /** What a reader who cannot write is told (default: the match's "only the players write"). */
  readOnlyText?: string;
  children?: ComponentChildren;
}): JSX.Element {
  const { model, reader, tally, muted, writes } = props;
  const logRef = useRef<HTMLDivElement>(null);
  const now = minuteNow();
  useEffect(() => model.start(), [model]);
  useEffect(() => void model.sync(tally), [tally?.lastId, tally?.removed]);
  const messages = model.messages.value;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);
  return (
    <div class="chat-panel">
      <div
        ref={logRef}
        class="chat-log"
        role="log"
        aria-live={muted ? 'off' : 'polite'}
        aria-label={t('chat.log')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
        tabIndex={0}
      >
        <ol class="chat-list">
          {messages.map((m) => (
            <ChatLine key={m.id} message={m} reader={reader} now={now} model={model} />
          ))}
        </ol>
      </div>
      {!model.loaded.value && <p class="muted">{t('common.loading')}</p>}
      {model.loaded.value && messages.length === 0 && <p class="muted">{t('chat.empty')}</p>}
      {model.error.value && <ErrorLine error={model.error.value} />}
      {writes ? <ChatForm model={model} /> : <p class="muted">{props.readOnlyText ?? t('chat.readOnly')}</p>}
      {props.children}
    </div>
  );
}

/** The chat in its dialog (a sheet on a phone, a column at the side on a wide screen). */
export function ChatDialog(props: { session: MatchSession; onClose: () => void }): JSX.Element {
  return (
    <Dialog title={t('chat.title')} onClose={props.onClose} kind="chat">
      <ChatPanel session={props.session} />
    </Dialog>
  );
}

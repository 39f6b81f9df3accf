/**
 * The chat on the wire: the quick phrases, what `POST /chat` takes, the `GET /chat` query, a
 * message as readers get it and the tally MatchInfo and "my matches" carry.
 */
import * as v from 'valibot';
import { CHAT_MAX_CHARS } from '../shared/limits';
import { typedText } from './text';

/**
 * The quick phrases of the chat, stored as codes and shown in each reader's language: "Good game",
 * "Well played", "Away until …" (its `until` day), "Back tomorrow", "Your turn!".
 */
export const QUICK_PHRASES = ['goodGame', 'wellPlayed', 'awayUntil', 'backTomorrow', 'yourTurn'] as const;
export type QuickPhrase = (typeof QUICK_PHRASES)[number];

/** A day `YYYY-MM-DD` that exists on the calendar (the "away until" of a quick phrase). */
const Day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD'),
  v.check((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(s);
  }, 'no such day'),
);

/**
 * `POST /api/matches/:id/chat` body: plain `text` (at most `CHAT_MAX_CHARS` code points; controls
 * removed, blank-looking text refused: 400 `request.invalid`), or a quick `phrase` code (`awayUntil`
 * with `params: { until: 'YYYY-MM-DD' }`, the others without params).
 */
export const ChatSendSchema = v.union(
  [
    v.strictObject({
      text: v.pipe(
        typedText(CHAT_MAX_CHARS, 'remove'),
        v.check((s) => s.length > 0, 'a message needs a visible character'),
      ),
    }),
    v.strictObject({ phrase: v.literal('awayUntil'), params: v.strictObject({ until: Day }) }),
    v.strictObject({
      phrase: v.picklist(QUICK_PHRASES.filter((p) => p !== 'awayUntil')),
      params: v.optional(v.strictObject({})),
    }),
  ],
  'a message is {text} or {phrase} (one of the quick phrases; awayUntil with params.until as YYYY-MM-DD)',
);
export type ChatSend = v.InferOutput<typeof ChatSendSchema>;

/** `GET /api/matches/:id/chat?after=id`: the messages after that id (default: from the first). */
export const ChatQuerySchema = v.strictObject({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
});

/**
 * `POST /api/matches/:id/chat/read`: the seat's chat panel showed the messages up to id `upTo`, so
 * its mails leave them out.
 */
export const ChatReadSchema = v.strictObject({
  upTo: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999)),
});
export type ChatRead = v.InferOutput<typeof ChatReadSchema>;

/** A chat message on the wire. */
export interface ChatMessage {
  /** Ascending within the match; `?after=id` returns later ones. */
  id: number;
  /** The writer's seat. */
  seat: number;
  /** ISO time it was sent. */
  at: string;
  /** What was written; null once it is deleted or hidden. */
  body: { text: string } | { phrase: QuickPhrase; params?: { until: string } } | null;
  /** `deleted` by its writer, `hidden` by the host; null while shown. */
  removed: 'deleted' | 'hidden' | null;
}

/**
 * Where a match's chat stands, for a reader (MatchInfo and "my matches"): the newest message's id
 * (0: none), how many messages are deleted or hidden, and how many messages other seats than the
 * reader's wrote (all of them for the host link or a spectator; removed ones too). The page keeps
 * `others` as last read on the device for its unread count, and fetches `GET …/chat?after=` when
 * `lastId` or `removed` moves.
 */
export interface ChatTally {
  lastId: number;
  removed: number;
  others: number;
}

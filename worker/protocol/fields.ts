/**
 * The small field schemas many request bodies and frames share: a language tag, a seat number, a
 * card, a link token, a match id, and the bot strengths.
 */
import * as v from 'valibot';
import { CARD_IDS } from '../engine/index';
import { TURN_DEADLINE_MAX_HOURS } from '../shared/limits';

/** A BCP 47 language tag as the page sends it: `fr`, `en-GB`, `nb`. */
export const LanguageSchema = v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/));
/** A seat number, 0 to 7. */
export const SeatSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7));
/** Hours a player has for a turn: 0 = no deadline, else 1 to `TURN_DEADLINE_MAX_HOURS` (30 days). */
export const TurnDeadlineHoursSchema = v.pipe(
  v.number(),
  v.check(
    (h) => h === 0 || (h >= 1 && h <= TURN_DEADLINE_MAX_HOURS),
    `must be 0 (no deadline) or 1 to ${TURN_DEADLINE_MAX_HOURS} hours`,
  ),
);
/** A card id of the engine. */
export const CardSchema = v.picklist(CARD_IDS);
/** A link token (seat, host, invitation): 16 to 128 base64url characters. */
export const TokenSchema = v.pipe(v.string(), v.minLength(16), v.maxLength(128), v.regex(/^[A-Za-z0-9_-]+$/));

/** Match and token ids: 22 base64url characters (128 bits) or more. */
export const MatchIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,43}$/));

/** Bot strength. `random` is for tests; the bots issue defines the others. */
export const BOT_LEVELS = ['random', 'basic', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/**
 * The open table's wire shapes (docs/API.md "Open table"): the bodies of
 * `POST /api/open/:id/join` and `POST /api/open/quick`, the device-key header, and the answers.
 * Names and titles reuse the stored-text rules of worker/protocol/ (requests.ts) (the claim's name, the
 * creation's title); nothing here takes an e-mail address.
 */
import * as v from 'valibot';
import { TurnDeadlineHoursSchema } from '../protocol/fields';
import { ClaimSchema, CreateMatchSchema } from '../protocol/requests';
import type { Created } from '../protocol/views';
import { MAX_SEATS } from '../shared/limits';
import { PRESET_NAMES } from '../shared/rules-data';
import type { OpenListing } from './listing';

/**
 * The optional `X-Device-Key` header: a random id the page keeps on the device (16 to 64 characters of
 * `A-Z a-z 0-9 _ -`), so one device gets one seat per match even when its address changes (client.ts).
 */
export const DeviceKeySchema = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)));

/** `POST /api/open/:id/join` body: the stranger's seat name (seat-name rules) and language. */
export const OpenJoinSchema = v.strictObject({
  name: ClaimSchema.entries.name,
  language: ClaimSchema.entries.language,
});
export type OpenJoin = v.InferOutput<typeof OpenJoinSchema>;

/**
 * `POST /api/open/quick` body: the player's name and language, the preset, the time per turn in hours
 * (0: no deadline, else 1 to 720), and for a match it creates when none fits: its title, its number
 * of seats (default: 2, or the preset's team seating) and the wait before bots fill (default 10 min).
 */
export const QuickMatchSchema = v.strictObject({
  name: ClaimSchema.entries.name,
  language: ClaimSchema.entries.language,
  preset: v.picklist(PRESET_NAMES),
  turnDeadlineHours: TurnDeadlineHoursSchema,
  title: CreateMatchSchema.entries.title,
  seats: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(MAX_SEATS))),
  waitMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(1440))),
});
export type QuickMatch = v.InferOutput<typeof QuickMatchSchema>;

/** `GET /api/open` answer: the open matches, oldest first. */
export interface OpenList {
  matches: OpenListing[];
}

/** A seat taken at the open table: the match, the seat and its link (the token once, in the fragment). */
export interface OpenSeat {
  matchId: string;
  seat: number;
  token: string;
  seatUrl: string;
}

/** `POST /api/open/quick` answer: a seat in the oldest fitting match (200), or a new open match (201). */
export type QuickResult = ({ joined: true } & OpenSeat) | { joined: false; created: Created };

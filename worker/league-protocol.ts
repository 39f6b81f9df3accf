/**
 * The wire schemas and types of leagues (docs/API.md "Leagues"): creating a
 * league, a match inside it, renaming, and what `GET /api/leagues/:id` answers (standings, form,
 * matches). Kept beside worker/protocol/ (whose text rules, fields and rules schema it reuses) so the
 * league's wire shapes are one file.
 */
import * as v from 'valibot';
import { BOT_LEVELS, LanguageSchema, TurnDeadlineHoursSchema } from './protocol/fields';
import { RulesInputSchema } from './protocol/requests';
import { SeatNameSchema, titleText } from './protocol/text';
import { LEAGUE_MAX_MEMBERS, LEAGUE_NAME_MAX_CHARS } from './shared/limits';

const LeagueName = v.pipe(
  titleText(LEAGUE_NAME_MAX_CHARS),
  v.check((s) => s.length > 0, 'a league needs a name with a visible character'),
);

/** POST /api/leagues: the league's name, its members' names (the seat-name rules), its rules. */
export const CreateLeagueSchema = v.strictObject({
  name: LeagueName,
  members: v.pipe(v.array(SeatNameSchema), v.minLength(2), v.maxLength(LEAGUE_MAX_MEMBERS)),
  rules: RulesInputSchema,
  /** Hours a player has for a turn in the league's matches: 0 = none, else 1 to 720 (default 72). */
  turnDeadlineHours: v.optional(TurnDeadlineHoursSchema),
  /** The creator's language: the default names of the league matches' bots. */
  language: v.optional(LanguageSchema),
});
export type CreateLeague = v.InferOutput<typeof CreateLeagueSchema>;

/** POST /api/leagues/:id/matches: how many computer players join the members, and how strong. */
export const LeagueMatchSchema = v.strictObject({
  bots: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))),
  botLevel: v.optional(v.picklist(BOT_LEVELS)),
});
export type LeagueMatchRequest = v.InferOutput<typeof LeagueMatchSchema>;

/** POST /api/leagues/:id/rename. */
export const RenameLeagueSchema = v.strictObject({ name: LeagueName });

/** A member's id in the URL: 0 to 7. */
export const MemberParamSchema = v.pipe(v.string(), v.regex(/^[0-7]$/), v.transform(Number));

/** The links of a new league: the owner's and one per member (raw tokens only here, in fragments). */
export interface LeagueCreated {
  leagueId: string;
  leagueUrl: string;
  ownerUrl: string;
  members: Array<{ member: number; name: string; url: string }>;
}

/** POST /api/leagues/:id/members/:member/link: a member's new link (the raw token only here). */
export interface MemberLink {
  member: number;
  name: string;
  url: string;
}

/** One member's line of the standings, over the league's ended matches they played. */
export interface Standing {
  member: number;
  name: string;
  /** The member left the league (or the owner removed them): still in the standings. */
  left: boolean;
  matches: number;
  matchesWon: number;
  hands: number;
  handsWon: number;
  points: number;
  /** Points per hand played, rounded to one decimal; 0 without a hand. */
  perHand: number;
  coupsFourres: number;
  /** Most league matches won in a row (in the order they ended). */
  longestRun: number;
  /** The member's last ten ended matches, oldest first: points and whether they won. */
  form: Array<{ matchId: string; points: number; won: boolean }>;
}

/** One match of the league, newest first: who sat where (member ids; null: a bot) and how it ended. */
export interface LeagueMatchRow {
  matchId: string;
  createdAt: string;
  /** Member id per seat (null: a bot). */
  seats: Array<number | null>;
  ended: boolean;
  /** ISO time it ended; null until it has. */
  endedAt: string | null;
  /** The members who won it (empty until it ended). */
  winners: number[];
}

/** GET /api/leagues/:id: the league as a member or its owner sees it. */
export interface LeagueInfo {
  leagueId: string;
  name: string;
  status: 'active' | 'archived';
  rules: unknown;
  turnDeadlineHours: number;
  members: Array<{ member: number; name: string; left: boolean }>;
  you: { member: number | null; owner: boolean };
  standings: Standing[];
  matches: LeagueMatchRow[];
  chat: { lastId: number; removed: number; others: number };
}

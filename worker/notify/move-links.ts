/**
 * Move links: a mailed link that names one move for one seat at one state version (issue 34).
 * Nothing is stored per link: its secret is derived (tokens.ts `keyedToken`, HMAC-SHA-256 under the
 * deployment's secret, 256 bits) from the match, the seat, the version, the move's code and the
 * seat's credentials (its token hash, its address, its link generation), so minting the links of a
 * mail writes no row. A link dies when the version moves on (its own move moves it on, so it plays
 * once), when the seat's credentials change (another token hash, address or generation derives
 * another secret), and when the turn's deadline passes (checked by the match, match/mail-move.ts).
 *
 * The path: `/turn/<matchId>/<seat>.<version>.<code>.<secret>`, `code` the move as base64url JSON.
 * Opening it (GET, HEAD) only shows a confirmation page; its form POSTs a per-page token derived
 * from the link's secret (`pageToken`).
 */
import { type Move, parseMove } from '../engine/index';
import { base64url, fromBase64url, keyedToken, type MailKeyEnv } from '../tokens';

/** The first segment of a move link's path (wrangler.toml runs the Worker first for it). */
export const MOVE_LINK_PREFIX = '/turn/';

/** Who a move link is for and what it plays: the parts its secret is derived from. */
export interface MoveLinkAbout {
  matchId: string;
  seat: number;
  /** The state version the move was offered at. */
  version: number;
  /** The move's code (`moveCode`), exactly as the path carries it. */
  code: string;
  /** The seat's credentials: its own token hash, its address (lower-cased) and its link generation. */
  tokenHash: string;
  email: string;
  generation: number;
}

/** The parts of a move link's last path segment, read but not yet checked. */
export interface MoveLinkParts {
  seat: number;
  version: number;
  code: string;
  secret: string;
}

/** Longest move code accepted (a mulligan of seven cards is about 150 characters). */
const MAX_CODE = 400;

/** A move as it travels in a link: its JSON in base64url. */
export function moveCode(move: Move): string {
  return base64url(new TextEncoder().encode(JSON.stringify(move)));
}

/** The move a code names, read by the engine's own `parseMove`; null for anything malformed. */
export function readMoveCode(code: string): Move | null {
  if (code.length === 0 || code.length > MAX_CODE || !/^[A-Za-z0-9_-]+$/.test(code)) return null;
  try {
    const parsed = parseMove(JSON.parse(new TextDecoder().decode(fromBase64url(code))));
    return parsed.ok ? parsed.move : null;
  } catch {
    return null;
  }
}

/** The secret of a move link (43 base64url characters), or null without a deployment secret. */
export function moveLinkSecret(env: MailKeyEnv, about: MoveLinkAbout): Promise<string | null> {
  const { matchId, seat, version, code, tokenHash, email, generation } = about;
  return keyedToken(
    env,
    `mail-move:${JSON.stringify([matchId, seat, version, code, tokenHash, email, generation])}`,
  );
}

/** The per-page token of the confirmation page of the link whose secret is `secret`. */
export async function pageToken(env: MailKeyEnv, secret: string): Promise<string | null> {
  return keyedToken(env, `mail-move-page:${secret}`);
}

/** The move id a link's move is played under: a second POST of the same link replays, never plays twice. */
export function moveIdOf(secret: string): string {
  return `mail.${secret}`;
}

/** The absolute URL of a move link. */
export function moveLinkUrl(origin: string, matchId: string, parts: MoveLinkParts): string {
  return `${origin}${MOVE_LINK_PREFIX}${matchId}/${parts.seat}.${parts.version}.${parts.code}.${parts.secret}`;
}

/** Reads the last path segment of a move link; null when it is not of that shape. */
export function readMoveLink(segment: string): MoveLinkParts | null {
  const m = /^([0-7])\.(\d{1,9})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(segment);
  return m ? { seat: Number(m[1]), version: Number(m[2]), code: m[3], secret: m[4] } : null;
}

/** Compares two secrets in time independent of where they differ (equal lengths assumed short). */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

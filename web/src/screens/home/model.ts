/**
 * "My matches" without the page: which token each saved match is asked with, the pages of at most
 * `MAX_SUMMARY_ITEMS` matches per request, the answers joined to the saved list (matches gone from the server set
 * apart), and the three groups in their order: your turn, waiting, finished.
 */
import { MAX_SUMMARY_ITEMS } from '../../../../worker/shared/limits';
import { api } from '../../lib/api';
import { mustAnswer } from '../../lib/rematch';
import { type SavedMatch, seatTokensOf } from '../../lib/storage';
import type { MatchSummary, SummaryItem } from '../../lib/types';

/** The groups of the list, in the order shown. */
export const GROUPS = ['yourTurn', 'waiting', 'finished'] as const;
export type Group = (typeof GROUPS)[number];

/** One row: the saved match, its summary once known, or the per-item error code (`token.unknown`, …). */
export interface Row {
  saved: SavedMatch;
  summary: MatchSummary | null;
  problem: string | null;
}

/** The best token this device holds for a match: its seat's, another seat's, the host's, the invitation's. */
export function bestToken(m: SavedMatch): string | null {
  return m.seatToken || Object.values(seatTokensOf(m))[0] || m.hostToken || m.inviteToken || null;
}

/** `items` cut into pages of at most `size`. */
export function pages<T>(items: readonly T[], size = MAX_SUMMARY_ITEMS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Asks for the summaries of `saved` (one request per page, in parallel) and returns the answers by
 * match id. A failed request throws its `ApiError` (the caller keeps the rows it had).
 */
export async function fetchSummaries(
  saved: readonly SavedMatch[],
  send = api.summaries,
): Promise<Map<string, SummaryItem>> {
  const items = saved.flatMap((m) => {
    const token = bestToken(m);
    return token ? [{ matchId: m.matchId, token }] : [];
  });
  const answers = await Promise.all(pages(items).map((page) => send(page)));
  return new Map(answers.flatMap((a) => a.items).map((item) => [item.matchId, item]));
}

/** The rows of the saved matches, and the saved matches the server no longer has (`match.not_found`). */
export function joinAnswers(
  saved: readonly SavedMatch[],
  answers: ReadonlyMap<string, SummaryItem>,
): { rows: Row[]; gone: SavedMatch[] } {
  const rows: Row[] = [];
  const gone: SavedMatch[] = [];
  for (const m of saved) {
    const a = answers.get(m.matchId);
    if (a && !a.ok && a.error.code === 'match.not_found') gone.push(m);
    else
      rows.push({ saved: m, summary: a?.ok ? a.summary : null, problem: a && !a.ok ? a.error.code : null });
  }
  return { rows, gone };
}

/** True when the caller's seat must still answer the match's rematch offer. */
export function answersRematch(s: MatchSummary | null): boolean {
  return s !== null && mustAnswer(s.rematch, s.seat);
}

/** The group of a row: the caller acts now (a turn, an answer to a rematch offer), the match is over, or anything else (waiting, not known yet). */
export function groupOf(row: Row): Group {
  if (row.summary?.yourTurn || answersRematch(row.summary)) return 'yourTurn';
  if (row.summary?.status === 'finished') return 'finished';
  return 'waiting';
}

/** Ms since the epoch of an ISO time, or `fallback` for none. */
function ms(iso: string | null | undefined, fallback: number): number {
  return iso ? Date.parse(iso) : fallback;
}

/** The latest thing that happened to a row (its last change, its creation, the device's last visit). */
function latest(row: Row): number {
  const s = row.summary;
  return Math.max(ms(s?.last?.at, 0), ms(s?.createdAt, 0), row.saved.savedAt);
}

/**
 * The rows by group: your turn by the nearest deadline first (none last), waiting and finished by
 * the latest change first.
 */
export function grouped(rows: readonly Row[]): Record<Group, Row[]> {
  const out: Record<Group, Row[]> = { yourTurn: [], waiting: [], finished: [] };
  for (const r of rows) out[groupOf(r)].push(r);
  out.yourTurn.sort(
    (a, b) =>
      ms(a.summary?.deadline, Number.POSITIVE_INFINITY) - ms(b.summary?.deadline, Number.POSITIVE_INFINITY) ||
      latest(b) - latest(a),
  );
  out.waiting.sort((a, b) => latest(b) - latest(a));
  out.finished.sort((a, b) => latest(b) - latest(a));
  return out;
}

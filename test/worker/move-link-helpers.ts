/**
 * Helpers for the move-link tests (mail-move.test.ts, mail-move-attack.test.ts): a match of Ann and
 * Bob, links minted inside the match's Durable Object, the confirmation page fetched and its form
 * posted as a browser does.
 */
import { runInDurableObject } from 'cloudflare:test';
import type { Move } from '../../worker/engine/types';
import type { MatchContext } from '../../worker/match/context';
import { mintMoveLink } from '../../worker/match/mail-move';
import { create, freshIp, info, ORIGIN, stubOf, type TestMatch, worker } from './helpers';

/**
 * Ann and Bob, both human, classic rules (`extra` adds creation fields), as `first` (the seat to
 * play, named Ann, reading English) and `second` (Bob, reading French).
 */
export async function annAndBob(
  extra: Record<string, unknown> = {},
): Promise<TestMatch & { first: number; second: number }> {
  for (;;) {
    const m = await created(extra);
    // The deal picks who begins: Ann (seat 0) is the one the tests want.
    if ((await info(m, m.seats[0])).view!.turn === 0) return { ...m, first: 0, second: 1 };
  }
}

export function created(extra: Record<string, unknown>): Promise<TestMatch> {
  return create({
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann', language: 'en' },
      { kind: 'human', name: 'Bob', language: 'fr' },
    ],
    ...extra,
  });
}

/** Mints the link of `move` for `seat` at the match's version, inside its Durable Object. */
export async function linkFor(m: TestMatch, seat: number, move: Move): Promise<string> {
  return runInDurableObject(stubOf(m), async (instance) => {
    const ctx = (instance as unknown as { match: MatchContext }).match;
    const url = await mintMoveLink(ctx, seat, move, ORIGIN);
    if (!url) throw new Error('no link minted');
    return url;
  });
}

/** Every legal move of `seat` now, as links. */
export async function allLinks(m: TestMatch, seat: number): Promise<Array<{ move: Move; url: string }>> {
  const view = (await info(m, m.seats[seat])).view!;
  return Promise.all(view.legalMoves.map(async (move) => ({ move, url: await linkFor(m, seat, move) })));
}

/** The link of one of `seat`'s discards now (a discard is always legal in the play phase). */
export async function discardLink(m: TestMatch, seat: number): Promise<{ move: Move; url: string }> {
  const link = (await allLinks(m, seat)).find((l) => l.move.type === 'discard');
  if (!link) throw new Error(`seat ${seat} has no discard`);
  return link;
}

export async function fetchPage(url: string, init: RequestInit = {}) {
  const res = await worker().fetch(url, {
    ...init,
    headers: { 'CF-Connecting-IP': freshIp(), 'Accept-Language': 'en', ...(init.headers ?? {}) },
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** The page token of a confirmation page. */
export function pageTokenIn(html: string): string {
  const m = /name="page" value="([A-Za-z0-9_-]+)"/.exec(html);
  if (!m) throw new Error(`no page token in ${html.slice(0, 300)}`);
  return m[1];
}

/** Posts a page's form as a browser does from the page itself (Origin null under no-referrer). */
export function postFrom(url: string, page: string, headers: Record<string, string> = {}) {
  return fetchPage(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      ...headers,
    },
    body: `page=${page}`,
  });
}

export async function versionOf(m: TestMatch): Promise<number> {
  return (await info(m, m.seats[0])).view!.version;
}

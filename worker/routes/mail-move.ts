/**
 * The confirmation page of a mailed move link (issue 34), served by the Worker at
 * `/turn/<matchId>/<seat>.<version>.<code>.<secret>` (notify/move-links.ts; wrangler.toml runs
 * the Worker first for `/turn/*`):
 * - `GET`/`HEAD`: the position, the move and one button; it never plays anything (a mail
 *   scanner's prefetch opens it too). Counted against the client's read limit.
 * - `POST` (the button, field `page`: the page's own token): refused from another origin (the
 *   `Origin` header, or `Sec-Fetch-Site` where the browser sends `Origin: null` under the
 *   no-referrer policy); then the move, and the same page shows the result and who plays next (and,
  when the seat plays on after its draw, its next suggested moves as links).
 * A stale, used, wrong or forged link, or an unknown match, gets one answer: what happened and a
 * link to the table. Plain HTML with no script; never cached (`Cache-Control: no-store`), no
 * referrer (`Referrer-Policy: no-referrer`, as every answer of the Worker).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { MoveLinkPage } from '../match/mail-move';
import { matchStub } from '../match/stub';
import { joinNames } from '../notify/events';
import { type Catalog, catalogFor } from '../notify/i18n';
import { moveText, type PositionWords, positionLines } from '../notify/mail-position';
import { MOVE_LINK_PREFIX, readMoveLink } from '../notify/move-links';
import { escapeHtml } from '../notify/sanitize';
import { MatchIdSchema } from '../protocol/fields';
import { fill } from '../words/events/fill';
import { moveWordsFor } from '../words/moves';
import { type AppContext, type AppEnv, originOf, send } from './http';
import { limitClient } from './limits';
import { page, readForm } from './mail-pages';

/** The move-link route group (absolute paths). */
export const mailMove = new Hono<AppEnv>();

const PATH = `${MOVE_LINK_PREFIX}:id/:link`;

mailMove.get(PATH, async (c) => {
  const refused = await limitClient(c, c.env.READ_LIMITER, 'read');
  if (refused) return refused;
  return answer(c, await ask(c, null));
});

mailMove.post(PATH, async (c) => {
  const refused = await limitClient(c, c.env.MOVE_LIMITER, 'move');
  if (refused) return refused;
  if (!sameOrigin(c)) return render(c, { kind: 'refused', table: bareTable(c) });
  const form = await readForm(c);
  const token = typeof form.page === 'string' ? form.page : '';
  return answer(c, await ask(c, { page: token }));
});

/** The page of `p`, or the match's own error (the daily limit's 503, as JSON with `Retry-After`). */
function answer(c: AppContext, p: MoveLinkPage | Response): Response {
  return p instanceof Response ? p : render(c, p);
}

/**
 * True when the form came from this site: `Origin` is ours, or (a browser under the no-referrer
 * policy sends `Origin: null` even to its own site) `Sec-Fetch-Site: same-origin` with no other origin.
 */
function sameOrigin(c: AppContext): boolean {
  const origin = c.req.header('Origin');
  const own = new URL(c.req.url).origin;
  if (origin === own || origin === originOf(c)) return true;
  return (origin === undefined || origin === 'null') && c.req.header('Sec-Fetch-Site') === 'same-origin';
}

/**
 * The table's link a page of an unchecked link offers: the match's page without any seat token,
 * only for a well-formed match id (else the site's list of matches, `/m/`), never an echo of the path.
 */
function bareTable(c: AppContext): string {
  const id = c.req.param('id') ?? '';
  return `${originOf(c)}/m/${v.is(MatchIdSchema, id) ? id : ''}`;
}

/**
 * The match's answer for the link of the request (`post`: the form's page token), or the stale page;
 * the match's 503 at the daily limit as its JSON error.
 */
async function ask(c: AppContext, post: { page: string } | null): Promise<MoveLinkPage | Response> {
  const id = c.req.param('id') ?? '';
  const link = readMoveLink(c.req.param('link') ?? '');
  const stale: MoveLinkPage = { kind: 'stale', table: bareTable(c) };
  if (!link || !v.is(MatchIdSchema, id)) return stale;
  const reply = await matchStub(c.env, id).moveLink(link, post, originOf(c));
  if (reply.status === 503) return send(c, reply);
  return reply.status === 200 ? (reply.body as MoveLinkPage) : stale;
}

function tableLink(href: string, cat: PositionWords): string {
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(cat.words.openTable)}</a></p>`;
}

function listOf(lines: readonly string[]): string {
  return `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
}

/** The words of a page in `language` (null: the reader's Accept-Language). */
function wordsOf(c: AppContext, language: string | null, names: readonly string[]): [Catalog, PositionWords] {
  const cat = catalogFor(language ?? c.req.header('Accept-Language')?.split(',')[0]);
  const words = moveWordsFor(cat.locale);
  return [cat, { words, cards: cat.cards, locale: cat.locale, names, join: (n) => joinNames(n, cat) }];
}

/** Who plays next, in words. */
function nextText(p: MoveLinkPage & { kind: 'played' }, w: PositionWords): string {
  if (p.next.kind === 'none') return w.words.handOver;
  if (p.next.kind === 'seat' && p.next.seat === p.position.seat) return w.words.youToPlay;
  return fill(w.words.toPlay, { name: w.names[p.next.seat] ?? '' }, w.locale);
}

/** The seat's next suggested moves after its draw, as links to their own confirmation pages (none: empty). */
function nextMoves(p: MoveLinkPage & { kind: 'played' }, w: PositionWords): string {
  const items = p.moves.flatMap(({ move, url }) => {
    const label = moveText(move, p.position, w);
    return label ? [`<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`] : [];
  });
  return items.length > 0 ? `<ul class="moves">${items.join('')}</ul>` : '';
}

function render(c: AppContext, p: MoveLinkPage): Response {
  const [cat, w] = wordsOf(c, 'language' in p ? p.language : null, 'names' in p ? p.names : []);
  const title = w.words.title;
  switch (p.kind) {
    case 'confirm':
      return page(
        c,
        cat,
        title,
        `<p>${escapeHtml(w.words.confirm)}</p><p class="move"><strong>${escapeHtml(moveText(p.move, p.position, w) ?? '')}</strong></p>` +
          `<form method="post"><input type="hidden" name="page" value="${escapeHtml(p.page)}">` +
          `<button type="submit">${escapeHtml(w.words.send)}</button></form>` +
          listOf(positionLines(p.position, w)) +
          tableLink(p.table, w),
      );
    case 'played':
      return page(
        c,
        cat,
        title,
        `<p><strong>${escapeHtml(fill(w.words.played, { move: moveText(p.move, p.before, w) ?? '' }, w.locale))}</strong></p>` +
          `<p>${escapeHtml(nextText(p, w))}</p>` +
          nextMoves(p, w) +
          tableLink(p.table, w) +
          listOf(positionLines(p.position, w)),
      );
    case 'refused':
      return page(c, cat, title, `<p>${escapeHtml(w.words.refused)}</p>${tableLink(p.table, w)}`, 403);
    default:
      return page(c, cat, title, `<p>${escapeHtml(w.words.stale)}</p>${tableLink(p.table, w)}`, 409);
  }
}

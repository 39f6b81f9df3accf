/**
 * Mail and push routes, mounted at the root by worker/index.ts:
 * - `POST /api/mail/my-matches` — send the "my matches" magic link (always 202: says nothing about the address);
 * - `GET /api/mail/my-matches` — the page: a form, or (with `#k=<key>.<token>`, the form of links mailed
 *   before they landed in the app's home as `/#mine=<key>.<token>`) the list, rendered by
 *   `/api/mail/my-matches.js` (the token stays in the fragment, out of logs and Referer headers);
 * - `POST /api/mail/my-matches/list` — the open matches of a magic link, each with a fresh seat link;
 * - `GET|POST /api/mail/mute/:key/:chain/:token` — the mute page, and the mute itself (one click
 *   from the page, or RFC 8058 `List-Unsubscribe=One-Click` from a mail client). `:chain` is the
 *   first match of the rematch chain, so the mute covers every rematch; links from before chains
 *   name a single match and still mute it;
 * - the "stop all mail" block and the unblock link mailed on request (mail-block.ts, mounted here);
 * - `GET /api/mail/push/key` (200 `{publicKey}`, null when push is not set up), `POST /api/mail/push/:id`, `POST /api/mail/push/:id/remove` — Web Push
 *   opt-in per seat; `POST /api/mail/push-ack/:id/:ack` — the service worker's receipt;
 * - `GET /dev/mail` — the local outbox (only where the outbox itself is allowed); `GET /dev/mail.json`
 *   the same as JSON, each mail's HTML included.
 * Pages are plain server-rendered HTML (no inline script: the CSP forbids it; their style is inlined
 * under its hash).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { matchStub } from '../match/stub';
import { isAddressKey } from '../notify/address';
import { outboxAllowed } from '../notify/config';
import { type Catalog, catalogFor, fill } from '../notify/i18n';
import {
  MyMatchesListSchema,
  PushRemoveSchema,
  PushSubscribeSchema,
  type SeatLink,
} from '../notify/protocol';
import { pushConfigured } from '../notify/push';
import { escapeHtml } from '../notify/sanitize';
import { MatchIdSchema } from '../protocol/fields';
import { validJson } from './body';
import { type AppContext, type AppEnv, callerHash, fail, originOf, send, valid } from './http';
import { rateLimit } from './limits';
import { mailBlock } from './mail-block';
import {
  askForMail,
  isOneClick,
  linkedAddress,
  outboxStub,
  page,
  pageCatalog,
  postButton,
  readForm,
  sendLinkMail,
} from './mail-pages';
import { mailPrefs } from './mail-prefs';

/** The mail route group (paths are absolute: /api/mail/… and /dev/mail). */
export const mail = new Hono<AppEnv>();

const MuteParam = v.object({
  key: v.pipe(v.string(), v.check(isAddressKey, 'not an address key')),
  id: MatchIdSchema,
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
});
const IdParam = v.object({ id: MatchIdSchema });
const AckParam = v.object({ id: MatchIdSchema, ack: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });

// ---------------------------------------------------------------------------------------------
// My matches.

mail.post(
  '/api/mail/my-matches',
  rateLimit((env) => env.CREATE_LIMITER, 'my-matches'),
  // The same answer whether or not the address plays here; the look-up runs after it.
  askForMail(
    'my-matches',
    (cat) => ({ title: cat.pages.myMatchesTitle, sent: cat.pages.sent }),
    async (asked) => {
      const open = (await asked.stub.matches()).filter((m) => m.status !== 'finished');
      if (open.length === 0) return;
      const { stub, key, origin } = asked;
      await sendLinkMail(
        asked,
        'myMatches',
        'my-matches',
        // The link lands in the app's home, which asks for the list and keeps each seat link.
        async (now) => `${origin}/#mine=${key}.${await stub.newMagicToken(now)}`,
      );
    },
  ),
);

mail.get('/api/mail/my-matches', (c) => {
  const cat = pageCatalog(c);
  const body =
    `<form method="post" action="/api/mail/my-matches"><label>${escapeHtml(cat.pages.enterEmail)} ` +
    '<input type="email" name="email" required maxlength="254" autocomplete="email"></label> ' +
    `<button type="submit">${escapeHtml(cat.pages.send)}</button></form>` +
    `<div id="matches" data-none="${escapeHtml(cat.pages.myMatchesNone)}" data-expired="${escapeHtml(cat.pages.expired)}" ` +
    `data-lobby="${escapeHtml(cat.pages.statusLobby)}" data-playing="${escapeHtml(cat.pages.statusPlaying)}" ` +
    `data-turn="${escapeHtml(cat.pages.yourTurnBadge)}"></div>`;
  return page(c, cat, cat.pages.myMatchesTitle, body, 200, '/api/mail/my-matches.js');
});

/** The list page's script: reads `#k=<key>.<token>`, clears the fragment, asks for the list, renders it as text nodes. */
const MY_MATCHES_JS = `(() => {
  const m = /^#k=([0-9a-f]{64})\\.([A-Za-z0-9_-]{43})$/.exec(location.hash);
  const box = document.getElementById('matches');
  if (!m || !box) return;
  history.replaceState(null, '', location.pathname);
  const form = document.querySelector('form');
  if (form) form.hidden = true;
  fetch('/api/mail/my-matches/list', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: m[1], token: m[2] }),
  })
    .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
    .then((data) => {
      if (!data.matches.length) { box.textContent = box.dataset.none; return; }
      const ul = document.createElement('ul');
      for (const s of data.matches) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = s.url;
        a.textContent = s.title || 'Mille Bornes';
        li.append(a, ' (' + (s.status === 'lobby' ? box.dataset.lobby : box.dataset.playing) + (s.yourTurn ? ', ' + box.dataset.turn : '') + ')');
        ul.append(li);
      }
      box.append(ul);
    })
    .catch(() => { box.textContent = box.dataset.expired; if (form) form.hidden = false; });
})();
`;

mail.get('/api/mail/my-matches.js', (c) => {
  c.header('Content-Type', 'text/javascript; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=300');
  return c.body(MY_MATCHES_JS);
});

mail.post(
  '/api/mail/my-matches/list',
  rateLimit((env) => env.MOVE_LIMITER, 'my-matches-list'),
  validJson(MyMatchesListSchema),
  async (c) => {
    const { key: named, token } = c.req.valid('json');
    // The key of the object that answers (the mailbox's, once an old one forwards) finds the seats.
    const { key, stub } = await linkedAddress(c, named);
    const open = stub ? await stub.openMatches(token, Date.now()) : null;
    if (!open) return fail(c, 403, 'link.expired', 'This link has expired. Ask for a new one.');
    const origin = originOf(c);
    const out: SeatLink[] = [];
    for (const m of open.slice(0, 50)) {
      const r = await matchStub(c.env, m.matchId).mail(null, { op: 'links', addressKey: key, origin });
      if (r.status === 404) {
        await stub?.forget(m.matchId);
        continue;
      }
      const seats = (r.body as { seats?: SeatLink[] }).seats ?? [];
      out.push(...seats.filter((s) => s.status !== 'finished'));
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ matches: out });
  },
);

// ---------------------------------------------------------------------------------------------
// Mute.

async function matchTitle(c: AppContext, id: string, cat: Catalog): Promise<string> {
  const r = await matchStub(c.env, id).info(null, null);
  const title = r.status === 200 ? (r.body as { title?: string }).title : '';
  return title || cat.defaultTitle;
}

mail.get('/api/mail/mute/:key/:id/:token', valid('param', MuteParam), async (c) => {
  const cat = pageCatalog(c);
  const { key, id, token } = c.req.valid('param');
  // A tampered or foreign link gets the error page, not a button that could only fail.
  const { stub } = await linkedAddress(c, key);
  if (!stub || !(await stub.isMuteToken(id, token))) return page(c, cat, cat.pages.expired, '', 403);
  const title = await matchTitle(c, id, cat);
  // A GET never mutes: link scanners open links. The button posts back here.
  return page(
    c,
    cat,
    fill(cat.pages.muteTitle, { title }, cat.locale),
    postButton(cat.pages.muteButton, 'mute'),
  );
});

mail.post('/api/mail/mute/:key/:id/:token', valid('param', MuteParam), async (c) => {
  const cat = pageCatalog(c);
  const { key, id, token } = c.req.valid('param');
  const form = await readForm(c);
  const oneClick = isOneClick(form);
  const mute = oneClick || form.action !== 'unmute';
  const { stub } = await linkedAddress(c, key);
  const ok = stub ? await stub.setMuted(id, token, mute, Date.now()) : false;
  if (!ok) {
    if (oneClick) return fail(c, 403, 'mute.bad_link', 'This mute link is not valid.');
    return page(c, cat, cat.pages.expired, '', 403);
  }
  if (oneClick) return c.json({ ok: true, muted: true });
  const title = await matchTitle(c, id, cat);
  if (!mute) return page(c, cat, cat.pages.unmuted, '');
  return page(
    c,
    cat,
    fill(cat.pages.muted, { title }, cat.locale),
    postButton(cat.pages.unmuteButton, 'unmute'),
  );
});

mail.route('/', mailBlock);
mail.route('/', mailPrefs);

// ---------------------------------------------------------------------------------------------
// Web Push.

// Always 200: `publicKey: null` says push is not set up here (the page then hides it, without an
// error in the console).
mail.get('/api/mail/push/key', (c) =>
  c.json({ publicKey: pushConfigured(c.env) ? (c.env.VAPID_PUBLIC_KEY ?? null) : null }),
);

mail.post(
  '/api/mail/push/:id',
  rateLimit((env) => env.MOVE_LIMITER, 'push'),
  valid('param', IdParam),
  validJson(PushSubscribeSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    const { subscription } = c.req.valid('json');
    return send(
      c,
      await matchStub(c.env, id).mail(await callerHash(c), { op: 'pushSubscribe', subscription }),
    );
  },
);

mail.post('/api/mail/push/:id/remove', valid('param', IdParam), validJson(PushRemoveSchema), async (c) => {
  const { id } = c.req.valid('param');
  const { endpoint } = c.req.valid('json');
  return send(c, await matchStub(c.env, id).mail(await callerHash(c), { op: 'pushRemove', endpoint }));
});

mail.post(
  '/api/mail/push-ack/:id/:ack',
  rateLimit((env) => env.MOVE_LIMITER, 'push-ack'),
  valid('param', AckParam),
  async (c) => {
    const { id, ack } = c.req.valid('param');
    return send(c, await matchStub(c.env, id).mail(null, { op: 'pushAck', ack }));
  },
);

// ---------------------------------------------------------------------------------------------
// Local outbox.

/** Plain text with its http(s) URLs as links; everything else escaped. */
function linkify(text: string): string {
  // Line by line: escapeHtml makes each piece one line, so the line breaks are put back as <br>.
  return text
    .split('\n')
    .map((line) =>
      line
        .split(/(https?:\/\/[^\s<>"]+)/g)
        .map((part, i) =>
          i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
        )
        .join(''),
    )
    .join('<br>');
}

// The same outbox as JSON (subject, to, text, html, …; newest first), for tests that open a mail's HTML.
mail.get('/dev/mail.json', async (c) => {
  const stub = outboxStub(c);
  if (!stub || !outboxAllowed(c.env, new URL(c.req.url).origin)) {
    return fail(c, 404, 'not_found', 'No such page.');
  }
  c.header('Cache-Control', 'no-store');
  return c.json(await stub.list(100));
});

mail.get('/dev/mail', async (c) => {
  const stub = outboxStub(c);
  if (!stub || !outboxAllowed(c.env, new URL(c.req.url).origin)) {
    return fail(c, 404, 'not_found', 'No such page.');
  }
  const list = await stub.list(100);
  const cat = catalogFor('en');
  const items = list
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.at).toISOString())}` +
        ` · List-Unsubscribe: ${escapeHtml(m.headers['List-Unsubscribe'] ?? '-')}</p><p>${linkify(m.text)}</p></article><hr>`,
    )
    .join('');
  return page(c, cat, `Dev outbox (${list.length})`, items || '<p>No mail yet.</p>');
});

/**
 * Mail and push routes (issue 4), mounted at the root by worker/index.ts:
 * - `POST /api/mail/my-matches` — send the "my matches" magic link (always 202: says nothing about the address);
 * - `GET /api/mail/my-matches` — the page: a form, or (with `#k=<key>.<token>`) the list, rendered by
 *   `/api/mail/my-matches.js` (the token stays in the fragment, out of logs and Referer headers);
 * - `POST /api/mail/my-matches/list` — the open matches of a magic link, each with a fresh seat link;
 * - `GET|POST /api/mail/mute/:key/:match/:token` — the mute page, and the mute itself (one click
 *   from the page, or RFC 8058 `List-Unsubscribe=One-Click` from a mail client);
 * - `GET /api/mail/push/key`, `POST /api/mail/push/:id`, `POST /api/mail/push/:id/remove` — Web Push
 *   opt-in per seat; `POST /api/mail/push-ack/:id/:ack` — the service worker's receipt;
 * - `GET /dev/mail` — the local outbox (only where the outbox itself is allowed).
 * Pages are plain server-rendered HTML (no inline script or style: the CSP forbids them).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { matchStub } from '../match/stub';
import { addressKey, isAddressKey } from '../notify/address';
import type { MailAddressDurableObject } from '../notify/address-do';
import { MAGIC_LINK_HOURS } from '../notify/address-do';
import { composeMyMatchesMail } from '../notify/compose';
import { chooseSender, hourlyLimit, outboxAllowed } from '../notify/config';
import { DEV_OUTBOX_NAME, type DevOutboxDurableObject } from '../notify/dev-outbox';
import { type Catalog, catalogFor, fill } from '../notify/i18n';
import {
  MyMatchesListSchema,
  MyMatchesRequestSchema,
  PushRemoveSchema,
  PushSubscribeSchema,
  type SeatLink,
} from '../notify/protocol';
import { pushConfigured } from '../notify/push';
import { escapeHtml } from '../notify/sanitize';
import { MatchIdSchema } from '../protocol';
import { readFormBody, readJsonBody, validJson } from './body';
import { type AppContext, type AppEnv, callerHash, fail, originOf, send, valid } from './http';
import { rateLimit } from './limits';

/** The mail route group (paths are absolute: /api/mail/… and /dev/mail). */
export const mail = new Hono<AppEnv>();

const MuteParam = v.object({
  key: v.pipe(v.string(), v.check(isAddressKey, 'not an address key')),
  id: MatchIdSchema,
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
});
const IdParam = v.object({ id: MatchIdSchema });
const AckParam = v.object({ id: MatchIdSchema, ack: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });

function addressStub(c: AppContext, key: string): DurableObjectStub<MailAddressDurableObject> | null {
  const ns = c.env.MAIL_ADDRESS;
  return ns ? (ns.get(ns.idFromName(key)) as DurableObjectStub<MailAddressDurableObject>) : null;
}

function outboxStub(c: AppContext): DurableObjectStub<DevOutboxDurableObject> | null {
  const ns = c.env.DEV_MAIL;
  return ns ? (ns.get(ns.idFromName(DEV_OUTBOX_NAME)) as DurableObjectStub<DevOutboxDurableObject>) : null;
}

/** The reader's catalog from Accept-Language (first tag). */
function pageCatalog(c: AppContext): Catalog {
  return catalogFor(c.req.header('Accept-Language')?.split(',')[0]);
}

/** A minimal HTML page (no inline script or style). `body` must already be escaped. */
function page(
  c: AppContext,
  cat: Catalog,
  title: string,
  body: string,
  status: 200 | 403 | 404 = 200,
  script?: string,
) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="${escapeHtml(cat.locale)}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
      `<title>${escapeHtml(title)}</title>${script ? `<script src="${script}" defer></script>` : ''}</head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    status,
  );
}

// ---------------------------------------------------------------------------------------------
// My matches.

mail.post(
  '/api/mail/my-matches',
  rateLimit((env) => env.CREATE_LIMITER, 'my-matches'),
  async (c) => {
    const isForm = (c.req.header('Content-Type') ?? '').includes('application/x-www-form-urlencoded');
    let raw: unknown;
    if (isForm) {
      raw = await readFormBody(c);
    } else {
      const body = readJsonBody(c);
      if (!body.ok) return body.response;
      raw = body.value;
    }
    const parsed = v.safeParse(MyMatchesRequestSchema, raw);
    if (!parsed.success) return fail(c, 400, 'request.invalid', 'Give a valid e-mail address.');
    const { email, language } = parsed.output;
    const cat = catalogFor(language ?? c.req.header('Accept-Language')?.split(',')[0]);
    const origin = originOf(c);
    // Whatever happens next, the answer is the same: it must not tell whether the address plays here.
    const done = () =>
      isForm
        ? page(c, cat, cat.pages.myMatchesTitle, `<p>${escapeHtml(cat.pages.sent)}</p>`)
        : c.json({ ok: true }, 202);
    // The look-up and the send run after the answer (waitUntil): its timing says nothing either.
    const work = async () => {
      const key = await addressKey(email, c.env);
      const stub = addressStub(c, key);
      if (!stub) return;
      const open = (await stub.matches()).filter((m) => m.status !== 'finished');
      if (open.length === 0) return;
      const now = Date.now();
      const admission = await stub.admit(null, now, hourlyLimit(c.env));
      if (!admission.ok) return;
      const sender = chooseSender(c.env, { origin, outbox: outboxStub(c) ?? undefined });
      if (!sender.ok) {
        console.warn(`my-matches: no sender (${sender.code})`);
        return;
      }
      const token = await stub.newMagicToken(now);
      const composed = composeMyMatchesMail({
        language: language ?? cat.locale,
        link: `${origin}/api/mail/my-matches#k=${key}.${token}`,
        hours: MAGIC_LINK_HOURS,
      });
      const result = await sender.sender.send({
        to: email,
        ...composed,
        idempotencyKey: `my-matches:${key}:${now}`,
      });
      if (!result.ok) console.warn(`my-matches: send failed (${result.code})`);
    };
    const task = work().catch((e) => console.warn(`my-matches: ${(e as Error).message}`));
    try {
      c.executionCtx.waitUntil(task);
    } catch {
      await task; // no execution context (in-process tests): finish before answering
    }
    return done();
  },
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
    const { key, token } = c.req.valid('json');
    const stub = addressStub(c, key);
    const open = stub ? await stub.openMatches(token, Date.now()) : null;
    if (!open) return fail(c, 403, 'link.expired', 'This link has expired. Ask for a new one.');
    const origin = originOf(c);
    const out: SeatLink[] = [];
    for (const m of open.slice(0, 50)) {
      const r = await matchStub(c.env, m.matchId).mail(null, { op: 'links', addressKey: key, origin });
      if (r.status === 404) {
        await stub!.forget(m.matchId);
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
  const stub = addressStub(c, key);
  if (!stub || !(await stub.isMuteToken(id, token))) return page(c, cat, cat.pages.expired, '', 403);
  const title = await matchTitle(c, id, cat);
  // A GET never mutes: link scanners open links. The button posts back here.
  const body =
    `<form method="post"><input type="hidden" name="action" value="mute">` +
    `<button type="submit">${escapeHtml(cat.pages.muteButton)}</button></form>`;
  return page(c, cat, fill(cat.pages.muteTitle, { title }), body);
});

mail.post('/api/mail/mute/:key/:id/:token', valid('param', MuteParam), async (c) => {
  const cat = pageCatalog(c);
  const { key, id, token } = c.req.valid('param');
  // An empty or non-form body has no fields: a plain one-click request.
  const form = await readFormBody(c);
  const oneClick = form['List-Unsubscribe'] === 'One-Click';
  const mute = oneClick || form.action !== 'unmute';
  const stub = addressStub(c, key);
  const ok = stub ? await stub.setMuted(id, token, mute, Date.now()) : false;
  if (!ok) {
    if (oneClick) return fail(c, 403, 'mute.bad_link', 'This mute link is not valid.');
    return page(c, cat, cat.pages.expired, '', 403);
  }
  if (oneClick) return c.json({ ok: true, muted: true });
  const title = await matchTitle(c, id, cat);
  if (!mute) return page(c, cat, cat.pages.unmuted, '');
  const body =
    `<form method="post"><input type="hidden" name="action" value="unmute">` +
    `<button type="submit">${escapeHtml(cat.pages.unmuteButton)}</button></form>`;
  return page(c, cat, fill(cat.pages.muted, { title }), body);
});

// ---------------------------------------------------------------------------------------------
// Web Push.

mail.get('/api/mail/push/key', (c) => {
  if (!pushConfigured(c.env))
    return fail(c, 404, 'push.not_configured', 'Push is not set up on this server.');
  return c.json({ publicKey: c.env.VAPID_PUBLIC_KEY });
});

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

/**
 * "Stop all mail from this site": whoever creates a match can type any address, so every
 * match mail carries a link that blocks all later match mail to its address (from any match,
 * whoever types the address), and only a link mailed to that address lifts the block:
 * - `GET /api/mail/block/:key/:token` — the confirmation page (a GET never blocks: link scanners
 *   open links); `POST` the same path blocks (its button, or RFC 8058 `List-Unsubscribe=One-Click`
 *   from a mail client: the invitation's List-Unsubscribe header is this link);
 * - `GET /api/mail/unblock` — a form asking for the address; `POST /api/mail/unblock` (form or JSON
 *   `{ email, language? }`) mails the unblock link if the address is blocked, and always answers
 *   the same (202, or the same page), so it tells nothing about the address;
 * - `GET /api/mail/unblock/:key/:token` — the page of the mailed link (24 h, used once); `POST` the
 *   same path lifts the block.
 * Typing the address when taking a seat or in the settings never lifts it. No JavaScript needed.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { isAddressKey } from '../notify/address';
import { escapeHtml } from '../notify/sanitize';
import { type AppContext, type AppEnv, fail, valid } from './http';
import { rateLimit } from './limits';
import {
  askForMail,
  isOneClick,
  linkedAddress,
  page,
  pageCatalog,
  postButton,
  readForm,
  sendLinkMail,
} from './mail-pages';

/** The block and unblock routes (paths are absolute: /api/mail/…). */
export const mailBlock = new Hono<AppEnv>();

const Key = v.pipe(v.string(), v.check(isAddressKey, 'not an address key'));
const BlockParam = v.object({ key: Key, token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });
const UnblockParam = v.object({ key: Key, token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });

/** The unblock request page's form (posts to /api/mail/unblock). */
function unblockForm(c: AppContext): string {
  const cat = pageCatalog(c);
  return (
    `<p>${escapeHtml(cat.pages.unblockText)}</p>` +
    `<form method="post" action="/api/mail/unblock"><label>${escapeHtml(cat.pages.enterEmail)} ` +
    '<input type="email" name="email" required maxlength="254" autocomplete="email"></label> ' +
    `<button type="submit">${escapeHtml(cat.pages.unblockButton)}</button></form>`
  );
}

mailBlock.get('/api/mail/block/:key/:token', valid('param', BlockParam), async (c) => {
  const cat = pageCatalog(c);
  const { key, token } = c.req.valid('param');
  const { stub } = await linkedAddress(c, key);
  if (!stub || !(await stub.isBlockToken(token))) return page(c, cat, cat.pages.expired, '', 403);
  const body = `<p>${escapeHtml(cat.pages.blockText)}</p>${postButton(cat.pages.blockButton)}`;
  return page(c, cat, cat.pages.blockTitle, body);
});

mailBlock.post('/api/mail/block/:key/:token', valid('param', BlockParam), async (c) => {
  const cat = pageCatalog(c);
  const { key, token } = c.req.valid('param');
  const oneClick = isOneClick(await readForm(c));
  const { stub } = await linkedAddress(c, key);
  const ok = stub ? await stub.block(token, Date.now()) : false;
  if (!ok) {
    if (oneClick) return fail(c, 403, 'mail.bad_link', 'This link is not valid.');
    return page(c, cat, cat.pages.expired, '', 403);
  }
  if (oneClick) return c.json({ ok: true, blocked: true });
  const body = `<p><a href="/api/mail/unblock">${escapeHtml(cat.pages.unblockHint)}</a></p>`;
  return page(c, cat, cat.pages.blocked, body);
});

mailBlock.get('/api/mail/unblock', (c) => {
  const cat = pageCatalog(c);
  return page(c, cat, cat.pages.unblockTitle, unblockForm(c));
});

mailBlock.post(
  '/api/mail/unblock',
  rateLimit((env) => env.CREATE_LIMITER, 'unblock'),
  // The same answer whether or not the address is blocked, or plays here at all.
  askForMail(
    'unblock',
    (cat) => ({ title: cat.pages.unblockTitle, sent: cat.pages.unblockSent }),
    async (asked) => {
      const { stub, key, origin } = asked;
      // One unblock mail per link lifetime: the form cannot be used to keep mailing a blocked address.
      if (!(await stub.isBlocked()) || (await stub.unblockMailed(Date.now()))) return;
      await sendLinkMail(
        asked,
        'unblock',
        'unblock',
        async (now) => `${origin}/api/mail/unblock/${key}/${await stub.newUnblockToken(now)}`,
      );
    },
  ),
);

mailBlock.get('/api/mail/unblock/:key/:token', valid('param', UnblockParam), async (c) => {
  const cat = pageCatalog(c);
  const { key, token } = c.req.valid('param');
  const { stub } = await linkedAddress(c, key);
  if (!stub || !(await stub.isUnblockToken(token, Date.now())))
    return page(c, cat, cat.pages.expired, '', 403);
  // A GET never unblocks (link scanners); the button posts back here.
  return page(c, cat, cat.pages.unblockTitle, postButton(cat.pages.unblockButton));
});

mailBlock.post('/api/mail/unblock/:key/:token', valid('param', UnblockParam), async (c) => {
  const cat = pageCatalog(c);
  const { key, token } = c.req.valid('param');
  const { stub } = await linkedAddress(c, key);
  if (!stub || !(await stub.unblock(token, Date.now()))) return page(c, cat, cat.pages.expired, '', 403);
  return page(c, cat, cat.pages.unblocked, '');
});

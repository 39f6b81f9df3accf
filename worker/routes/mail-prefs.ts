/**
 * The page of a mail-preferences confirmation link, mailed to an address when a
 * seat of it changed its digest or quiet hours from a match:
 * - `GET /api/mail/prefs/:key/:token` shows the preferences the link was mailed for and a button (a
 *   GET changes nothing: link scanners open links);
 * - `POST` the same path makes exactly them the address's preferences for all its matches (24 h,
 *   used once).
 * A link a later change replaced says so (409) and applies nothing: it would undo that change.
 * No JavaScript needed; the pages look like the site and lead back to it (mail-pages.ts `page`).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { isAddressKey } from '../notify/address';
import type { Catalog } from '../notify/i18n';
import { prefsSummary } from '../notify/prefs-mail';
import { escapeHtml } from '../notify/sanitize';
import { type AppContext, type AppEnv, valid } from './http';
import { linkedAddress, page, pageCatalog, postButton } from './mail-pages';

/** The confirmation routes (paths are absolute: /api/mail/prefs/…). */
export const mailPrefs = new Hono<AppEnv>();

const Param = v.object({
  key: v.pipe(v.string(), v.check(isAddressKey, 'not an address key')),
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});

mailPrefs.get('/api/mail/prefs/:key/:token', valid('param', Param), async (c) => {
  const cat = pageCatalog(c);
  const { key, token } = c.req.valid('param');
  const { stub } = await linkedAddress(c, key);
  const p = stub ? await stub.pendingPrefs(token, Date.now()) : null;
  if (!p) return page(c, cat, cat.pages.expired, '', 403);
  if (p.state === 'replaced') return replacedPage(c, cat);
  const items = prefsSummary(cat, p.z)
    .map((l) => `<li>${escapeHtml(l)}</li>`)
    .join('');
  const body = `<p>${escapeHtml(cat.digest.confirmText)}</p><ul>${items}</ul>${postButton(cat.digest.confirmButton)}`;
  return page(c, cat, cat.digest.confirmTitle, body);
});

mailPrefs.post('/api/mail/prefs/:key/:token', valid('param', Param), async (c) => {
  const cat = pageCatalog(c);
  const { key: named, token } = c.req.valid('param');
  // The key of the object that answers: the mailbox's, once an old one forwards.
  const { key, stub } = await linkedAddress(c, named);
  if (stub && (await stub.confirmPrefs(key, token, Date.now())))
    return page(c, cat, cat.digest.confirmed, '');
  const p = stub ? await stub.pendingPrefs(token, Date.now()) : null;
  return p?.state === 'replaced' ? replacedPage(c, cat) : page(c, cat, cat.pages.expired, '', 403);
});

/** The page of a link a later change replaced (409: it applies nothing). */
function replacedPage(c: AppContext, cat: Catalog) {
  const { replacedTitle, replacedText } = cat.digest;
  return page(c, cat, replacedTitle, `<p>${escapeHtml(replacedText)}</p>`, 409);
}

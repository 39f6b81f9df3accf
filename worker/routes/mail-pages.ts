/**
 * What the mail routes (mail.ts, mail-block.ts) share: the stubs of the per-address and dev-outbox
 * Durable Objects, the plain server-rendered pages (no inline script: the CSP forbids it; their one
 * inline style is the one the CSP allows by its hash; forms post back without JavaScript), the one
 * reader of their form bodies, the "type your address" requests that answer the same whatever the
 * address, the work done after answering, and the sending of the mails such a request asks for.
 */
import * as v from 'valibot';
import { type KeyedStub, linkStub, mailboxStub } from '../notify/address';
import { MAGIC_LINK_HOURS, type MailAddressDurableObject } from '../notify/address-do';
import { chooseSender, hourlyLimit } from '../notify/config';
import { DEV_OUTBOX_NAME, type DevOutboxDurableObject } from '../notify/dev-outbox';
import { type Catalog, catalogFor } from '../notify/i18n';
import { composeLinkMail, type LinkMailKind } from '../notify/link-mail';
import { cappedSender } from '../notify/mail-quota';
import { MyMatchesRequestSchema } from '../notify/protocol';
import { escapeHtml } from '../notify/sanitize';
import { readFormBody, readJsonBody } from './body';
import { type AppContext, fail, originOf } from './http';
import { PAGE_CSS } from './page-style';

/**
 * The Durable Object that answers a link naming the address key `key`, with its own key: the
 * mailbox's object once the named one handed its state over (notify/address.ts `linkStub`). Its
 * `stub` is null when the binding is missing.
 */
export function linkedAddress(c: AppContext, key: string): Promise<KeyedStub> {
  return linkStub(c.env, key);
}

/** The dev outbox Durable Object, or null when the binding is missing. */
export function outboxStub(c: AppContext): DurableObjectStub<DevOutboxDurableObject> | null {
  const ns = c.env.DEV_MAIL;
  return ns ? (ns.get(ns.idFromName(DEV_OUTBOX_NAME)) as DurableObjectStub<DevOutboxDurableObject>) : null;
}

/** The reader's catalog from Accept-Language (first tag). */
export function pageCatalog(c: AppContext): Catalog {
  return catalogFor(c.req.header('Accept-Language')?.split(',')[0]);
}

/**
 * A server-rendered HTML page in the reader's language (`cat`), dressed like the app: its top bar
 * with the site's name leading home, the page's own words, and a link back to the home page (no
 * inline script; its looks come from `PAGE_CSS` (page-style.ts), inlined so that the first paint
 * needs the HTML alone: the app's colours and type). `body` must already be escaped. Never cached,
 * never indexed.
 */
export function page(
  c: AppContext,
  cat: Catalog,
  title: string,
  body: string,
  status: 200 | 403 | 404 | 405 | 409 = 200,
  script?: string,
) {
  c.header('Cache-Control', 'no-store');
  const site = escapeHtml(cat.defaultTitle);
  return c.html(
    `<!doctype html><html lang="${escapeHtml(cat.locale)}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
      `<style>${PAGE_CSS}</style><link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
      `<title>${escapeHtml(title)}</title>${script ? `<script src="${script}" defer></script>` : ''}</head>` +
      `<body><header class="top"><a class="brand" href="/"><span class="brand-mark" aria-hidden="true">1000</span>${site}</a></header>` +
      `<main><h1>${escapeHtml(title)}</h1>${body}` +
      `<p class="home"><a href="/">${escapeHtml(cat.pages.notFoundHome)}</a></p></main></body></html>`,
    status,
  );
}

/** A form that posts back to the page's own URL with one button (and a hidden `action`, if given). */
export function postButton(label: string, action?: string): string {
  const hidden = action ? `<input type="hidden" name="action" value="${escapeHtml(action)}">` : '';
  return `<form method="post">${hidden}<button type="submit">${escapeHtml(label)}</button></form>`;
}

/**
 * The fields of a form body (urlencoded or multipart); an empty, cut-off or non-form body gives no
 * fields (a bare RFC 8058 one-click request may come without one).
 */
export async function readForm(c: AppContext): Promise<Record<string, unknown>> {
  return readFormBody(c);
}

/** True for an RFC 8058 one-click request (`List-Unsubscribe=One-Click` in the form body). */
export function isOneClick(form: Record<string, unknown>): boolean {
  return form['List-Unsubscribe'] === 'One-Click';
}

/** An address typed on a page (form) or sent by a client (JSON), with the reader's catalog. */
interface AddressRequest {
  isForm: boolean;
  email: string;
  language: string | undefined;
  cat: Catalog;
}

/** Reads `{ email, language? }` from a form or JSON body; 400 `request.invalid` for a bad address. */
async function readAddressRequest(c: AppContext): Promise<AddressRequest | Response> {
  const isForm = (c.req.header('Content-Type') ?? '').includes('application/x-www-form-urlencoded');
  let raw: unknown;
  if (isForm) {
    raw = await readForm(c);
  } else {
    const body = readJsonBody(c);
    if (!body.ok) return body.response;
    raw = body.value;
  }
  const parsed = v.safeParse(MyMatchesRequestSchema, raw);
  if (!parsed.success) return fail(c, 400, 'request.invalid', 'Give a valid e-mail address.');
  const { email, language } = parsed.output;
  const cat = catalogFor(language ?? c.req.header('Accept-Language')?.split(',')[0]);
  return { isForm, email, language, cat };
}

/**
 * Runs `work` after the answer (waitUntil), so that its timing says nothing about the address;
 * without an execution context (in-process tests) it finishes before answering. Errors are logged
 * under `label`.
 */
async function afterAnswer(c: AppContext, label: string, work: () => Promise<void>): Promise<void> {
  const task = work().catch((e) => console.warn(`${label}: ${(e as Error).message}`));
  try {
    c.executionCtx.waitUntil(task);
  } catch {
    await task;
  }
}

/** What the work of an address request gets: the address, its mailbox's key and Durable Object, the reader's language. */
export interface AskedMail {
  c: AppContext;
  email: string;
  language: string;
  key: string;
  stub: DurableObjectStub<MailAddressDurableObject>;
  origin: string;
}

/**
 * The handler of a "type your address, we mail you a link" request (form or JSON `{ email,
 * language? }`): 400 `request.invalid` for a bad address; otherwise always the same answer (202
 * `{ ok: true }`, or the page `words` gives), whatever the address, with `work` run after it.
 */
export function askForMail(
  label: string,
  words: (cat: Catalog) => { title: string; sent: string },
  work: (asked: AskedMail) => Promise<void>,
): (c: AppContext) => Promise<Response> {
  return async (c) => {
    const req = await readAddressRequest(c);
    if (req instanceof Response) return req;
    const { isForm, email, language, cat } = req;
    const origin = originOf(c);
    await afterAnswer(c, label, async () => {
      const { key, stub } = await mailboxStub(c.env, email);
      if (stub) await work({ c, email, language: language ?? cat.locale, key, stub, origin });
    });
    const { title, sent } = words(cat);
    return isForm ? page(c, cat, title, `<p>${escapeHtml(sent)}</p>`) : c.json({ ok: true }, 202);
  };
}

/**
 * Sends the `kind` link mail the address asked for (`link` makes its link at `now`, ms; valid
 * MAGIC_LINK_HOURS), within the address's hourly limit and only when a sender is configured.
 * Failures are logged under `label`, never shown: the answer was already given.
 */
export async function sendLinkMail(
  asked: AskedMail,
  kind: LinkMailKind,
  label: string,
  link: (now: number) => Promise<string>,
): Promise<void> {
  const { c, stub, key } = asked;
  const now = Date.now();
  const admission = await stub.admit(null, now, hourlyLimit(c.env));
  if (!admission.ok) return;
  const sender = chooseSender(c.env, { origin: asked.origin, outbox: outboxStub(c) ?? undefined });
  if (!sender.ok) {
    console.warn(`${label}: no sender (${sender.code})`);
    return;
  }
  const composed = composeLinkMail(kind, {
    language: asked.language,
    link: await link(now),
    hours: MAGIC_LINK_HOURS,
  });
  const result = await cappedSender(sender.sender, { env: c.env, now: Date.now }).send({
    to: asked.email,
    ...composed,
    idempotencyKey: `${label}:${key}:${now}`,
  });
  if (!result.ok) console.warn(`${label}: send failed (${result.code})`);
}

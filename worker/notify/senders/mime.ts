/**
 * MIME building for the `cloudflare` sender, with mimetext (its browser build: CRLF line ends and
 * no Node imports, so it runs the same in workerd and Node). Bodies are base64 so that UTF-8
 * text and long lines are always valid; the subject and display names are RFC 2047 encoded by
 * mimetext. Header values we add are checked for CR/LF as a last line of defence.
 */
import { createMimeMessage } from 'mimetext/browser';
import type { OutgoingMail } from '../types';

/** A parsed From setting: optional display name and the address. */
export interface FromAddress {
  name: string;
  addr: string;
}

/** Parses `Name <addr>` or a bare `addr`; null when there is no plausible address or a control character. */
export function parseFrom(from: string): FromAddress | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(from)) return null;
  const m =
    /^\s*(?:"?([^"<]*?)"?\s*)?<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from) ??
    /^\s*()([^<>\s"]+@[^<>\s"]+)\s*$/.exec(from);
  if (!m) return null;
  return { name: (m[1] ?? '').trim(), addr: m[2] };
}

function base64Lines(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n'));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  const b64 = btoa(bin);
  return b64.replace(/.{1,76}/g, (line) => `${line}\r\n`).trimEnd();
}

/** Thrown when a header value would contain CR or LF (never reached with composed mail). */
export class HeaderInjectionError extends Error {}

function checkHeader(value: string): string {
  if (/[\r\n]/.test(value)) throw new HeaderInjectionError('header value contains CR/LF');
  return value;
}

/**
 * The raw RFC 5322 message. `messageIdDomain` defaults to the From domain; the Message-ID is
 * derived from the idempotency key so a retried message keeps its id (receivers can dedupe).
 */
export function buildMime(mail: OutgoingMail, from: FromAddress): string {
  const msg = createMimeMessage();
  msg.setSender(from.name ? { name: from.name, addr: from.addr } : { addr: from.addr });
  msg.setRecipient({ addr: checkHeader(mail.to) });
  msg.setSubject(mail.subject);
  const domain = from.addr.split('@')[1] ?? 'localhost';
  const idPart = mail.idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);
  msg.setHeader('Message-ID', `<${idPart}@${checkHeader(domain)}>`);
  for (const [name, value] of Object.entries(mail.headers)) {
    if (typeof value === 'string') msg.setHeader(name, checkHeader(value));
  }
  msg.addMessage({ contentType: 'text/plain', encoding: 'base64', data: base64Lines(mail.text) });
  msg.addMessage({ contentType: 'text/html', encoding: 'base64', data: base64Lines(mail.html) });
  return msg.asRaw();
}

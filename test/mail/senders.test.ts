/** Each sender against a fake endpoint or binding, and the configuration rules (the outbox never in production). */
import { describe, expect, it } from 'vitest';
import {
  chooseSender,
  configuredSender,
  hourlyLimit,
  isLocalOrigin,
  outboxAllowed,
} from '../../worker/notify/config';
import { createCloudflareSender } from '../../worker/notify/senders/cloudflare';
import { parseFrom } from '../../worker/notify/senders/mime';
import { createOutboxSender } from '../../worker/notify/senders/outbox';
import { createResendSender, RESEND_ENDPOINT } from '../../worker/notify/senders/resend';
import type { OutgoingMail } from '../../worker/notify/types';

const mail: OutgoingMail = {
  to: 'anna@example.org',
  subject: 'Friday night: it is your turn',
  text: 'Hello Anna,\nÇa roule ? – 100 km\n',
  html: '<p>Hello Anna, ça roule&nbsp;?</p>',
  headers: {
    'List-Unsubscribe': '<https://mb.example.org/api/mail/mute/k/m/t>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  idempotencyKey: 'm1:yourTurn:0:v12',
};

/** A fake fetch that records requests and answers with the given status and body. */
function fakeFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const f = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as typeof fetch;
  return { f, calls };
}

/** Splits a raw MIME message into its header lines (unfolded) and the rest. */
function headerLines(raw: string): string[] {
  const head = raw.split('\r\n\r\n')[0];
  return head.replace(/\r\n[ \t]/g, ' ').split('\r\n');
}

function decodeParts(raw: string): string[] {
  return [...raw.matchAll(/Content-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n\r\n--/g)].map(
    (m) => new TextDecoder().decode(Uint8Array.from(atob(m[1].replace(/\r\n/g, '')), (c) => c.charCodeAt(0))),
  );
}

describe('resend sender', () => {
  it('posts the message as JSON with the key, the idempotency key and the list headers', async () => {
    const { f, calls } = fakeFetch(200, { id: 'abc-123' });
    const s = createResendSender({
      apiKey: 're_test',
      from: 'Mille Bornes <turns@mb.example.org>',
      fetch: f,
    });
    expect(await s.send(mail)).toEqual({ ok: true, providerId: 'abc-123' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(RESEND_ENDPOINT);
    const h = new Headers(calls[0].init.headers);
    expect(h.get('authorization')).toBe('Bearer re_test');
    expect(h.get('idempotency-key')).toBe('m1:yourTurn:0:v12');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      from: 'Mille Bornes <turns@mb.example.org>',
      to: ['anna@example.org'],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
  });

  it.each([
    [429, 'mail.rate_limited', true],
    [500, 'mail.provider_error', true],
    [503, 'mail.provider_error', true],
    [409, 'mail.provider_error', true],
    [422, 'mail.rejected', false],
    [403, 'mail.rejected', false],
    [401, 'mail.rejected', false],
  ])('maps HTTP %i to %s (retryable %s)', async (status, code, retryable) => {
    const { f } = fakeFetch(status, { message: 'nope' });
    const r = await createResendSender({ apiKey: 'k', from: 'a@b.co', fetch: f }).send(mail);
    expect(r).toMatchObject({ ok: false, code, retryable });
  });

  // Resend's error bodies (https://resend.com/docs/api-reference/errors): a used-up quota waits for
  // the next 00:00 UTC; a plain rate limit (requests a second) is a short retry.
  it.each([
    ['daily_quota_exceeded', 'You have reached your daily email sending quota.', 'mail.quota'],
    ['monthly_quota_exceeded', 'You have reached your monthly email sending quota.', 'mail.quota'],
    [
      'rate_limit_exceeded',
      'Too many requests. You can only make 2 requests per second.',
      'mail.rate_limited',
    ],
  ])('tells a 429 %s apart: %s', async (name, message, code) => {
    const now = Date.UTC(2026, 11, 6, 17, 30);
    const { f } = fakeFetch(429, { statusCode: 429, message, name });
    const r = await createResendSender({ apiKey: 'k', from: 'a@b.co', fetch: f, now: () => now }).send(mail);
    expect(r).toMatchObject({ ok: false, code, retryable: true });
    expect(r.ok === false && r.retryAtMs).toBe(code === 'mail.quota' ? Date.UTC(2026, 11, 7) : undefined);
  });

  it("takes a 429 whose body is not Resend's JSON for a passing rate limit", async () => {
    const { f } = fakeFetch(429, 'Too Many Requests');
    const r = await createResendSender({ apiKey: 'k', from: 'a@b.co', fetch: f }).send(mail);
    expect(r).toMatchObject({ ok: false, code: 'mail.rate_limited', retryable: true });
  });

  it('reports a network failure as retryable', async () => {
    const f = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await createResendSender({ apiKey: 'k', from: 'a@b.co', fetch: f }).send(mail)).toMatchObject({
      ok: false,
      code: 'mail.network',
      retryable: true,
    });
  });
});

describe('cloudflare sender', () => {
  function fakeBinding(fail?: string) {
    const sent: Array<{ from: string; to: string; raw: string }> = [];
    const binding = {
      async send(m: { from: string; to: string; raw: string }) {
        if (fail) throw new Error(fail);
        sent.push(m);
        return { messageId: 'x' };
      },
    } as unknown as SendEmail;
    const makeMessage = (from: string, to: string, raw: string) =>
      ({ from, to, raw }) as unknown as EmailMessage;
    return { binding, makeMessage, sent };
  }

  it('sends RFC 5322 MIME with both bodies, the list headers and a stable Message-ID', async () => {
    const { binding, makeMessage, sent } = fakeBinding();
    const s = createCloudflareSender({ binding, from: 'Mille Bornes <turns@mb.example.org>', makeMessage });
    expect(await s.send(mail)).toEqual({ ok: true, providerId: null });
    expect(sent).toHaveLength(1);
    const { from, to, raw } = sent[0];
    expect(from).toBe('turns@mb.example.org');
    expect(to).toBe('anna@example.org');
    const lines = headerLines(raw);
    expect(lines).toContain('To: <anna@example.org>');
    expect(lines).toContain('List-Unsubscribe: <https://mb.example.org/api/mail/mute/k/m/t>');
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines).toContain('Message-ID: <m1_yourTurn_0_v12@mb.example.org>');
    expect(lines.find((l) => l.startsWith('From: '))).toMatch(
      /^From: =\?utf-8\?B\?[A-Za-z0-9+/=]+\?= <turns@mb\.example\.org>$/,
    );
    expect(lines.find((l) => l.startsWith('Subject: '))).toMatch(/^Subject: =\?utf-8\?B\?/);
    expect(raw).not.toMatch(/[^\r]\n/); // CRLF line ends only
    const [text, html] = decodeParts(raw);
    expect(text).toBe(mail.text.replace(/\n/g, '\r\n'));
    expect(html).toBe(mail.html);
  });

  it('classifies binding errors: unverified destination is permanent, others retryable', async () => {
    const a = fakeBinding('destination address not verified');
    expect(
      await createCloudflareSender({ binding: a.binding, from: 'a@b.co', makeMessage: a.makeMessage }).send(
        mail,
      ),
    ).toMatchObject({
      ok: false,
      code: 'mail.rejected',
      retryable: false,
    });
    const b = fakeBinding('internal error');
    expect(
      await createCloudflareSender({ binding: b.binding, from: 'a@b.co', makeMessage: b.makeMessage }).send(
        mail,
      ),
    ).toMatchObject({
      ok: false,
      code: 'mail.provider_error',
      retryable: true,
    });
  });

  it('parses From settings and refuses ones with control characters', () => {
    expect(parseFrom('Mille Bornes <turns@x.org>')).toEqual({ name: 'Mille Bornes', addr: 'turns@x.org' });
    expect(parseFrom('"Mille Bornes" <turns@x.org>')).toEqual({ name: 'Mille Bornes', addr: 'turns@x.org' });
    expect(parseFrom('turns@x.org')).toEqual({ name: '', addr: 'turns@x.org' });
    expect(parseFrom('MB <turns@x.org>\r\nBcc: evil@x.org')).toBeNull();
    expect(parseFrom('no address')).toBeNull();
  });
});

describe('outbox sender and configuration', () => {
  it('stores the message in its store', async () => {
    const stored: OutgoingMail[] = [];
    const s = createOutboxSender({ put: async (m) => stored.push(m) });
    expect(await s.send(mail)).toEqual({ ok: true, providerId: 'outbox:m1:yourTurn:0:v12' });
    expect(stored).toEqual([mail]);
  });

  it('is refused unless DEV_OUTBOX is "1" and the origin is localhost', () => {
    const outbox = { put: async () => true };
    expect(outboxAllowed({ DEV_OUTBOX: '1' }, 'http://localhost:8787')).toBe(true);
    expect(outboxAllowed({ DEV_OUTBOX: '1' }, 'http://127.0.0.1:8787')).toBe(true);
    expect(outboxAllowed({ DEV_OUTBOX: '1' }, 'https://mb.example.org')).toBe(false);
    expect(outboxAllowed({ DEV_OUTBOX: '1' }, 'https://localhost.example.org')).toBe(false);
    expect(outboxAllowed({}, 'http://localhost:8787')).toBe(false);
    expect(outboxAllowed({ DEV_OUTBOX: 'true' }, 'http://localhost:8787')).toBe(false);
    expect(isLocalOrigin('not a url')).toBe(false);

    const prod = chooseSender(
      { MAIL_SENDER: 'outbox', DEV_OUTBOX: '1' },
      { origin: 'https://mb.example.org', outbox },
    );
    expect(prod).toMatchObject({ ok: false, code: 'mail.outbox_forbidden' });
    const dev = chooseSender({ DEV_OUTBOX: '1' }, { origin: 'http://localhost:8787', outbox });
    expect(dev.ok && dev.sender.name).toBe('outbox');
  });

  it('turns mail off when nothing or too little is configured', () => {
    expect(configuredSender({})).toBeNull();
    expect(chooseSender({}, { origin: 'https://x.org' })).toMatchObject({
      ok: false,
      code: 'mail.not_configured',
    });
    expect(chooseSender({ MAIL_SENDER: 'resend' }, { origin: 'https://x.org' })).toMatchObject({
      ok: false,
      code: 'mail.not_configured',
    });
    expect(chooseSender({ MAIL_SENDER: 'smtp' }, { origin: 'https://x.org' })).toMatchObject({
      ok: false,
      code: 'mail.not_configured',
    });
    const r = chooseSender(
      { MAIL_SENDER: 'resend', RESEND_API_KEY: 'k', MAIL_FROM: 'a@b.co', MAIL_KEY: 'k'.repeat(32) },
      { origin: 'https://x.org' },
    );
    expect(r.ok && r.sender.name).toBe('resend');
    expect(hourlyLimit({})).toBe(10);
    expect(hourlyLimit({ MAIL_HOURLY_LIMIT: '3' })).toBe(3);
    expect(hourlyLimit({ MAIL_HOURLY_LIMIT: 'x' })).toBe(10);
  });
});

/**
 * The senders inside workerd: the `cloudflare` sender with the platform's real `EmailMessage`
 * (from `cloudflare:email`) against a fake `send_email` binding, with the MIME built by mimetext's
 * browser build; and the configuration guard that keeps the outbox out of a deployed Worker.
 */
import { EmailMessage } from 'cloudflare:email';
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../worker/notify/compose';
import { chooseSender } from '../../worker/notify/config';
import type { OutgoingMail } from '../../worker/notify/types';

describe('cloudflare sender in workerd', () => {
  it('hands the binding an EmailMessage with the envelope and the raw MIME', async () => {
    const sent: EmailMessage[] = [];
    const binding = {
      async send(m: EmailMessage) {
        sent.push(m);
        return { messageId: 'x' };
      },
    } as unknown as SendEmail;
    const choice = chooseSender(
      {
        MAIL_SENDER: 'cloudflare',
        MAIL_FROM: 'Mille Bornes <turns@mb.example.org>',
        SEND_EMAIL: binding,
        MAIL_KEY: 'k'.repeat(32),
      },
      { origin: 'https://mb.example.org', makeEmailMessage: (f, t, raw) => new EmailMessage(f, t, raw) },
    );
    expect(choice.ok).toBe(true);
    if (!choice.ok) return;
    const composed = composeMail(
      {
        language: 'sv',
        matchTitle: 'Fredag',
        recipientName: 'Åsa',
        links: {
          seat: 'https://mb.example.org/m/abc#seat=t',
          mute: 'https://mb.example.org/api/mail/mute/k/abc/m',
          block: 'https://mb.example.org/api/mail/block/k/b',
        },
      },
      { kind: 'botTookOver', scope: 'seat' },
    );
    const mail: OutgoingMail = { to: 'asa@example.org', ...composed, idempotencyKey: 'abc:botseat:1:1' };
    expect(await choice.sender.send(mail)).toEqual({ ok: true, providerId: null });
    expect(sent).toHaveLength(1);
    expect(sent[0].from).toBe('turns@mb.example.org');
    expect(sent[0].to).toBe('asa@example.org');
  });

  it('refuses the outbox for a non-local origin even with DEV_OUTBOX=1', () => {
    const r = chooseSender(
      { DEV_OUTBOX: '1' },
      { origin: 'https://mb.test', outbox: { put: async () => true } },
    );
    expect(r).toMatchObject({ ok: false, code: 'mail.outbox_forbidden' });
  });
});

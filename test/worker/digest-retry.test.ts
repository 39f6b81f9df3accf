/**
 * The daily digest when the provider fails (a break-it pass): a passing error is tried
 * again after the turn mails' backoff and the digest arrives once; a lasting refusal is not retried;
 * past the provider's daily quota the digest waits for the reset (00:00 UTC), then goes once.
 */
import { describe, expect, it } from 'vitest';
import { providerQuotaAnswer } from '../../worker/notify/mail-quota';
import { create } from './helpers';
import { addresses, attach, duo, FakeSender, HOUR, MIN } from './mail-helpers';
import { runDigestAt, settings } from './prefs-helpers';

/** Tuesday 14 January 2031, 05:00 UTC (06:00 in Oslo). */
const T = Date.UTC(2031, 0, 14, 5);
/** The digest hour 08:00 in Oslo: 07:00 UTC. */
const DIGEST = Date.UTC(2031, 0, 14, 7);

/** Ann (digest at 08:00 in Oslo) has a match where it is her turn. */
async function waiting() {
  const a = addresses();
  const h = await attach(await create(duo(a, { title: 'Gamma', firstSeat: 1 })), new FakeSender(), {
    now: T,
  });
  await h.fire(T);
  const r = await settings(h.m, 0, { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } });
  expect(r.status).toBe(200);
  return a;
}

describe('the digest and a failing provider', () => {
  it('tries a passing error again after a minute, and the digest arrives once', async () => {
    const a = await waiting();
    const digests = new FakeSender();
    digests.next = [{ ok: false, retryable: true, code: 'mail.provider_error', message: 'unavailable' }];
    await runDigestAt(a.ann, DIGEST, digests);
    expect(digests.attempts).toHaveLength(1);
    expect(digests.sent).toHaveLength(0);
    // The retry is a minute later, not tomorrow's digest.
    await runDigestAt(a.ann, DIGEST + MIN, digests);
    expect(digests.attempts).toHaveLength(2);
    expect(digests.sent).toHaveLength(1);
    expect(digests.sent[0].text).toContain('Gamma');
    // Running again the same hour sends nothing more; the next one is tomorrow's.
    await runDigestAt(a.ann, DIGEST + 2 * MIN, digests);
    expect(digests.sent).toHaveLength(1);
    await runDigestAt(a.ann, DIGEST + 24 * HOUR, digests);
    expect(digests.sent).toHaveLength(2);
  });

  it('does not try a lasting refusal again', async () => {
    const a = await waiting();
    const digests = new FakeSender();
    digests.next = [{ ok: false, retryable: false, code: 'mail.rejected', message: 'rejected' }];
    await runDigestAt(a.ann, DIGEST, digests);
    await runDigestAt(a.ann, DIGEST + MIN, digests);
    await runDigestAt(a.ann, DIGEST + HOUR, digests);
    expect(digests.attempts).toHaveLength(1);
    expect(digests.sent).toHaveLength(0);
  });

  it('waits for the reset past the provider’s daily quota, then sends the digest once', async () => {
    const a = await waiting();
    const digests = new FakeSender();
    digests.next = [providerQuotaAnswer('resend', DIGEST)];
    await runDigestAt(a.ann, DIGEST, digests);
    // Not retried within the day: the quota holds until 00:00 UTC.
    await runDigestAt(a.ann, DIGEST + MIN, digests);
    await runDigestAt(a.ann, DIGEST + HOUR, digests);
    expect(digests.attempts).toHaveLength(1);
    const reset = Date.UTC(2031, 0, 15);
    await runDigestAt(a.ann, reset, digests);
    expect(digests.sent).toHaveLength(1);
    expect(digests.sent[0].text).toContain('Gamma');
    await runDigestAt(a.ann, reset + MIN, digests);
    expect(digests.sent).toHaveLength(1);
  });
});

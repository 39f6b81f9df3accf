/**
 * Delivery on the alarm: the due outbox rows, pushes first (a delivered push drops the mails of the
 * same turn), then mails; and right after a change, its mails due at once, from memory (`deliverNow`:
 * a row is written only for a mail that must wait or be retried). Mails go through the configured sender, with retries and backoff (a message to
 * send again is kept prepared in its row so a retry is byte-identical, and cleared once the row is final),
 * the address's block, mute (per rematch chain) and hourly limit, and the "my matches" tracking of
 * each address. Past a daily mail quota (the provider's, or the deployment's cap: mail-quota.ts) the
 * match's mails wait for the reset and then go as one catch-up mail per seat (catch-up.ts). A mail
 * or push that went out while the platform refused the writes recording it (its daily limit) is
 * recorded by the next delivery instead of going again (`recorded`).
 */
import { parseAddress } from '../address';
import { isDailyLimit } from '../daily-limit';
import { retriesLeft, retryWaitMs } from '../retry';
import { nextResetMs } from '../shared/limits';
import { mailboxStub } from './address';
import type { Admission } from './address-do';
import {
  type Fold,
  finishFolded,
  foldedSubjects,
  foldWaiting,
  holdIfPaused,
  holdTogether,
  pauseMail,
  QUOTA_WAIT,
} from './catch-up';
import { hourlyLimit } from './config';
import { withCap } from './mail-quota';
import { composeRow } from './message';
import {
  count,
  type DueRow,
  finish,
  finishRow,
  keepRow,
  type OutboxRow,
  retryLater,
  rowByKey,
} from './outbox';
import { reminders, staleReason, wake } from './plan';
import { MAIL_RETRY } from './policy';
import { type PushSubscriptionJSON, sendPush } from './push';
import type { Timing } from './quiet';
import { safeUrl } from './sanitize';
import { type MailScope, pushEnv } from './scope';
import { senderOf } from './sender-of';
import { applyTiming, heldOrDropped, seatZone, timingAsk } from './timing';
import type { MailSender, OutgoingMail } from './types';

/** Sends what is due at `now` (at most 25 rows), then moves the outbox's wake-up. */
export async function processDue(n: MailScope, now: number): Promise<void> {
  for (const [key, record] of n.unrecorded) {
    record();
    n.unrecorded.delete(key);
  }
  reminders(n, now);
  const sql = n.ctx.sql;
  const rows = sql
    .exec<OutboxRow>(
      `SELECT * FROM mail_outbox WHERE status = 'queued' AND due_at <= ? ORDER BY due_at, seq LIMIT 25`,
      now,
    )
    .toArray();
  // Pushes first: a delivered push may still drop a mail of the same turn queued after it.
  rows.sort((a, b) => Number(b.kind === 'push') - Number(a.kind === 'push'));
  for (const row of rows) {
    if (!n.ctx.match()) return;
    const fresh = rowByKey(sql, row.key);
    // Done, or moved later by an earlier row of this pass (a catch-up held with its main row).
    if (fresh?.status !== 'queued' || fresh.due_at > now) continue;
    if (fresh.kind === 'marker') await track(n, fresh, now);
    else if (fresh.kind === 'push') await deliverPush(n, fresh, now);
    else await deliverMail(n, fresh, now);
  }
  wake(n, now, now + 1000);
}

/**
 * Delivers the mails due at once that were planned without a row (plan.ts `queue`: a turn or window
 * mail of a seat nobody is looking at), after the change that made them is stored, at `now` (ms):
 * the alarm's path (`deliverMail`: staleness, the address's timing and admission, the words, the
 * send). A mail that cannot finish now (held by quiet hours or the hourly limit, a provider failure
 * to retry, an exception) is stored queued, and the outbox's wake-up moves to it: the alarm goes on
 * from there as for any row.
 */
export async function deliverNow(n: MailScope, rows: readonly DueRow[], now: number): Promise<void> {
  for (const row of rows) {
    if (!n.ctx.match()) return;
    try {
      await deliverMail(n, row, now);
    } catch (e) {
      console.error(`mail: sending at once failed: ${String(e).slice(0, 200)}`);
      // Stored (if not yet) and tried again in a minute, as the alarm does after an exception.
      keepRow(n.ctx.sql, row, { due_at: now + 60_000 });
    }
  }
  wake(n, now);
}

/** The configured sender (a test's hook with the seams on) behind the daily mail cap (mail-quota.ts). */
function sender(n: MailScope, origin: string): MailSender | { error: string } {
  return withCap(n.hooks.sender ?? senderOf(n.ctx.env, origin), {
    env: n.ctx.env,
    now: () => n.now(),
    cap: n.hooks.mailCap,
  });
}

async function deliverMail(n: MailScope, due: DueRow, now: number): Promise<void> {
  let row = due;
  const sql = n.ctx.sql;
  const stale = staleReason(n, row);
  if (stale) return finishRow(sql, row, 'dropped', stale);
  if (
    count(
      sql,
      `SELECT COUNT(*) AS n FROM mail_outbox WHERE grp = ? AND kind = 'push' AND error = 'push.delivered'`,
      row.grp,
    ) > 0
  ) {
    return finishRow(sql, row, 'dropped', 'push.delivered');
  }
  const seat = n.ctx.seats()[row.seat];
  const to = seat.email ? parseAddress(seat.email) : null;
  if (!to || !seat.emailNotifications) return finishRow(sql, row, 'dropped', 'no_email');
  const origin = n.ctx.origin();
  const via = safeUrl(origin) ? sender(n, origin) : { error: 'mail.no_origin' };
  // A mail that cannot go (no origin, no sender) asks only its timing, as before it fails.
  if ('error' in via) {
    if (!row.prepared && (await heldOrDropped(n, row, now))) return;
    return finishRow(sql, row, 'failed', via.error);
  }
  // -- daily mail quota (catch-up.ts): paused until the reset; at it, one catch-up mail per seat --
  if (holdIfPaused(n, now)) return waitForReset(n, row);
  const fold = foldWaiting(n, row, now);
  if (fold) row = fold.main;
  // --
  const { key, stub } = await mailboxStub(n.ctx.env, to);
  const { matchId, chainId } = n.ctx.match()!;
  let mail: OutgoingMail;
  if (row.prepared) {
    // A retry of a mail admitted earlier: it is not counted again, but a block or mute since stops it.
    const stopped = stub ? await stub.stopped({ matchId, chainId }) : null;
    if (stopped) return finishRow(sql, row, 'dropped', stopped);
    mail = JSON.parse(row.prepared) as OutgoingMail;
  } else {
    let admission: Admission = { ok: true, tokens: null };
    if (stub) {
      // One request to the address's object: the timing under its preferences, then the admission.
      const r = await stub.admitOnTime(
        { matchId, seat: seat.seat },
        seatZone(seat),
        timingAsk(n, row, now),
        { matchId, chainId },
        hourlyLimit(n.ctx.env),
      );
      if (applyTiming(n, row, r.timing as Timing)) return held(n, fold);
      admission = r.admission as Admission;
    } else if (await heldOrDropped(n, row, now)) return held(n, fold);
    if (!admission.ok) {
      if (admission.reason !== 'rate_limited') return finishRow(sql, row, 'dropped', admission.reason);
      return keepRow(sql, row, { due_at: admission.retryAtMs, error: 'rate_limited' });
    }
    const paused = fold ? await foldedSubjects(n, fold, to, key, origin, now) : undefined;
    mail = (await composeRow(n, row, to, key, admission.tokens, origin, now, paused)).mail;
  }
  // The prepared message is stored only when a retry will need it (a mail sent or failed for good
  // at the first attempt writes its row once): a retry then sends it byte for byte, not admitted again.
  const prepared = row.prepared ?? JSON.stringify(mail);
  let result: Awaited<ReturnType<MailSender['send']>>;
  try {
    result = await via.send(mail);
  } catch (e) {
    if (!row.prepared) keepRow(sql, row, { prepared });
    if (fold) finishFolded(n, fold);
    throw e;
  }
  const sent = result;
  recorded(n, row.key, () => {
    // -- daily mail quota: this mail, its fold and the match's other due mails wait for the reset --
    if (!sent.ok && sent.code === 'mail.quota') {
      pauseMail(n, nextResetMs(now));
      return waitForReset(n, row);
    }
    if (fold) finishFolded(n, fold);
    // --
    if (sent.ok) return finishRow(sql, row, 'sent', null);
    const attempts = row.attempts + 1;
    if (!sent.retryable || !retriesLeft(MAIL_RETRY, attempts))
      return finishRow(sql, row, 'failed', sent.code);
    const dueAt = now + retryWaitMs(MAIL_RETRY, attempts);
    keepRow(sql, row, { attempts, due_at: dueAt, error: sent.code, prepared });
  });
}

/**
 * A mail due at once, in memory, waits for the quota's reset like the stored ones (catch-up.ts
 * `pauseMail`): it is stored now, due at the reset. A stored row already waits.
 */
function waitForReset(n: MailScope, row: DueRow): void {
  if (row.memory) keepRow(n.ctx.sql, row, { due_at: n.mailPause.untilMs, error: QUOTA_WAIT });
}

/** A mail held by the seat's timing (quiet hours) or dropped (digest): a catch-up's rows wait together. */
function held(n: MailScope, fold: Fold | null): void {
  if (fold) holdTogether(n, fold);
}

/**
 * Writes what a send's outcome changes in the outbox (`record`, after the provider answered for the
 * row `key`). A write the platform refuses past its daily limit keeps `record` in memory
 * (`MailScope.unrecorded`) for the next delivery to write first, so the mail that went is not sent
 * again; the error goes on (the alarm waits for the reset).
 */
function recorded(n: MailScope, key: string, record: () => void): void {
  try {
    record();
  } catch (e) {
    if (isDailyLimit(e)) n.unrecorded.set(key, record);
    throw e;
  }
}

async function deliverPush(n: MailScope, row: OutboxRow, now: number): Promise<void> {
  const sql = n.ctx.sql;
  const stale = staleReason(n, row);
  if (stale) return finish(sql, row.key, 'dropped', stale);
  const subs = n.pushSubs.exists()
    ? sql
        .exec<{ endpoint: string; sub: string }>(
          'SELECT endpoint, sub FROM push_subs WHERE seat = ?',
          row.seat,
        )
        .toArray()
    : [];
  if (subs.length === 0) return finish(sql, row.key, 'dropped', 'no_subscription');
  if (await heldOrDropped(n, row, now)) return;
  const meta = n.ctx.match()!;
  const origin = n.ctx.origin();
  if (!safeUrl(origin)) return finish(sql, row.key, 'failed', 'mail.no_origin');
  // The push's words: the subject and first sentence of the mail it stands for.
  const { mail, seatUrl } = await composeRow(n, row, 'push@localhost', 'push', null, origin, now);
  const lines = mail.text.split('\n').filter((l) => l.trim());
  let delivered = false;
  let retryable = false;
  let code = 'push.rejected';
  for (const s of subs) {
    const r = await sendPush({
      env: pushEnv(n),
      subscription: JSON.parse(s.sub) as PushSubscriptionJSON,
      payload: {
        title: mail.subject,
        body: lines[1] ?? '',
        url: seatUrl,
        tag: `mb-${meta.matchId}`,
        ack: `${origin}/api/mail/push-ack/${meta.matchId}/${row.ack}`,
      },
      ttlSeconds: 6 * 3600,
      fetch: n.hooks.fetch,
    });
    if (r.ok) delivered = true;
    else {
      code = r.code;
      if (r.code === 'push.gone') {
        sql.exec('DELETE FROM push_subs WHERE seat = ? AND endpoint = ?', row.seat, s.endpoint);
      }
      retryable ||= r.retryable;
    }
  }
  recorded(n, row.key, () => {
    if (delivered) return finish(sql, row.key, 'sent', null);
    const attempts = row.attempts + 1;
    // A push is only worth it early: one retry, then the mail carries the news.
    if (!retryable || attempts >= 2) return finish(sql, row.key, 'failed', code);
    retryLater(sql, row.key, attempts, now + 30_000, code);
  });
}

/** Tells each seat's mailbox Durable Object about this match (for "my matches"). */
async function track(n: MailScope, row: OutboxRow, now: number): Promise<void> {
  const meta = n.ctx.match()!;
  for (const s of n.ctx.seats()) {
    if (s.kind !== 'human' || !s.email) continue;
    const { stub } = await mailboxStub(n.ctx.env, s.email);
    if (!stub) continue;
    await stub.track({
      matchId: meta.matchId,
      seat: s.seat,
      title: meta.config.title,
      status: meta.status,
      updatedAt: now,
    });
  }
  finish(n.ctx.sql, row.key, 'sent', null);
}

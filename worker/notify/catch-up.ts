/**
 * A match's mail while a daily quota holds it back (worker/notify/mail-quota.ts: the provider's quota
 * or the deployment's cap), and the catch-up after. A mail refused for the quota is never dropped:
 * it and every other mail of the match due before the reset wait for it (`due_at` the reset, error
 * `mail.quota`), and the match remembers the pause in memory until then, so the rest of its queue
 * does not each ask again. At the reset a seat's waiting mails become one catch-up mail
 * (`foldWaiting`): the stale ones (the turn moved on) are dropped as always, the newest of the rest
 * is sent with the others' subjects in front of it ("While mail was paused: …", compose.ts), and
 * the others finish as `sent` with error `mail.folded`, so nothing is sent twice. If the quota still
 * refuses after the reset, they all wait for the next one; if the seat's quiet hours hold the
 * catch-up, they all wait for their end together (`holdTogether`), still one mail.
 */
import { composeRow } from './message';
import { finish, type OutboxRow, pushDelivered, rowByKey } from './outbox';
import { staleReason } from './plan';
import type { MailScope } from './scope';

/** The error of a row waiting for a quota's reset. */
export const QUOTA_WAIT = 'mail.quota';
/** The error of a row whose news went out in another row's catch-up mail. */
export const FOLDED = 'mail.folded';

/** A match's memory of a quota pause: no mail is offered before `untilMs` (ms since the epoch). */
export interface MailPause {
  untilMs: number;
}

/**
 * Holds the match's mail until `untilMs` (a quota's reset): remembers it, and makes every queued mail
 * due before then wait for it (one statement; each waiting row written once).
 */
export function pauseMail(n: MailScope, untilMs: number): void {
  n.mailPause.untilMs = Math.max(n.mailPause.untilMs, untilMs);
  n.ctx.sql.exec(
    `UPDATE mail_outbox SET due_at = ?, error = ?
     WHERE status = 'queued' AND kind NOT IN ('push', 'marker') AND due_at < ?`,
    n.mailPause.untilMs,
    QUOTA_WAIT,
    n.mailPause.untilMs,
  );
}

/**
 * True when the match's mail is paused at `now` (ms): then the due mails wait for the reset
 * (`pauseMail`) without asking the cap or the provider.
 */
export function holdIfPaused(n: MailScope, now: number): boolean {
  if (n.mailPause.untilMs <= now) return false;
  pauseMail(n, n.mailPause.untilMs);
  return true;
}

/** The rows of one catch-up: `main` is sent, carrying `folded`'s news, oldest first. */
export interface Fold {
  main: OutboxRow;
  folded: OutboxRow[];
}

/**
 * The catch-up of `row`'s seat at `now`: its mails that waited for the quota and are due (stale ones,
 * and those whose push went out, dropped now), or null when `row` did not wait for it or nothing is left to fold with it. The main
 * row is the newest that is not a reminder (a turn's mail says the deadline too), else the newest.
 */
export function foldWaiting(n: MailScope, row: OutboxRow, now: number): Fold | null {
  if (row.error !== QUOTA_WAIT || row.prepared) return null;
  const waiting = n.ctx.sql
    .exec<OutboxRow>(
      `SELECT * FROM mail_outbox WHERE status = 'queued' AND seat = ? AND error = ? AND due_at <= ?
       AND kind NOT IN ('push', 'marker') AND prepared IS NULL ORDER BY seq`,
      row.seat,
      QUOTA_WAIT,
      now,
    )
    .toArray();
  const live: OutboxRow[] = [];
  for (const r of waiting) {
    // As deliver.ts drops a due mail: stale, or its news already went out as a push.
    const stale = staleReason(n, r) ?? (pushDelivered(n.ctx.sql, r.grp) ? 'push.delivered' : null);
    if (stale) finish(n.ctx.sql, r.key, 'dropped', stale);
    else live.push(r);
  }
  if (live.length < 2) return null;
  const main = [...live].reverse().find((r) => r.kind !== 'reminder') ?? live[live.length - 1];
  return { main, folded: live.filter((r) => r.key !== main.key) };
}

/**
 * The seat's quiet hours held the catch-up's main row (its due time moved, error `quiet`): the folded
 * rows wait with it, all still waiting for the quota's fold, so that one catch-up goes when the quiet
 * hours end rather than the rows one by one. A main row dropped (the seat reads a digest) leaves the
 * others to be dropped the same way, each in its turn.
 */
export function holdTogether(n: MailScope, fold: Fold): void {
  const main = rowByKey(n.ctx.sql, fold.main.key);
  if (main?.status !== 'queued' || main.error !== 'quiet') return;
  for (const r of [main, ...fold.folded])
    n.ctx.sql.exec(
      `UPDATE mail_outbox SET due_at = ?, error = ? WHERE key = ?`,
      main.due_at,
      QUOTA_WAIT,
      r.key,
    );
}

/** Marks the folded rows of a catch-up that went out (or failed for good) as final: never sent again. */
export function finishFolded(n: MailScope, fold: Fold): void {
  for (const r of fold.folded) finish(n.ctx.sql, r.key, 'sent', FOLDED);
}

/**
 * The subjects of a catch-up's folded mails, oldest first, as the seat would have read them: the
 * list in front of the catch-up mail (compose.ts `paused`).
 */
export async function foldedSubjects(
  n: MailScope,
  fold: Fold,
  to: string,
  key: string,
  origin: string,
  now: number,
): Promise<string[]> {
  const subjects: string[] = [];
  for (const r of fold.folded) {
    const { mail } = await composeRow(n, r, to, key, null, origin, now);
    subjects.push(mail.subject);
  }
  return subjects;
}

/**
 * The daily budget of e-mail addresses given at match creation: one Durable Object for the whole
 * deployment (named `MAIL_BUDGET_NAME`). A match's creator may name any address, so without a cap one
 * client could make the deployment mail strangers (invitations, then turn mails) and use up the mail
 * provider's daily quota for everybody. The object counts, per UTC day, the addresses each client
 * (a keyed hash of its IP under the deployment's secret, never the IP itself) and the whole
 * deployment gave; `take` admits a creation
 * only when both counts stay within their limits. Old days are deleted as new ones start.
 *
 * The same object counts the deployment's mails per UTC day against the daily mail cap
 * (MAIL_DAILY_CAP, worker/notify/mail-quota.ts): `takeMail` admits one mail to the provider while the
 * day's count stays within the cap, one row written per admitted mail (see mail-quota.ts for why not
 * fewer), and `mailQuotaReached` closes the day when the provider itself refused past its quota.
 */
import { DurableObject } from 'cloudflare:workers';

/** The one instance's name. */
export const MAIL_BUDGET_NAME = 'mail-budget';

/** Limits of one day, in addresses (0 = none allowed). */
export interface BudgetLimits {
  perClient: number;
  total: number;
}

/** Outcome of `take`: admitted, or refused by the client's or the deployment's limit until `retryAtMs`. */
export type BudgetAdmission = { ok: true } | { ok: false; scope: 'client' | 'total'; retryAtMs: number };

const DAY_MS = 86_400_000;
const TOTAL_KEY = '*';
/** The key of the day's mail count (client keys are hashes: never this). */
const MAIL_KEY = '@mail';

/** Outcome of `takeMail`: admitted (counted), or refused by the daily mail cap until `retryAtMs`. */
export type MailAdmission = { ok: true } | { ok: false; retryAtMs: number };

/** The UTC day of `nowMs` as `YYYY-MM-DD`. */
export function utcDay(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** The daily e-mail-address budget (see the file comment). */
export class MailBudgetDurableObject extends DurableObject<unknown> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS counts (
      day TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (day, key))`);
  }

  private count(day: string, key: string): number {
    return (
      this.sql.exec<{ n: number }>('SELECT n FROM counts WHERE day = ? AND key = ?', day, key).toArray()[0]
        ?.n ?? 0
    );
  }

  private add(day: string, key: string, n: number): void {
    this.sql.exec(
      'INSERT INTO counts (day, key, n) VALUES (?, ?, ?) ON CONFLICT (day, key) DO UPDATE SET n = n + excluded.n',
      day,
      key,
      n,
    );
  }

  /**
   * Admits `n` addresses (n ≥ 1) for the client `clientHash` on the UTC day of `nowMs`, counting them
   * when admitted. Refused when the client's count or the deployment's would pass its limit; the
   * refusal says which and when the next day starts (ms since the epoch).
   */
  async take(clientHash: string, n: number, limits: BudgetLimits, nowMs: number): Promise<BudgetAdmission> {
    const day = utcDay(nowMs);
    this.sql.exec('DELETE FROM counts WHERE day < ?', day);
    const retryAtMs = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
    if (this.count(day, clientHash) + n > limits.perClient) return { ok: false, scope: 'client', retryAtMs };
    if (this.count(day, TOTAL_KEY) + n > limits.total) return { ok: false, scope: 'total', retryAtMs };
    this.add(day, clientHash, n);
    this.add(day, TOTAL_KEY, n);
    return { ok: true };
  }

  /**
   * Admits one mail to the provider on the UTC day of `nowMs` when the day's count stays within
   * `cap` (mails a day; 0: none), counting it (one row written); refused (nothing written) until the
   * next day's start otherwise.
   */
  async takeMail(cap: number, nowMs: number): Promise<MailAdmission> {
    const day = utcDay(nowMs);
    this.sql.exec('DELETE FROM counts WHERE day < ?', day);
    if (this.count(day, MAIL_KEY) + 1 > cap)
      return { ok: false, retryAtMs: (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS };
    this.add(day, MAIL_KEY, 1);
    return { ok: true };
  }

  /**
   * The provider refused a mail past its own quota on the day of `nowMs`: the day's count becomes at
   * least `cap`, so no further mail is offered to it before the next day (one row written, once).
   */
  async mailQuotaReached(cap: number, nowMs: number): Promise<void> {
    const day = utcDay(nowMs);
    const n = this.count(day, MAIL_KEY);
    if (n < cap) this.add(day, MAIL_KEY, cap - n);
  }
}

/**
 * The daily cap on e-mail addresses given at match creation (worker/notify/budget-do.ts holds the
 * counts). Limits come from the env: `MAIL_ADDRESSES_PER_CLIENT_DAY` (default 10) per client IP and
 * `MAIL_ADDRESSES_PER_DAY` (default 50) for the whole deployment, per UTC day.
 */
import { keyedHash, type MailKeyEnv } from '../tokens';
import type { BudgetAdmission, BudgetLimits, MailBudgetDurableObject } from './budget-do';
import { MAIL_BUDGET_NAME } from './budget-do';
import type { MailEnv } from './types';

/** Default addresses per client (IP) per UTC day. */
export const DEFAULT_ADDRESSES_PER_CLIENT_DAY = 10;
/** Default addresses for the whole deployment per UTC day. */
export const DEFAULT_ADDRESSES_PER_DAY = 50;

function limitOf(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** The day's limits from the env (a missing or malformed value gives the default). */
export function budgetLimits(
  env: Pick<MailEnv, 'MAIL_ADDRESSES_PER_CLIENT_DAY' | 'MAIL_ADDRESSES_PER_DAY'>,
): BudgetLimits {
  return {
    perClient: limitOf(env.MAIL_ADDRESSES_PER_CLIENT_DAY, DEFAULT_ADDRESSES_PER_CLIENT_DAY),
    total: limitOf(env.MAIL_ADDRESSES_PER_DAY, DEFAULT_ADDRESSES_PER_DAY),
  };
}

/**
 * Who pays for an address and under which limits: the Worker reads both from the request and its
 * vars and hands them to a match object that charges a claim or a settings change.
 */
export interface BudgetPayer {
  /** The client's IP key (routes/http.ts `clientKey`). */
  client: string;
  limits: BudgetLimits;
}

/** The payer of a request: its client key and the limits from `env`. */
export function payerOf(
  env: Pick<MailEnv, 'MAIL_ADDRESSES_PER_CLIENT_DAY' | 'MAIL_ADDRESSES_PER_DAY'>,
  client: string,
): BudgetPayer {
  return { client, limits: budgetLimits(env) };
}

/**
 * Admits `count` e-mail addresses given by `payer` at `nowMs`, counting them under the keyed hash
 * of its client key (tokens.ts `keyedHash`: an IPv4 address is not found again by trying them all).
 * Always admitted when `count` is 0 or the deployment has no `MAIL_BUDGET` binding.
 */
export async function admitAddresses(
  env: Pick<MailEnv, 'MAIL_BUDGET'> & MailKeyEnv,
  payer: BudgetPayer,
  count: number,
  nowMs: number,
): Promise<BudgetAdmission> {
  const ns = env.MAIL_BUDGET as DurableObjectNamespace<MailBudgetDurableObject> | undefined;
  if (count <= 0 || !ns) return { ok: true };
  const stub = ns.get(ns.idFromName(MAIL_BUDGET_NAME));
  return stub.take(await keyedHash(env, `mail-budget:${payer.client}`), count, payer.limits, nowMs);
}

/** The 429 answer of a refused admission: stable code, words for the reader, seconds to wait. */
export function budgetRefusal(
  refused: Extract<BudgetAdmission, { ok: false }>,
  nowMs: number,
): { code: 'mail.daily_limit'; message: string; retryAfterS: number } {
  return {
    code: 'mail.daily_limit',
    message:
      refused.scope === 'client'
        ? 'Too many new e-mail addresses from this client today: play without one, or try again tomorrow.'
        : 'This server takes no more new e-mail addresses today: play without one, or try again tomorrow.',
    retryAfterS: Math.max(1, Math.ceil((refused.retryAtMs - nowMs) / 1000)),
  };
}

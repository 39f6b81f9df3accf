/**
 * New e-mail addresses cost the daily budget of whoever names them (creation, a claim, a settings
 * change), so a match cannot become a way to mail strangers.
 */
import { admitAddresses, type BudgetPayer, budgetRefusal } from '../notify/budget';
import { error, type Reply } from '../reply';
import type { MatchContext } from './context';

/**
 * Charges `count` new e-mail addresses to `payer`'s daily budget (notify/budget.ts): null when
 * admitted, else 429 `mail.daily_limit` with Retry-After (`hint` is added to the message).
 */
export async function payAddresses(
  m: MatchContext,
  payer: BudgetPayer,
  count: number,
  hint = '',
): Promise<Reply | null> {
  if (count === 0) return null;
  const now = Date.now();
  const budget = await admitAddresses(m.env, payer, count, now);
  if (budget.ok) return null;
  const r = budgetRefusal(budget, now);
  return { ...error(429, r.code, `${r.message}${hint}`), headers: { 'Retry-After': String(r.retryAfterS) } };
}
